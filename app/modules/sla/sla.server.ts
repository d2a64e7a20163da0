import type { ServiceStage } from "~/modules/service/service-stage";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { termCondition } from "~/modules/catalogue/service-search.server";
import type { Executor } from "~/server/audit.server";
import type { Database } from "~/server/db/schema";
import { NO_PROVIDER, SLA_PAGE_SIZE } from "./sla-query";

/**
 * The SLA overview (docs/decisions/0035-sla-and-reports.md): the services that have service
 * levels, each with its levels' definition, calculation and measuring points, grouped by
 * provider (a service with two providers is in both groups; services without a provider form
 * the last group). Paged by (provider, service) entries, so 10,000 services cost one page of
 * rows plus one query for their levels. Every role reads what the catalogue browser shows it:
 * the live services of the catalogue.
 */

export interface SlaFilter {
  /** null: every catalogue. */
  catalogueId: number | null;
  provider: number | typeof NO_PROVIDER | null;
  kpi: number | null;
  q: string;
  stage?: ServiceStage | null;
}

export interface SlaLevel {
  id: number;
  name: string;
  definition: string | null;
  calculation: string | null;
  measuring_points: string | null;
}

export interface SlaService {
  id: number;
  name: string;
  category: string | null;
  status: string;
  levels: SlaLevel[];
}

export interface SlaGroup {
  provider: { id: number; name: string } | null;
  services: SlaService[];
}

type EB = ExpressionBuilder<Database & { s: Database["services"] }, "s">;

function matching(db: Executor, filter: SlaFilter, withLevel: boolean) {
  const term = termCondition(db, filter.q);
  return (eb: EB): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [eb("s.deleted_at", "is", null)];
    if (filter.catalogueId !== null) and.push(eb("s.service_catalogue_id", "=", filter.catalogueId));
    if (term) and.push(term);
    if (filter.stage) and.push(eb("s.stage", "=", filter.stage));
    const levels = eb.selectFrom("service_kpis as sk").select("sk.service_id").whereRef("sk.service_id", "=", "s.id");
    const level = filter.kpi === null ? levels : levels.where("sk.kpi_id", "=", filter.kpi);
    and.push(withLevel ? eb.exists(level) : eb.not(eb.exists(levels)));
    const providers = eb.selectFrom("service_providers as fp").select("fp.service_id").whereRef("fp.service_id", "=", "s.id");
    if (filter.provider === NO_PROVIDER) and.push(eb.not(eb.exists(providers)));
    else if (filter.provider !== null) and.push(eb.exists(providers.where("fp.provider_id", "=", filter.provider)));
    return eb.and(and);
  };
}

/** The (provider, service) entries of the filter: a service once per provider, or once without. */
function entries(db: Executor, filter: SlaFilter) {
  return db
    .selectFrom("services as s")
    .leftJoin("service_providers as sp", (join) => {
      const on = join.onRef("sp.service_id", "=", "s.id");
      return typeof filter.provider === "number" ? on.on("sp.provider_id", "=", filter.provider) : on;
    })
    .leftJoin("providers as p", "p.id", "sp.provider_id")
    .where(matching(db, filter, true));
}

export async function slaOverview(db: Executor, filter: SlaFilter, requestedPage: number, pageSize = SLA_PAGE_SIZE) {
  const [countRow, withoutLevel] = await Promise.all([
    entries(db, filter)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("services as s")
      .where(matching(db, { ...filter, kpi: null }, false))
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(countRow.n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requestedPage, pageCount);
  const rows = await entries(db, filter)
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.name", "s.status", "c.name as category", "p.id as providerId", "p.name as providerName"])
    .orderBy(sql`case when p.id is null then 1 else 0 end`)
    .orderBy(sql`lower(p.name)`)
    .orderBy("p.id")
    .orderBy(sql`lower(s.name)`)
    .orderBy("s.id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const levels = await levelsOf(db, [...new Set(rows.map((r) => r.id))], filter.kpi);
  const groups: SlaGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || (group.provider?.id ?? null) !== row.providerId) {
      group = { provider: row.providerId === null ? null : { id: row.providerId, name: row.providerName ?? "" }, services: [] };
      groups.push(group);
    }
    group.services.push({ id: row.id, name: row.name, category: row.category, status: row.status, levels: levels.get(row.id) ?? [] });
  }
  return { groups, total, page, pageCount, withoutLevel: Number(withoutLevel.n) };
}

/** The levels of these services (only `kpi` when a level is chosen), by name; one query. */
async function levelsOf(db: Executor, serviceIds: number[], kpi: number | null): Promise<Map<number, SlaLevel[]>> {
  const out = new Map<number, SlaLevel[]>();
  if (!serviceIds.length) return out;
  const rows = await db
    .selectFrom("service_kpis as sk")
    .innerJoin("kpis as k", "k.id", "sk.kpi_id")
    .where("sk.service_id", "in", serviceIds)
    .$if(kpi !== null, (q) => q.where("k.id", "=", kpi ?? 0))
    .select(["sk.service_id", "k.id", "k.name", "k.definition", "k.calculation", "k.measuring_points"])
    .orderBy(sql`lower(k.name)`)
    .orderBy("k.id")
    .execute();
  for (const { service_id, ...level } of rows) {
    const list = out.get(service_id) ?? [];
    list.push(level);
    out.set(service_id, list);
  }
  return out;
}

/** The choices of the filter form. */
export async function slaOptions(db: Executor) {
  const [providers, kpis] = await Promise.all([
    db.selectFrom("providers").select(["id", "name"]).orderBy(sql`lower(name)`).orderBy("id").execute(),
    db.selectFrom("kpis").select(["id", "name"]).orderBy(sql`lower(name)`).orderBy("id").execute(),
  ]);
  return { providers, kpis };
}
