import { sql, type SqlBool } from "kysely";
import type { Executor } from "../../server/audit.server";
import { reviewCondition } from "~/modules/service/review-cadence.server";

/**
 * Base data shared by every catalogue: their changes appear on each catalogue's dashboard.
 * Services, areas, categories and the catalogue itself appear only on their own catalogue's
 * (an area or category deleted for good has no catalogue left and drops out).
 */
const SHARED_SUBJECTS = ["owner", "kpi", "provider", "tag", "term_definition"];

/** Activities that record a reading, not a change (issue 32 §4): the Word export. */
const READ_EVENTS = ["exported"];

/** The dashboard's figures for one catalogue, in a handful of grouped queries. */
export async function dashboardFigures(db: Executor, catalogueId: number) {
  const live = db.selectFrom("services as s").where("s.deleted_at", "is", null).where("s.service_catalogue_id", "=", catalogueId);
  const now = new Date();
  const [byStatus, byType, withoutOwner, withoutKpi, total, reviewDue, reviewOverdue, changes] = await Promise.all([
    live.select(["s.status as key", (eb) => eb.fn.countAll().as("n")]).groupBy("s.status").execute(),
    live.select(["s.servicetype as key", (eb) => eb.fn.countAll().as("n")]).groupBy("s.servicetype").execute(),
    live
      .where((eb) => eb.not(eb.exists(eb.selectFrom("service_owners as o").select("o.service_id").whereRef("o.service_id", "=", "s.id"))))
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst(),
    live
      .where((eb) => eb.not(eb.exists(eb.selectFrom("service_kpis as k").select("k.service_id").whereRef("k.service_id", "=", "s.id"))))
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst(),
    live.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    // The review cadence (issue 36 §1): the same SQL as the browser's filter the tiles lead to.
    live.where(reviewCondition("due", now)).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    live.where(reviewCondition("overdue", now)).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    db
      .selectFrom("activities as a")
      .leftJoin("services as s", (join) => join.on("a.subject_type", "=", "service").on(sql<SqlBool>`a.subject_id = cast(s.id as varchar(20))`))
      .leftJoin("service_areas as ar", (join) => join.on("a.subject_type", "=", "area").on(sql<SqlBool>`a.subject_id = cast(ar.id as varchar(20))`))
      .leftJoin("service_categories as c", (join) => join.on("a.subject_type", "=", "category").on(sql<SqlBool>`a.subject_id = cast(c.id as varchar(20))`))
      .select([
        "a.id",
        "a.subject_type",
        "a.subject_id",
        "a.event",
        "a.causer_name",
        "a.created_at",
        "a.old_values",
        "a.new_values",
        "s.name as service_name",
        "s.deleted_at as service_deleted_at",
        "ar.name as area_name",
        "c.name as category_name",
      ])
      .where((eb) =>
        eb.or([
          eb("s.service_catalogue_id", "=", catalogueId),
          eb("ar.service_catalogue_id", "=", catalogueId),
          eb("c.service_catalogue_id", "=", catalogueId),
          eb.and([eb("a.subject_type", "=", "catalogue"), eb("a.subject_id", "=", String(catalogueId))]),
          eb("a.subject_type", "in", SHARED_SUBJECTS),
        ]),
      )
      .where("a.event", "not in", READ_EVENTS)
      .orderBy("a.id", "desc")
      .limit(10)
      .execute(),
  ]);
  const counts = (rows: { key: string; n: unknown }[]) => Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  return {
    total: Number(total?.n ?? 0),
    byStatus: counts(byStatus),
    byType: counts(byType),
    withoutOwner: Number(withoutOwner?.n ?? 0),
    withoutKpi: Number(withoutKpi?.n ?? 0),
    reviews: { due: Number(reviewDue?.n ?? 0), overdue: Number(reviewOverdue?.n ?? 0) },
    changes: changes.map(({ old_values, new_values, service_name, area_name, category_name, ...change }) => ({
      ...change,
      service_name,
      subject_name: service_name ?? area_name ?? category_name ?? nameInActivity(new_values) ?? nameInActivity(old_values),
    })),
  };
}

/** The name a record had when it changed, as the activity kept it (a record deleted since has only that). */
function nameInActivity(json: string | null): string | null {
  try {
    const values = json ? (JSON.parse(json) as Record<string, unknown>) : null;
    const name = values?.name ?? values?.title ?? values?.term;
    return typeof name === "string" && name ? name : null;
  } catch {
    return null;
  }
}
