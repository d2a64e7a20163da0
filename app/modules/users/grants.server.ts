import { sql } from "kysely";
import type { Role } from "~/modules/access/roles";
import { STATIC_CATALOGUE_ID } from "~/modules/catalogue/catalogue-title";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { NotFoundError } from "~/server/errors.server";
import { nowIso } from "~/lib/time";
import type { GrantCatalogue, GrantService, GrantUser } from "./grants-schema";

/*
 * A user's edit grants (issue 13 §2, §3): per category (`user_category_permissions`) and per
 * service (`user_service_permissions`), and the word-export flag (the organisation's export licence is wordexport/export-licence-page.server.ts). A `user`
 * account's edit rights are computed from these tables on every request
 * (access/permissions.server.ts), so a change here takes effect on the user's next request.
 * Every write is idempotent (nothing changed → nothing written, no activity) and records its
 * activity in the same transaction, naming the category or service by id and name so the log
 * stays readable after a deletion.
 */

/** The services of an opened category shown per page: a big catalogue has ~1,000 per category. */
export const SERVICES_PER_PAGE = 100;

/** The user whose grants are shown; undefined for an unknown id. */
export async function findGrantUser(db: Executor, userId: number): Promise<GrantUser | undefined> {
  const row = await db.selectFrom("users").select(["id", "name", "email", "role", "word_export"]).where("id", "=", userId).executeTakeFirst();
  return row && { id: row.id, name: row.name, email: row.email, role: row.role as Role, wordExport: row.word_export === 1 };
}

/**
 * Every catalogue with its categories grouped by area, each category with whether it is granted
 * and how many of its (live) services are granted one by one — in four queries, whatever the size.
 * The static catalogue is left out while it has no categories.
 */
export async function grantOverview(db: Executor, userId: number): Promise<{ catalogues: GrantCatalogue[]; grantedServices: number }> {
  const [catalogues, categories, serviceGrants, grantedServices] = await Promise.all([
    db
      .selectFrom("service_catalogues as c")
      .leftJoin("catalog_frames as f", "f.service_catalogue_id", "c.id")
      .select(["c.id", "c.title", "f.title as frameTitle"])
      .orderBy("c.id")
      .execute(),
    db
      .selectFrom("service_categories as k")
      .innerJoin("service_catalogues as c", "c.id", "k.service_catalogue_id")
      .leftJoin("service_areas as a", "a.id", "k.service_area_id")
      .leftJoin("user_category_permissions as p", (join) => join.onRef("p.category_id", "=", "k.id").on("p.user_id", "=", userId))
      .select(["k.id", "k.name", "c.id as catalogueId", "a.id as areaId", "a.name as areaName", "p.user_id as grantedTo"])
      // Areas in their order, "without area" first; categories in theirs.
      .orderBy("c.id")
      .orderBy(sql`coalesce(a.position, -1)`)
      .orderBy(sql`lower(coalesce(a.name, ''))`)
      .orderBy("a.id")
      .orderBy("k.position")
      .orderBy(sql`lower(k.name)`)
      .orderBy("k.id")
      .execute(),
    db
      .selectFrom("user_service_permissions as p")
      .innerJoin("services as s", "s.id", "p.service_id")
      .select(["s.category_id", (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("p.user_id", "=", userId)
      .where("s.deleted_at", "is", null)
      .groupBy("s.category_id")
      .execute(),
    countLiveServiceGrants(db, userId),
  ]);
  const perCategory = new Map(serviceGrants.map((r) => [r.category_id, Number(r.count)]));
  const byCatalogue = new Map<number, GrantCatalogue>(
    catalogues.map((c) => [c.id, { id: c.id, title: c.title, frameTitle: c.frameTitle, areas: [], categoryCount: 0, grantedCount: 0 }]),
  );
  for (const k of categories) {
    const catalogue = byCatalogue.get(k.catalogueId);
    if (!catalogue) continue;
    let area = catalogue.areas.at(-1);
    if (!area || area.id !== k.areaId) {
      area = { id: k.areaId, name: k.areaName, categories: [] };
      catalogue.areas.push(area);
    }
    const granted = k.grantedTo !== null;
    area.categories.push({ id: k.id, name: k.name, granted, grantedServices: perCategory.get(k.id) ?? 0 });
    catalogue.categoryCount++;
    if (granted) catalogue.grantedCount++;
  }
  const shown = [...byCatalogue.values()].filter((c) => c.id !== STATIC_CATALOGUE_ID || c.categoryCount > 0);
  return { catalogues: shown, grantedServices };
}

async function countLiveServiceGrants(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("user_service_permissions as p")
    .innerJoin("services as s", "s.id", "p.service_id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("p.user_id", "=", userId)
    .where("s.deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of a category's live services with whether each is granted to the user (two
 * queries); undefined when the category does not exist.
 */
export async function categoryServices(db: Executor, userId: number, categoryId: number, page = 1) {
  const category = await db.selectFrom("service_categories").select(["id", "name"]).where("id", "=", categoryId).executeTakeFirst();
  if (!category) return undefined;
  const live = db.selectFrom("services as s").where("s.category_id", "=", categoryId).where("s.deleted_at", "is", null);
  const [total, rows] = await Promise.all([
    live.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow(),
    live
      .leftJoin("user_service_permissions as p", (join) => join.onRef("p.service_id", "=", "s.id").on("p.user_id", "=", userId))
      .select(["s.id", "s.name", "p.user_id as grantedTo"])
      .orderBy("s.position")
      .orderBy("s.id")
      .limit(SERVICES_PER_PAGE)
      .offset((page - 1) * SERVICES_PER_PAGE)
      .execute(),
  ]);
  const count = Number(total.count);
  const services: GrantService[] = rows.map((r) => ({ id: r.id, name: r.name, granted: r.grantedTo !== null }));
  return { category, services, total: count, page, pageCount: Math.max(1, Math.ceil(count / SERVICES_PER_PAGE)) };
}

async function userOr404(db: Executor, userId: number) {
  const user = await db.selectFrom("users").select(["id", "word_export"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new NotFoundError("user");
  return user;
}

/** What a single grant or removal did: whether anything changed (false: it already was so) and the record's name. */
export interface GrantChange {
  changed: boolean;
  name: string;
}

/** The two kinds of single grant: the join table, its column, and the name the activity keeps. */
const GRANT_KINDS = {
  category: { table: "user_category_permissions", column: "category_id" },
  service: { table: "user_service_permissions", column: "service_id" },
} as const;

/**
 * Writes or removes one grant and records it (the record's id and name, so the log stays readable
 * after a deletion). Granting twice or removing what is not there changes and records nothing.
 */
async function writeGrant(trx: Executor, userId: number, kind: keyof typeof GRANT_KINDS, record: { id: number; name: string }, granted: boolean, causer: Causer | null): Promise<GrantChange> {
  const { table, column } = GRANT_KINDS[kind];
  const changed = granted
    ? await trx
        .insertInto(table)
        .values({ user_id: userId, [column]: record.id } as never)
        .onConflict((oc) => oc.columns(["user_id", column] as never).doNothing())
        .executeTakeFirst()
    : await trx.deleteFrom(table).where("user_id", "=", userId).where(sql.ref(column), "=", record.id).executeTakeFirst();
  if (!rowsOf(changed)) return { changed: false, name: record.name };
  const values = { [column]: record.id, [kind]: record.name };
  await recordActivity(trx, {
    subjectType: "user",
    subjectId: userId,
    event: granted ? "permission_granted" : "permission_revoked",
    causer,
    ...(granted ? { newValues: values } : { oldValues: values }),
  });
  return { changed: true, name: record.name };
}

/** Grants or removes one category. NotFoundError for an unknown user or category. */
export async function setCategoryGrant(db: Executor, userId: number, categoryId: number, granted: boolean, causer: Causer | null): Promise<GrantChange> {
  return inTransaction(db, async (trx) => {
    await userOr404(trx, userId);
    const category = await trx.selectFrom("service_categories").select(["id", "name"]).where("id", "=", categoryId).executeTakeFirst();
    if (!category) throw new NotFoundError("category");
    return writeGrant(trx, userId, "category", category, granted, causer);
  });
}

/**
 * Grants or removes one service. A trashed service cannot be granted (the page does not list
 * it), but an old grant on it can still be removed.
 */
export async function setServiceGrant(db: Executor, userId: number, serviceId: number, granted: boolean, causer: Causer | null): Promise<GrantChange> {
  return inTransaction(db, async (trx) => {
    await userOr404(trx, userId);
    const service = await trx.selectFrom("services").select(["id", "name", "deleted_at"]).where("id", "=", serviceId).executeTakeFirst();
    if (!service || (granted && service.deleted_at !== null)) throw new NotFoundError("service");
    return writeGrant(trx, userId, "service", service, granted, causer);
  });
}

/** What "grant all" and "remove all" would touch: all categories, and the user's grants. */
export async function grantCounts(db: Executor, userId: number) {
  const count = sql<number | string>`count(*)`.as("count");
  const [all, categories, services] = await Promise.all([
    db.selectFrom("service_categories as k").innerJoin("service_catalogues as c", "c.id", "k.service_catalogue_id").select(count).executeTakeFirstOrThrow(),
    db.selectFrom("user_category_permissions").select(count).where("user_id", "=", userId).executeTakeFirstOrThrow(),
    db.selectFrom("user_service_permissions").select(count).where("user_id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  return { allCategories: Number(all.count), categories: Number(categories.count), services: Number(services.count) };
}

/** "Grant all": every category of every catalogue; the number newly granted (0: all were). */
export async function grantAllCategories(db: Executor, userId: number, causer: Causer | null): Promise<number> {
  return inTransaction(db, async (trx) => {
    await userOr404(trx, userId);
    const result = await trx
      .insertInto("user_category_permissions")
      .columns(["user_id", "category_id"])
      .expression(
        trx
          .selectFrom("service_categories as k")
          .innerJoin("service_catalogues as c", "c.id", "k.service_catalogue_id")
          .select([sql<number>`cast(${userId} as integer)`.as("user_id"), "k.id as category_id"])
          .where((eb) =>
            eb.not(eb.exists(eb.selectFrom("user_category_permissions as p").select("p.category_id").whereRef("p.category_id", "=", "k.id").where("p.user_id", "=", userId))),
          ),
      )
      // A grant made at the same moment by another request is fine.
      .onConflict((oc) => oc.columns(["user_id", "category_id"]).doNothing())
      .executeTakeFirst();
    const added = rowsOf(result);
    if (added === 0) return 0;
    const total = await trx
      .selectFrom("user_category_permissions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "permissions_granted_all", causer, newValues: { categories_added: added, categories: Number(total.count) } });
    return added;
  });
}

/** "Remove all": every category and service grant of the user; the numbers removed. */
export async function revokeAllGrants(db: Executor, userId: number, causer: Causer | null): Promise<{ categories: number; services: number }> {
  return inTransaction(db, async (trx) => {
    await userOr404(trx, userId);
    const categories = rowsOf(await trx.deleteFrom("user_category_permissions").where("user_id", "=", userId).executeTakeFirst());
    const services = rowsOf(await trx.deleteFrom("user_service_permissions").where("user_id", "=", userId).executeTakeFirst());
    if (categories + services > 0) {
      await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "permissions_revoked_all", causer, oldValues: { categories, services } });
    }
    return { categories, services };
  });
}

/** The user's word-export flag (policy permission "export:word"); false when it already was so. */
export async function setWordExport(db: Executor, userId: number, active: boolean, causer: Causer | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const user = await userOr404(trx, userId);
    const next = active ? 1 : 0;
    if (user.word_export === next) return false;
    await trx.updateTable("users").set({ word_export: next, updated_at: nowIso() }).where("id", "=", userId).execute();
    await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "word_export_changed", causer, oldValues: { word_export: user.word_export === 1 }, newValues: { word_export: active } });
    return true;
  });
}

/** Rows an insert, update or delete touched, from either database's result shape. */
function rowsOf(result: { numInsertedOrUpdatedRows?: bigint; numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined): number {
  return Number(result?.numInsertedOrUpdatedRows ?? result?.numDeletedRows ?? result?.numUpdatedRows ?? 0);
}
