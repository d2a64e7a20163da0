import { sql } from "kysely";
import type { CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import type { NamedStructure } from "~/modules/catalogue/catalogue-structure";
import type { Executor } from "../../server/audit.server";
import { containsIgnoreCase } from "../../server/db-helpers.server";
import { categoryCounts, serviceFilterConditions, type ServiceFilter, type ServiceWhere } from "./service-search.server";

export interface AreaNode {
  id: number;
  name: string;
}
export interface CategoryNode {
  id: number;
  name: string;
  areaId: number | null;
  /** Services matching the current filters. */
  count: number;
}
export interface ServiceChip {
  id: number;
  name: string;
  status: string;
  statuspercent: number;
  servicetype: string;
  category_id: number | null;
  position: number;
}

/** Category id under which services without a category are grouped in tree and map. */
export const UNCATEGORISED = 0;

/**
 * Areas and categories of a catalogue with the number of matching services per category (one
 * grouped query, or `counts` already computed by categoryCounts for the same filter).
 */
export async function catalogueStructure(db: Executor, catalogueId: number, filter: ServiceFilter, counts?: Map<number | null, number>) {
  const [areas, categories, byCategoryId] = await Promise.all([
    db.selectFrom("service_areas").select(["id", "name"]).where("service_catalogue_id", "=", catalogueId).orderBy("position").orderBy("name").execute(),
    db
      .selectFrom("service_categories")
      .select(["id", "name", "service_area_id as areaId"])
      .where("service_catalogue_id", "=", catalogueId)
      .orderBy("position")
      .orderBy("name")
      .execute(),
    counts ?? categoryCounts(db, catalogueId, filter),
  ]);
  const byCategory = new Map([...byCategoryId].map(([id, n]) => [id ?? UNCATEGORISED, n]));
  const nodes: CategoryNode[] = categories.map((c) => ({ id: c.id, name: c.name, areaId: c.areaId, count: byCategory.get(c.id) ?? 0 }));
  const uncategorised = byCategory.get(UNCATEGORISED) ?? 0;
  return { areas: areas as AreaNode[], categories: nodes, uncategorised };
}

/**
 * The first `perCategory` matching services of each given category, in one query (a window
 * function), so a tree or map of hundreds of categories costs one round trip.
 */
export async function servicesByCategory(
  db: Executor,
  catalogueId: number,
  filter: ServiceFilter & Pick<CatalogueQuery, "sort" | "dir">,
  categoryIds: number[],
  perCategory: number,
  compiled?: ServiceWhere,
): Promise<Map<number, ServiceChip[]>> {
  const result = new Map<number, ServiceChip[]>();
  if (!categoryIds.length) return result;
  const where = compiled ?? (await serviceFilterConditions(db, catalogueId, filter));
  const real = categoryIds.filter((id) => id !== UNCATEGORISED);
  const withNull = categoryIds.includes(UNCATEGORISED);
  const order =
    filter.sort === "position"
      ? sql`s.position asc, s.id asc`
      : filter.sort === "alphabet"
        ? sql`lower(s.name) ${sql.raw(filter.dir)}, s.id asc`
        : sql`${sql.ref(filter.sort === "createDate" ? "s.created_at" : "s.updated_at")} ${sql.raw(filter.dir)}, s.id asc`;
  // Rank ids only (answered from the browse index for the position order), then read the rows
  // that make the cut: an expanded tree of 10,000 services no longer reads 10,000 rows.
  const ranked = db
    .selectFrom("services as s")
    .where(where)
    .where((eb) => {
      const parts = [];
      if (real.length) parts.push(eb("s.category_id", "in", real));
      if (withNull) parts.push(eb("s.category_id", "is", null));
      return eb.or(parts);
    })
    .select(["s.id", sql<number>`row_number() over (partition by s.category_id order by ${order})`.as("rn")]);
  const rows = await db
    .selectFrom("services as s")
    .innerJoin(ranked.as("x"), "x.id", "s.id")
    .where("x.rn", "<=", perCategory)
    .select(["s.id", "s.name", "s.status", "s.statuspercent", "s.servicetype", "s.category_id", "s.position"])
    .orderBy("x.rn")
    .execute();
  for (const row of rows) {
    const key = row.category_id ?? UNCATEGORISED;
    const list = result.get(key) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      status: row.status,
      statuspercent: row.statuspercent,
      servicetype: row.servicetype,
      category_id: row.category_id,
      position: row.position,
    });
    result.set(key, list);
  }
  return result;
}

/** Areas and categories whose name contains the search term (the list view's first two panels). */
export async function namedStructure(db: Executor, catalogueId: number, term: string): Promise<NamedStructure> {
  const needle = term.trim().replace(/^"(.*)"$/, "$1").trim();
  const [areas, categories] = await Promise.all([
    db
      .selectFrom("service_areas as a")
      .select(["a.id", "a.name", sql<number>`(select count(*) from service_categories k where k.service_area_id = a.id)`.as("categories")])
      .where("a.service_catalogue_id", "=", catalogueId)
      .$if(needle.length > 0, (qb) => qb.where(containsIgnoreCase(db, "a.name", needle)))
      .orderBy("a.position")
      .orderBy("a.name")
      .execute(),
    db
      .selectFrom("service_categories as c")
      .leftJoin("service_areas as a", "a.id", "c.service_area_id")
      .select([
        "c.id",
        "c.name",
        "c.service_area_id as areaId",
        "a.name as areaName",
        sql<number>`(select count(*) from services s where s.category_id = c.id and s.deleted_at is null)`.as("services"),
      ])
      .where("c.service_catalogue_id", "=", catalogueId)
      .$if(needle.length > 0, (qb) => qb.where(containsIgnoreCase(db, "c.name", needle)))
      // Grouped by area (as tree and map show them), categories without an area last.
      .orderBy(sql`case when a.id is null then 1 else 0 end`)
      .orderBy("a.position")
      .orderBy("a.name")
      .orderBy("c.position")
      .orderBy("c.name")
      .execute(),
  ]);
  return {
    areas: areas.map((a) => ({ ...a, categories: Number(a.categories) })),
    categories: categories.map((c) => ({ ...c, services: Number(c.services) })),
  };
}

/** A catalogue's counts from its unfiltered structure and category counts (catalogueCounts without a query). */
export function countsFromStructure(structure: { areas: unknown[]; categories: unknown[] }, counts: Map<number | null, number>) {
  let services = 0;
  for (const n of counts.values()) services += n;
  return { services, areas: structure.areas.length, categories: structure.categories.length };
}

/** Owners, tags and providers for the filter panel (categories and areas come with the structure). */
export async function filterOptions(db: Executor) {
  const [owners, tags, providers] = await Promise.all([
    db.selectFrom("owners").select(["id", "name"]).orderBy(sql`lower(name)`).execute(),
    db.selectFrom("tags").select(["id", "name"]).orderBy(sql`lower(name)`).execute(),
    db.selectFrom("providers").select(["id", "name"]).orderBy(sql`lower(name)`).execute(),
  ]);
  return { owners, tags, providers };
}
