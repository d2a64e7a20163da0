import { sql, type Expression } from "kysely";
import { STATIC_CATALOGUE_ID } from "~/modules/catalogue/catalogue-title";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction } from "../../server/db-helpers.server";
import { NotFoundError } from "../../server/errors.server";
import { closeCategoryGaps, lockCategories } from "~/modules/service/service-placement.server";

export interface CatalogueName {
  id: number;
  title: string | null;
  frameTitle: string | null;
}
export interface CatalogueCounts {
  services: number;
  areas: number;
  categories: number;
}
export type CatalogueSummary = CatalogueName & CatalogueCounts;

/** The catalogues with what their titles are made of (spec 01 §3), without counting anything. */
export async function listCatalogueNames(db: Executor): Promise<CatalogueName[]> {
  return db
    .selectFrom("service_catalogues as c")
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "c.id")
    .select(["c.id", "c.title", "f.title as frameTitle"])
    .orderBy("c.id")
    .execute();
}

/** Live services, areas and categories of the catalogue `id` refers to (a column or a value). */
function sizeColumns(id: Expression<number> | number) {
  return [
    sql<number>`(select count(*) from services s where s.service_catalogue_id = ${id} and s.deleted_at is null)`.as("services"),
    sql<number>`(select count(*) from service_areas a where a.service_catalogue_id = ${id})`.as("areas"),
    sql<number>`(select count(*) from service_categories k where k.service_catalogue_id = ${id})`.as("categories"),
  ];
}
// Postgres returns count(*) as a string.
const sizeOf = (r: { services: number | string; areas: number | string; categories: number | string }): CatalogueCounts => ({
  services: Number(r.services),
  areas: Number(r.areas),
  categories: Number(r.categories),
});

/** Live services, areas and categories of one catalogue. */
export async function catalogueCounts(db: Executor, id: number): Promise<CatalogueCounts> {
  return sizeOf(await db.selectNoFrom(sizeColumns(id)).executeTakeFirstOrThrow());
}

/** Every catalogue with its counts (binned services excluded), the static one first. */
export async function listCatalogues(db: Executor): Promise<CatalogueSummary[]> {
  const rows = await db
    .selectFrom("service_catalogues as c")
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "c.id")
    .select(["c.id", "c.title", "f.title as frameTitle", ...sizeColumns(sql.ref("c.id"))])
    .orderBy("c.id")
    .execute();
  return rows.map((r) => ({ ...r, ...sizeOf(r) }));
}

export async function getCatalogue(db: Executor, id: number) {
  return db
    .selectFrom("service_catalogues as c")
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "c.id")
    .select(["c.id", "c.title", "f.title as frameTitle"])
    .where("c.id", "=", id)
    .executeTakeFirst();
}

export async function createCatalogue(db: Executor, title: string, causer: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto("service_catalogues")
      .values({ title, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "catalogue", subjectId: id, event: "created", causer, newValues: { title } });
    return id;
  });
}

function readSettings(raw: string | null | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The user's current catalogue (kept in their settings, so it survives reloads and devices);
 * falls back to the first regular catalogue, else the static one.
 */
export async function getCurrentCatalogueId(db: Executor, userId: number): Promise<number> {
  const user = await db.selectFrom("users").select("settings").where("id", "=", userId).executeTakeFirst();
  const wanted = Number(readSettings(user?.settings).currentCatalogueId);
  if (Number.isSafeInteger(wanted) && (await getCatalogue(db, wanted))) return wanted;
  const first = await db.selectFrom("service_catalogues").select("id").where("id", ">", 0).orderBy("id").executeTakeFirst();
  return first?.id ?? STATIC_CATALOGUE_ID;
}

export async function setCurrentCatalogue(db: Executor, userId: number, catalogueId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await getCatalogue(trx, catalogueId))) throw new NotFoundError("catalogue");
    const user = await trx.selectFrom("users").select("settings").where("id", "=", userId).executeTakeFirstOrThrow();
    const settings = { ...readSettings(user.settings), currentCatalogueId: catalogueId };
    await trx.updateTable("users").set({ settings: JSON.stringify(settings) }).where("id", "=", userId).execute();
  });
}

/** The service-area feature (spec 02 §3): when inactive, the area level is hidden everywhere. */
export async function isServiceAreaActive(db: Executor): Promise<boolean> {
  const row = await db.selectFrom("service_area_config").select("active").where("id", "=", 1).executeTakeFirst();
  return row ? row.active === 1 : true;
}

export class EmptySelectionError extends Error {
  constructor() {
    super("empty selection");
  }
}

/** The categories the live services among `serviceIds` sit in, other than `staying` (which move along). */
async function categoriesLeft(db: Executor, serviceIds: number[], staying: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom("services")
    .select("category_id")
    .distinct()
    .where("id", "in", serviceIds)
    .where("deleted_at", "is", null)
    .where("category_id", "is not", null)
    .$if(staying.length > 0, (qb) => qb.where("category_id", "not in", staying))
    .execute();
  return rows.map((r) => r.category_id as number);
}

/**
 * Moves the selection to another catalogue. A chosen area takes its categories and their
 * services along, a chosen category its services (spec 01 §4 selection rules, applied on the
 * server so they hold without JS). A service whose category stays behind arrives without a
 * category, and the category it left closes its gap. Returns how many services moved.
 */
export async function moveSelectionToCatalogue(
  db: Executor,
  selection: { areas: number[]; categories: number[]; services: number[] },
  targetCatalogueId: number,
  causer: Causer,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    if (!(await getCatalogue(trx, targetCatalogueId))) throw new NotFoundError("catalogue");
    const areaIds = [...new Set(selection.areas)];
    const fromAreas = areaIds.length
      ? (await trx.selectFrom("service_categories").select("id").where("service_area_id", "in", areaIds).execute()).map((r) => r.id)
      : [];
    const categoryIds = [...new Set([...selection.categories, ...fromAreas])];
    const fromCategories = categoryIds.length
      ? (
          await trx
            .selectFrom("services")
            .select("id")
            .where("category_id", "in", categoryIds)
            .where("deleted_at", "is", null)
            .execute()
        ).map((r) => r.id)
      : [];
    const serviceIds = [...new Set([...selection.services, ...fromCategories])];
    if (!areaIds.length && !categoryIds.length && !serviceIds.length) throw new EmptySelectionError();
    // Services whose category stays behind leave it, and its gap closes (decision 0060). Every
    // category row this writes is locked first, in id order, as every placement does.
    let left = serviceIds.length ? await categoriesLeft(trx, serviceIds, categoryIds) : [];
    await lockCategories(trx, [...categoryIds, ...left]);
    // Read again under the locks: a service moved meanwhile may have left yet another category
    // (rare; that one is locked too, and a deadlock is retried by inTransaction).
    for (let unlocked = [0]; unlocked.length && serviceIds.length; ) {
      const now = await categoriesLeft(trx, serviceIds, categoryIds);
      unlocked = now.filter((id) => !left.includes(id));
      if (unlocked.length) await lockCategories(trx, unlocked);
      left = [...new Set([...left, ...now])];
    }
    const now = nowIso();
    if (areaIds.length) await trx.updateTable("service_areas").set({ service_catalogue_id: targetCatalogueId, updated_at: now }).where("id", "in", areaIds).execute();
    if (categoryIds.length)
      await trx
        .updateTable("service_categories")
        .set((eb) => ({
          service_catalogue_id: targetCatalogueId,
          updated_at: now,
          // A category whose area stays behind stands on its own in the target catalogue.
          service_area_id: areaIds.length
            ? eb.case().when("service_area_id", "in", areaIds).then(eb.ref("service_area_id")).else(null).end()
            : null,
        }))
        .where("id", "in", categoryIds)
        .execute();
    if (serviceIds.length) {
      await trx
        .updateTable("services")
        .set((eb) => ({
          service_catalogue_id: targetCatalogueId,
          updated_at: now,
          updated_by: causer.id,
          category_id: categoryIds.length
            ? eb.case().when("category_id", "in", categoryIds).then(eb.ref("category_id")).else(null).end()
            : null,
        }))
        .where("id", "in", serviceIds)
        .where("deleted_at", "is", null)
        .execute();
      await closeCategoryGaps(trx, left);
    }
    await recordActivity(trx, {
      subjectType: "catalogue",
      subjectId: targetCatalogueId,
      event: "services_moved_in",
      causer,
      newValues: { areas: areaIds, categories: categoryIds, services: serviceIds },
    });
    return serviceIds.length;
  });
}
