import { sql } from "kysely";
import type { Executor } from "~/server/audit.server";

/** The fields of a service the API publishes (no picture bytes, no internal ids of people). */
const FIELDS = [
  "s.id",
  "s.name",
  "s.service_catalogue_id",
  "s.category_id",
  "s.short_description",
  "s.description",
  "s.content",
  "s.advantages",
  "s.servicetype",
  "s.art_nr",
  "s.user",
  "s.booking",
  "s.restriction",
  "s.cancelling",
  "s.delivery_time",
  "s.delivery_point",
  "s.reporting",
  "s.serviceprovidercontract",
  "s.customerspecific",
  "s.serviceart",
  "s.plannedchanges",
  "s.servicechangeplanned",
  "s.processingpersonaldata",
  "s.personaldata",
  "s.processingsensitivpersonaldata",
  "s.processingpersonaldatalaw",
  "s.personaldatastorageduration",
  "s.personaldatatransfer",
  "s.costs",
  "s.system",
  "s.position",
  "s.updated_at",
] as const;

/** Names of related rows per service, from one query over a link table. */
async function namesBy(db: Executor, link: "service_owners" | "service_providers" | "service_kpis" | "service_tags", ids: number[]) {
  const target = { service_owners: ["owners", "owner_id"], service_providers: ["providers", "provider_id"], service_kpis: ["kpis", "kpi_id"], service_tags: ["tags", "tag_id"] } as const;
  const [table, column] = target[link];
  const { rows } = await sql<{ service_id: number; name: string }>`
    select l.service_id as service_id, t.name as name from ${sql.table(link)} l join ${sql.table(table)} t on t.id = l.${sql.ref(column)}
    where l.service_id in (${sql.join(ids)}) order by t.name, t.id`.execute(db);
  const map = new Map<number, string[]>();
  for (const row of rows) map.set(Number(row.service_id), [...(map.get(Number(row.service_id)) ?? []), row.name]);
  return map;
}

/**
 * Approved (closed), non-deleted services in id order, each with its category and area names,
 * children (options, responsibilities, links) and relations by name — a fixed number of queries
 * per page, whatever its size.
 */
export async function publishedServices(db: Executor, page: { limit?: number; offset?: number; ids?: number[] }) {
  let query = db
    .selectFrom("services as s")
    .leftJoin("service_categories as k", "k.id", "s.category_id")
    .leftJoin("service_areas as a", "a.id", "k.service_area_id")
    .where("s.status", "=", "closed").where("s.stage", "=", "live")
    .where("s.deleted_at", "is", null);
  if (page.ids) query = query.where("s.id", "in", page.ids.length ? page.ids : [0]);
  const [services, total] = await Promise.all([
    query
      .select([...FIELDS, "k.name as category_name", "a.id as area_id", "a.name as area_name"])
      .orderBy("s.id")
      .$if(page.limit !== undefined, (q) => q.limit(page.limit!).offset(page.offset ?? 0))
      .execute(),
    query.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const ids = services.map((s) => s.id);
  if (ids.length === 0) return { rows: [], total: Number(total.n) };
  const [options, responsibilities, links, dependencies, owners, providers, kpis, tags] = await Promise.all([
    db.selectFrom("service_options").select(["service_id", "name", "short_description", "description", "art_nr", "costs", "position"]).where("service_id", "in", ids).orderBy("position").orderBy("id").execute(),
    db.selectFrom("responsibilities").select(["service_id", "pos", "description", "client", "it"]).where("service_id", "in", ids).orderBy("pos").orderBy("id").execute(),
    db.selectFrom("service_links").select(["service_id", "url", "position"]).where("service_id", "in", ids).orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("service_dependencies as d")
      .innerJoin("services as r", "r.id", "d.required_service_id")
      .select(["d.service_id", "r.name"])
      .where("d.service_id", "in", ids)
      .where("r.deleted_at", "is", null)
      .orderBy("r.name")
      .execute(),
    namesBy(db, "service_owners", ids),
    namesBy(db, "service_providers", ids),
    namesBy(db, "service_kpis", ids),
    namesBy(db, "service_tags", ids),
  ]);
  const of = <T extends { service_id: number }>(rows: T[], id: number) => rows.filter((r) => r.service_id === id).map(({ service_id: _, ...rest }) => rest);
  const rows = services.map((s) => ({
    ...s,
    options: of(options, s.id),
    responsibilities: of(responsibilities, s.id).map((r) => ({ ...r, client: Number(r.client), it: Number(r.it) })),
    links: of(links, s.id),
    owners: owners.get(s.id) ?? [],
    providers: providers.get(s.id) ?? [],
    kpis: kpis.get(s.id) ?? [],
    tags: tags.get(s.id) ?? [],
    required_services: of(dependencies, s.id).map((d) => d.name),
  }));
  return { rows, total: Number(total.n) };
}

export type PublishedService = Awaited<ReturnType<typeof publishedServices>>["rows"][number];
