/**
 * Reading a service's life cycle: its derivatives and lineage, the categories a copy or a restore
 * may go to, and the bin's page of trashed services.
 */
import { sql } from "kysely";
import type { CatalogueNaming } from "~/modules/catalogue/catalogue-title";
import type { Executor } from "../../server/audit.server";

export const BIN_PAGE_SIZE = 50;

export interface Derivative {
  id: number;
  name: string;
  /** The service it was derived from (the root or another derivative). */
  parentId: number | null;
  /** For `catalogueTitle(t, …)`; null when the service has no catalogue. */
  catalogue: CatalogueNaming | null;
}

/**
 * All live descendants of a service through `parent_service_id`, by name. Walks only through
 * live services (a derivative whose parent is in the bin was restored on its own and is detached
 * from the chain until its parent comes back). `union` makes the walk stop on cycles.
 */
export async function derivativesOf(db: Executor, serviceId: number): Promise<Derivative[]> {
  const { rows } = await sql<{
    id: number;
    name: string;
    parentId: number | null;
    catalogueId: number | null;
    catalogueTitle: string | null;
    frameTitle: string | null;
  }>`
    with recursive tree(id) as (
      select s.id from services s where s.parent_service_id = ${serviceId} and s.deleted_at is null
      union
      select s.id from services s join tree t on s.parent_service_id = t.id where s.deleted_at is null
    )
    select s.id, s.name, s.parent_service_id as "parentId", s.service_catalogue_id as "catalogueId",
           c.title as "catalogueTitle", f.title as "frameTitle"
    from tree t
    join services s on s.id = t.id
    left join service_catalogues c on c.id = s.service_catalogue_id
    left join catalog_frames f on f.service_catalogue_id = s.service_catalogue_id
    where s.id <> ${serviceId}
    order by lower(s.name), s.id`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    parentId: r.parentId == null ? null : Number(r.parentId),
    catalogue: r.catalogueId == null ? null : { id: Number(r.catalogueId), title: r.catalogueTitle, frameTitle: r.frameTitle },
  }));
}

/** The service page's lineage: its live source (if any) and its live derivatives. */
export async function serviceLineage(db: Executor, serviceId: number) {
  const [parent, derivatives] = await Promise.all([
    db
      .selectFrom("services as s")
      .innerJoin("services as p", "p.id", "s.parent_service_id")
      .select(["p.id", "p.name"])
      .where("s.id", "=", serviceId)
      .where("p.deleted_at", "is", null)
      .executeTakeFirst(),
    derivativesOf(db, serviceId),
  ]);
  return { parent: parent ?? null, derivatives };
}

export interface ServiceHead {
  id: number;
  name: string;
  updated_at: string;
  category_id: number | null;
  service_catalogue_id: number | null;
  deleted_at: string | null;
}

/** The few fields the lifecycle dialogs need, of a live or of a trashed service; undefined otherwise. */
export async function findServiceHead(db: Executor, serviceId: number, state: "live" | "trashed"): Promise<ServiceHead | undefined> {
  return db
    .selectFrom("services")
    .select(["id", "name", "updated_at", "category_id", "service_catalogue_id", "deleted_at"])
    .where("id", "=", serviceId)
    .where("deleted_at", state === "live" ? "is" : "is not", null)
    .executeTakeFirst();
}

export interface CategoryChoiceGroup {
  catalogue: CatalogueNaming;
  categories: { id: number; name: string; areaName: string | null }[];
}

/**
 * Every category, grouped by catalogue (static catalogue first, then by id), for the target
 * pickers; `excludeCatalogueId` leaves out one catalogue (a derivative's source catalogue).
 */
export async function categoryChoices(db: Executor, opts: { excludeCatalogueId?: number | null } = {}): Promise<CategoryChoiceGroup[]> {
  const rows = await db
    .selectFrom("service_categories as k")
    .innerJoin("service_catalogues as c", "c.id", "k.service_catalogue_id")
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "c.id")
    .leftJoin("service_areas as a", "a.id", "k.service_area_id")
    .select(["k.id", "k.name", "a.name as areaName", "c.id as catalogueId", "c.title as catalogueTitle", "f.title as frameTitle"])
    .$if(opts.excludeCatalogueId != null, (qb) => qb.where("c.id", "<>", opts.excludeCatalogueId!))
    .orderBy("c.id")
    .orderBy(sql`coalesce(a.position, -1)`)
    .orderBy(sql`lower(coalesce(a.name, ''))`)
    .orderBy("k.position")
    .orderBy(sql`lower(k.name)`)
    .orderBy("k.id")
    .execute();
  const groups = new Map<number, CategoryChoiceGroup>();
  for (const r of rows) {
    let group = groups.get(r.catalogueId);
    if (!group) {
      group = { catalogue: { id: r.catalogueId, title: r.catalogueTitle, frameTitle: r.frameTitle }, categories: [] };
      groups.set(r.catalogueId, group);
    }
    group.categories.push({ id: r.id, name: r.name, areaName: r.areaName });
  }
  return [...groups.values()];
}

export interface TrashedService {
  id: number;
  name: string;
  catalogue: CatalogueNaming | null;
  /** Null when the category no longer exists (restoring then asks for a target). */
  category: { id: number; name: string } | null;
  /** The live or trashed service it was derived from, if any. */
  parent: { id: number; name: string } | null;
  deleted_at: string;
  deleted_by: string | null;
}

/** The bin: trashed services, newest first, 50 per page. */
export async function listTrashed(db: Executor, { page = 1 }: { page?: number } = {}) {
  const countRow = await db
    .selectFrom("services")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / BIN_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .selectFrom("services as s")
    .leftJoin("service_catalogues as c", "c.id", "s.service_catalogue_id")
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "s.service_catalogue_id")
    .leftJoin("service_categories as k", "k.id", "s.category_id")
    .leftJoin("services as p", "p.id", "s.parent_service_id")
    .leftJoin("users as u", "u.id", "s.deleted_by")
    .select([
      "s.id",
      "s.name",
      "s.deleted_at",
      "c.id as catalogueId",
      "c.title as catalogueTitle",
      "f.title as frameTitle",
      "k.id as categoryId",
      "k.name as categoryName",
      "p.id as parentId",
      "p.name as parentName",
      "u.name as deletedBy",
    ])
    .where("s.deleted_at", "is not", null)
    .orderBy("s.deleted_at", "desc")
    .orderBy("s.id", "desc")
    .limit(BIN_PAGE_SIZE)
    .offset((current - 1) * BIN_PAGE_SIZE)
    .execute();
  const items: TrashedService[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    catalogue: r.catalogueId == null ? null : { id: r.catalogueId, title: r.catalogueTitle, frameTitle: r.frameTitle },
    category: r.categoryId == null || r.categoryName == null ? null : { id: r.categoryId, name: r.categoryName },
    parent: r.parentId == null || r.parentName == null ? null : { id: r.parentId, name: r.parentName },
    deleted_at: r.deleted_at!,
    deleted_by: r.deletedBy,
  }));
  return { items, total, page: current, pageCount };
}
