import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { DEFAULT_QUERY, SERVICE_STATUSES, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { COMPLETENESS_FIELDS, type CompletenessField } from "~/modules/catalogue/completeness";
import { filledExpression } from "~/modules/catalogue/completeness.server";
import { serviceFilterConditions } from "~/modules/catalogue/service-search.server";
import { dayStartIso } from "~/modules/logs/logs-query";
import type { Executor } from "~/server/audit.server";
import type { Database } from "~/server/db/schema";
import { LIST_FILTERS } from "./report-lists";
import type { ServiceStage } from "~/modules/service/service-stage";

/**
 * The reports' figures (docs/decisions/0035-sla-and-reports.md), aggregated in SQL on SQLite and
 * Postgres: one scan for the completeness and staleness sums, one grouped query per chart, one
 * query per list page. Every figure counts the catalogue's live services (binned ones never),
 * the same services every role reads in the catalogue browser, and the lists use the browser's
 * own filter SQL, so a figure and the browser list it links to always agree.
 */

type EB = ExpressionBuilder<Database & { s: Database["services"] }, "s">;

/** The catalogue's services outside the bin, in these lifecycle stages (none: every stage). */
function live(catalogueId: number, stages: readonly ServiceStage[] = []) {
  return (eb: EB): Expression<SqlBool> =>
    eb.and([eb("s.service_catalogue_id", "=", catalogueId), eb("s.deleted_at", "is", null), ...(stages.length ? [eb("s.stage", "in", [...stages])] : [])]);
}

const num = (value: unknown) => Number(value ?? 0);

export interface CompletenessSummary {
  total: number;
  /** Services without the field, per completeness field. */
  missing: Record<CompletenessField, number>;
  /** Services with every field filled. */
  complete: number;
  /** Mean share of filled fields over all services, whole per cent (0 without services). */
  averagePercent: number;
  /** Services last changed before the cutoff day. */
  stale: number;
}

/** One scan over the catalogue's live services: the fields each misses, how many are complete, how many are stale. */
export async function completenessSummary(db: Executor, catalogueId: number, cutoff: string, stages: readonly ServiceStage[] = []): Promise<CompletenessSummary> {
  const before = dayStartIso(cutoff);
  const perService = db
    .selectFrom("services as s")
    .where(live(catalogueId, stages))
    .select([
      ...COMPLETENESS_FIELDS.map((f) => filledExpression(f).as(`f_${f}`)),
      sql<number>`case when s.updated_at < ${before} then 1 else 0 end`.as("stale"),
    ]);
  const filledSum = sql.join(
    COMPLETENESS_FIELDS.map((f) => sql.ref(`x.f_${f}`)),
    sql` + `,
  );
  const row = await db
    .selectFrom(perService.as("x"))
    .select([
      sql<number>`count(*)`.as("total"),
      ...COMPLETENESS_FIELDS.map((f) => sql<number>`sum(1 - ${sql.ref(`x.f_${f}`)})`.as(`m_${f}`)),
      sql<number>`sum(${filledSum})`.as("filled"),
      sql<number>`sum(case when ${filledSum} = ${COMPLETENESS_FIELDS.length} then 1 else 0 end)`.as("complete"),
      sql<number>`sum(x.stale)`.as("stale"),
    ])
    .executeTakeFirstOrThrow();
  const values = row as unknown as Record<string, unknown>;
  const total = num(values.total);
  return {
    total,
    missing: Object.fromEntries(COMPLETENESS_FIELDS.map((f) => [f, num(values[`m_${f}`])])) as Record<CompletenessField, number>,
    complete: num(values.complete),
    averagePercent: total ? Math.round((num(values.filled) / (total * COMPLETENESS_FIELDS.length)) * 100) : 0,
    stale: num(values.stale),
  };
}

/** Live services per status, every status present (0 when none). */
export async function countsByStatus(db: Executor, catalogueId: number, stages: readonly ServiceStage[] = []): Promise<{ status: (typeof SERVICE_STATUSES)[number]; count: number }[]> {
  const rows = await db
    .selectFrom("services as s")
    .where(live(catalogueId, stages))
    .select(["s.status", (eb) => eb.fn.countAll().as("n")])
    .groupBy("s.status")
    .execute();
  const by = new Map(rows.map((r) => [r.status, num(r.n)]));
  return SERVICE_STATUSES.map((status) => ({ status, count: by.get(status) ?? 0 }));
}

const RELATIONS = {
  owner: { join: "service_owners", fk: "owner_id", table: "owners" },
  provider: { join: "service_providers", fk: "provider_id", table: "providers" },
  tag: { join: "service_tags", fk: "tag_id", table: "tags" },
} as const;
export type ReportRelation = keyof typeof RELATIONS;

/**
 * Live services per owner, provider or tag (a service with two owners counts for both), most
 * first; only those the catalogue uses. "Without any" is the summary's missing count.
 */
export async function countsByRelation(db: Executor, catalogueId: number, relation: ReportRelation, stages: readonly ServiceStage[] = []): Promise<{ id: number; name: string; count: number }[]> {
  const { join, fk, table } = RELATIONS[relation];
  const { rows } = await sql<{ id: number; name: string; n: number | string }>`
    select b.id, b.name, count(*) as n
    from ${sql.table(join)} j
    join services s on s.id = j.service_id
    join ${sql.table(table)} b on b.id = ${sql.ref(`j.${fk}`)}
    where s.service_catalogue_id = ${catalogueId} and s.deleted_at is null ${stages.length ? sql`and s.stage in (${sql.join([...stages])})` : sql``}
    group by b.id, b.name
    order by count(*) desc, lower(b.name), b.id`.execute(db);
  return rows.map((r) => ({ id: r.id, name: r.name, count: num(r.n) }));
}

export interface ReportServiceRow {
  id: number;
  name: string;
  category: string | null;
  status: string;
  updated_at: string;
}

export interface CompletenessRow extends ReportServiceRow {
  /** The completeness fields this service lacks, in the list's order. */
  missing: CompletenessField[];
  percent: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** `limit: null` reads every row (the CSV files). */
type PageSpec = { page: number; size: number | null };

function pageOf(total: number, spec: PageSpec) {
  const pageCount = spec.size ? Math.max(1, Math.ceil(total / spec.size)) : 1;
  const page = Math.min(spec.page, pageCount);
  return { page, pageCount, offset: spec.size ? (page - 1) * spec.size : 0 };
}

/** Services by completeness, least complete first (then by name): what to fix first. */
export async function completenessList(db: Executor, catalogueId: number, total: number, spec: PageSpec, stages: readonly ServiceStage[] = []): Promise<Paged<CompletenessRow>> {
  const { page, pageCount, offset } = pageOf(total, spec);
  const score = sql<number>`(${sql.join(
    COMPLETENESS_FIELDS.map((f) => filledExpression(f)),
    sql` + `,
  )})`;
  const ranked = db
    .selectFrom("services as s")
    .where(live(catalogueId, stages))
    .select(["s.id", score.as("score")])
    .orderBy("score", "asc")
    .orderBy(sql`lower(s.name)`, "asc")
    .orderBy("s.id", "asc")
    .$if(spec.size !== null, (q) => q.limit(spec.size ?? 0).offset(offset));
  const rows = await db
    .selectFrom("services as s")
    .innerJoin(ranked.as("x"), "x.id", "s.id")
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.name", "c.name as category", "s.status", "s.updated_at", "x.score", ...COMPLETENESS_FIELDS.map((f) => filledExpression(f).as(`f_${f}`))])
    .orderBy("x.score", "asc")
    .orderBy(sql`lower(s.name)`, "asc")
    .orderBy("s.id", "asc")
    .execute();
  return {
    rows: rows.map((r) => {
      const values = r as unknown as Record<string, unknown>;
      return {
        id: r.id,
        name: r.name,
        category: r.category,
        status: r.status,
        updated_at: r.updated_at,
        missing: COMPLETENESS_FIELDS.filter((f) => num(values[`f_${f}`]) === 0),
        percent: Math.round((num(r.score) / COMPLETENESS_FIELDS.length) * 100),
      };
    }),
    total,
    page,
    pageCount,
  };
}

/**
 * A list the browser can show too: the browser's filter SQL and order (`filter`), paged. Used for
 * "not changed since" (oldest change first) and "without owner / service level" (by name).
 */
async function browserList(db: Executor, catalogueId: number, filter: Partial<CatalogueQuery>, total: number, spec: PageSpec): Promise<Paged<ReportServiceRow>> {
  const { page, pageCount, offset } = pageOf(total, spec);
  const where = await serviceFilterConditions(db, catalogueId, { ...DEFAULT_QUERY, ...filter });
  const order = filter.sort === "editDate" ? sql`s.updated_at` : sql`lower(s.name)`;
  const rows = await db
    .selectFrom("services as s")
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .where(where)
    .select(["s.id", "s.name", "c.name as category", "s.status", "s.updated_at"])
    .orderBy(order, "asc")
    .orderBy("s.id", "asc")
    .$if(spec.size !== null, (q) => q.limit(spec.size ?? 0).offset(offset))
    .execute();
  return { rows, total, page, pageCount };
}

export function staleList(db: Executor, catalogueId: number, cutoff: string, total: number, spec: PageSpec, stages: readonly ServiceStage[] = []) {
  return browserList(db, catalogueId, { ...LIST_FILTERS.stale(cutoff), stages: [...stages] }, total, spec);
}

export function missingList(db: Executor, catalogueId: number, field: "owner" | "kpi", total: number, spec: PageSpec, stages: readonly ServiceStage[] = []) {
  return browserList(db, catalogueId, { ...(field === "owner" ? LIST_FILTERS.unowned() : LIST_FILTERS.nolevel()), stages: [...stages] }, total, spec);
}
