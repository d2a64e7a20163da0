import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "~/server/db/schema";
import { cleanSearchText, effectiveCategoryFilter, parseSearchTerm, percentBand, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import type { Executor } from "../../server/audit.server";
import { containsIgnoreCase, foldCase, isPostgresDb, likePattern } from "../../server/db-helpers.server";
import { dayStartIso } from "~/modules/logs/logs-query";
import { missingCondition } from "./completeness.server";
import { reviewStatesCondition } from "~/modules/service/review-cadence.server";
import { serviceTranslationState } from "~/modules/translations/coverage.server";
import { RICH_FIELDS } from "~/modules/service/service-fields";

export const SEARCH_FIELDS = ["name", "content", "advantages", "description", "short_description", "art_nr", "user", "booking"] as const;
export const SERVICE_PAGE_SIZE = 50;
/** Terms shorter than a trigram cannot use the index; they are scanned. */
export const MIN_INDEXED_TERM = 3;

// The expression indexed in migrations/0006_service_search.ts, qualified with the service alias
// (the list joins categories and areas, which also have name and description); Postgres matches
// the index by the expression's meaning, not its text.
const searchDocument = (alias: "s" | "x") => sql`lower(
      coalesce(${sql.ref(`${alias}.name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.content`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.advantages`)}, '') || ' ' ||
      coalesce(${sql.ref(`${alias}.description`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.short_description`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.art_nr`)}, '') || ' ' ||
      coalesce(${sql.ref(`${alias}.user`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.booking`)}, ''))`;
const SEARCH_DOCUMENT = searchDocument("s");

type EB = ExpressionBuilder<Database & { s: Database["services"] }, "s">;

/** Plain case-insensitive LIKE over the eight fields: for short terms, and as the benchmark's baseline. */
export function scanMatch(db: Executor, term: string): Expression<SqlBool> {
  const pattern = likePattern(term);
  return sql<SqlBool>`(${sql.join(
    SEARCH_FIELDS.map((f) => sql`${foldCase(db, sql.ref(`s.${f}`))} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * Indexed substring match: FTS5 trigram phrase on SQLite, pg_trgm-backed LIKE on Postgres. The
 * Postgres index covers the fields joined by spaces, so a term could span two fields; the index
 * only pre-filters and the per-field check decides.
 */
export function indexedMatch(db: Executor, term: string): Expression<SqlBool> {
  if (isPostgresDb(db)) return sql<SqlBool>`(${SEARCH_DOCUMENT} like ${likePattern(term)} escape '\\' and ${scanMatch(db, term)})`;
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return sql<SqlBool>`s.id in (select rowid from services_fts where services_fts match ${phrase})`;
}

/**
 * Services whose translation matches (issue 37 §4: a service is found by any of its languages):
 * the exact name, or the term in any translated field.
 */
function translationMatch(db: Executor, term: ReturnType<typeof parseSearchTerm>): Expression<SqlBool> {
  const value = foldCase(db, sql.ref("t.value"));
  const match =
    term.kind === "exact" ? sql`t.field = 'name' and ${value} = ${term.name.toLowerCase()}` : term.kind === "substring" ? sql`${value} like ${likePattern(term.term)} escape '\\'` : sql`1 = 0`;
  return sql<SqlBool>`s.id in (select t.subject_id from content_translations t where t.subject_type = 'service' and ${match})`;
}

export function termCondition(db: Executor, raw: string, opts: { forceScan?: boolean } = {}): Expression<SqlBool> | null {
  const term = parseSearchTerm(raw);
  if (term.kind === "none") return null;
  const translated = translationMatch(db, term);
  if (term.kind === "exact") return sql<SqlBool>`(${foldCase(db, sql.ref("s.name"))} = ${term.name.toLowerCase()} or ${translated})`;
  if (opts.forceScan || term.term.length < MIN_INDEXED_TERM) return sql<SqlBool>`(${scanMatch(db, term.term)} or ${translated})`;
  if (isPostgresDb(db)) {
    // One IN over a union keeps the trigram index in use (an OR beside it would scan every service);
    // the per-field check then decides for the services the index found.
    const pattern = likePattern(term.term);
    return sql<SqlBool>`(s.id in (select x.id from services x where ${searchDocument("x")} like ${pattern} escape '\\' union select t.subject_id from content_translations t where t.subject_type = 'service' and ${foldCase(db, sql.ref("t.value"))} like ${pattern} escape '\\') and (${scanMatch(db, term.term)} or ${translated}))`;
  }
  return sql<SqlBool>`(${indexedMatch(db, term.term)} or ${translated})`;
}

/**
 * termCondition, with an FTS match on SQLite run once and turned into its list of ids: a page
 * uses the same condition in several queries (counts per category, the page, the rows), and
 * each would otherwise search the index again.
 */
async function resolvedTermCondition(db: Executor, raw: string, opts: { forceScan?: boolean }): Promise<Expression<SqlBool> | null> {
  const term = parseSearchTerm(raw);
  if (isPostgresDb(db) || term.kind !== "substring" || opts.forceScan || term.term.length < MIN_INDEXED_TERM) return termCondition(db, raw, opts);
  const phrase = `"${term.term.replace(/"/g, '""')}"`;
  // The translations (issue 37 §4) through their own index (migration 0037), once per page too.
  const [{ rows }, translated] = await Promise.all([
    sql<{ id: number }>`select rowid as id from services_fts where services_fts match ${phrase}`.execute(db),
    sql<{ id: number }>`select distinct t.subject_id as id from translations_fts f join content_translations t on t.id = f.rowid where translations_fts match ${phrase} and t.subject_type = 'service'`.execute(db),
  ]);
  const ids = [...new Set([...rows.map((r) => r.id), ...translated.rows.map((r) => r.id)])];
  return sql<SqlBool>`s.id in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** A filter compiled once (serviceFilterConditions) and reused by the queries of one page. */
export type ServiceWhere = Awaited<ReturnType<typeof serviceFilterConditions>>;

export type ServiceFilter = Pick<
  CatalogueQuery,
  "q" | "categories" | "areas" | "owners" | "statuses" | "percents" | "types" | "tags" | "providers" | "missing" | "review" | "stages" | "unchanged"
> &
  Partial<Pick<CatalogueQuery, "translations">>;

/**
 * Every filter of spec 01 §4 as one WHERE clause over `services as s`: owners must all be
 * present, the other lists match any chosen value. Beyond the spec, for the reports
 * (docs/decisions/0035): providers (any), missing completeness fields (all chosen missing) and
 * "not changed since" a day. Binned services never match.
 */
export async function serviceFilterConditions(
  db: Executor,
  catalogueId: number,
  filter: ServiceFilter,
  opts: { forceScan?: boolean } = {},
): Promise<(eb: EB) => Expression<SqlBool>> {
  let categoriesOfAreas: number[] | null = null;
  if (filter.areas.length) {
    const rows = await db.selectFrom("service_categories").select("id").where("service_area_id", "in", filter.areas).execute();
    categoriesOfAreas = rows.map((r) => r.id);
  }
  const categories = effectiveCategoryFilter(filter.categories, categoriesOfAreas);
  const term = await resolvedTermCondition(db, filter.q, opts);
  return (eb: EB) => {
    const and: Expression<SqlBool>[] = [eb("s.deleted_at", "is", null), eb("s.service_catalogue_id", "=", catalogueId)];
    if (term) and.push(term);
    if (categories) and.push(categories.includes(-1) ? sql<SqlBool>`1 = 0` : eb("s.category_id", "in", categories));
    if (filter.statuses.length) and.push(eb("s.status", "in", filter.statuses));
    if (filter.percents.length) and.push(eb.or(filter.percents.map((p) => eb.between("s.statuspercent", ...percentBand(p)))));
    if (filter.types.length) and.push(eb("s.servicetype", "in", filter.types));
    if (filter.tags.length)
      and.push(eb("s.id", "in", eb.selectFrom("service_tags").select("service_id").where("tag_id", "in", filter.tags)));
    if (filter.owners.length) {
      const owners = [...new Set(filter.owners)];
      and.push(
        eb(
          "s.id",
          "in",
          eb
            .selectFrom("service_owners")
            .select("service_id")
            .where("owner_id", "in", owners)
            .groupBy("service_id")
            .having(sql`count(distinct owner_id)`, "=", owners.length),
        ),
      );
    }
    if (filter.providers.length)
      and.push(eb("s.id", "in", eb.selectFrom("service_providers").select("service_id").where("provider_id", "in", filter.providers)));
    // Each chosen field must be missing (the completeness fields; same SQL as the reports).
    for (const field of new Set(filter.missing)) and.push(missingCondition(field));
    if (filter.unchanged) and.push(eb("s.updated_at", "<", dayStartIso(filter.unchanged)));
    if (filter.stages.length) and.push(eb("s.stage", "in", filter.stages));
    const review = reviewStatesCondition(filter.review);
    if (review) and.push(review);
    // Translation missing / outdated in a language (issue 37 §5): the service's worst field, as the report counts it.
    const translations = (filter.translations ?? []).map((tr) => {
      const [language, state] = tr.split("-");
      return sql<SqlBool>`${serviceTranslationState(db, language, RICH_FIELDS)} = ${state === "missing" ? 2 : 1}`;
    });
    if (translations.length) and.push(eb.or(translations));
    return eb.and(and);
  };
}

export interface ServiceListItem {
  id: number;
  name: string;
  status: string;
  statuspercent: number;
  servicetype: string;
  position: number;
  category_id: number | null;
  category_name: string | null;
  area_id: number | null;
  area_name: string | null;
  created_at: string;
  updated_at: string;
}

const SORT_COLUMNS = {
  createDate: sql`s.created_at`,
  editDate: sql`s.updated_at`,
  alphabet: sql`lower(s.name)`,
} as const;

/** Matching services per category (null: without category), one grouped query over the browse index. */
export async function categoryCounts(db: Executor, catalogueId: number, filter: ServiceFilter, compiled?: ServiceWhere): Promise<Map<number | null, number>> {
  const where = compiled ?? (await serviceFilterConditions(db, catalogueId, filter));
  const rows = await db
    .selectFrom("services as s")
    .where(where)
    .select(["s.category_id", (eb) => eb.fn.countAll().as("n")])
    .groupBy("s.category_id")
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

type Where = ServiceWhere;

/** Beyond this many categories on one page, positionPageIds leaves the page to one sorted query. */
const MAX_WALKED_CATEGORIES = 3;

/**
 * The page's ids in position order without sorting every match: the categories' order and
 * match counts say which categories the page falls into, and only those are read, each in its
 * stored order. Null when a category is missing or the page spans more than
 * MAX_WALKED_CATEGORIES categories (then the general query decides).
 */
async function positionPageIds(
  db: Executor,
  where: Where,
  counts: Map<number | null, number>,
  dir: "asc" | "desc",
  offset: number,
  limit: number,
): Promise<number[] | null> {
  const ids = [...counts.keys()].filter((id): id is number => id !== null);
  const categories = ids.length ? await db.selectFrom("service_categories").select(["id", "position"]).where("id", "in", ids).execute() : [];
  if (categories.length !== ids.length) return null;
  // The list orders by (category position, category id), services without a category as (0, 0).
  const groups = [...categories.map((c) => ({ id: c.id as number | null, key: [c.position, c.id] })), ...(counts.has(null) ? [{ id: null, key: [0, 0] }] : [])];
  const sign = dir === "asc" ? 1 : -1;
  groups.sort((a, b) => sign * (a.key[0] - b.key[0] || a.key[1] - b.key[1]));
  // Each category costs one query: when the page spans many sparse categories (a narrow filter),
  // one sort of the few matches is cheaper.
  let before = 0;
  let spanned = 0;
  for (const group of groups) {
    const count = counts.get(group.id) ?? 0;
    if (count > 0 && before + count > offset && before < offset + limit) spanned++;
    before += count;
  }
  if (spanned > MAX_WALKED_CATEGORIES) return null;
  const page: number[] = [];
  let skip = offset;
  for (const group of groups) {
    if (page.length >= limit) break;
    const count = counts.get(group.id) ?? 0;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const rows = await db
      .selectFrom("services as s")
      .where(where)
      .where((eb) => (group.id === null ? eb("s.category_id", "is", null) : eb("s.category_id", "=", group.id)))
      .select("s.id")
      .orderBy("s.position", dir)
      .orderBy("s.id", dir)
      .limit(limit - page.length)
      .offset(skip)
      .execute();
    page.push(...rows.map((r) => r.id));
    skip = 0;
  }
  return page;
}

/**
 * One page of matching services with category and area, in the chosen order. `counts` (from
 * categoryCounts with the same filter) saves the count and, for the position order, the sort;
 * `where` (serviceFilterConditions of the same filter) saves compiling the filter again.
 */
export async function searchServices(
  db: Executor,
  catalogueId: number,
  query: ServiceFilter & Pick<CatalogueQuery, "sort" | "dir" | "page">,
  opts: { pageSize?: number; forceScan?: boolean; counts?: Map<number | null, number>; where?: ServiceWhere } = {},
) {
  const pageSize = opts.pageSize ?? SERVICE_PAGE_SIZE;
  const where = opts.where ?? (await serviceFilterConditions(db, catalogueId, query, opts));
  let total: number;
  if (opts.counts) {
    total = [...opts.counts.values()].reduce((a, b) => a + b, 0);
  } else {
    const countRow = await db
      .selectFrom("services as s")
      .where(where)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    total = Number(countRow?.n ?? 0);
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const offset = (page - 1) * pageSize;
  const walked = query.sort === "position" && opts.counts ? await positionPageIds(db, where, opts.counts, query.dir, offset, pageSize) : null;
  const pageIds = walked ?? (await pageIdsSorted(db, where, query, offset, pageSize));
  if (!pageIds.length) return { rows: [] as ServiceListItem[], total, page, pageCount };
  const found = (await db
    .selectFrom("services as s")
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .leftJoin("service_areas as a", "a.id", "c.service_area_id")
    .where("s.id", "in", pageIds)
    .select([
      "s.id",
      "s.name",
      "s.status",
      "s.statuspercent",
      "s.servicetype",
      "s.position",
      "s.category_id",
      "c.name as category_name",
      "a.id as area_id",
      "a.name as area_name",
      "s.created_at",
      "s.updated_at",
    ])
    .execute()) as ServiceListItem[];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  return { rows, total, page, pageCount };
}

/** The page's ids for any order, picked before reading rows (deferred join): sorting whole rows of ~9 KB HTML was the cost. */
async function pageIdsSorted(db: Executor, where: Where, query: Pick<CatalogueQuery, "sort" | "dir">, offset: number, limit: number): Promise<number[]> {
  let ids = db.selectFrom("services as s").leftJoin("service_categories as c", "c.id", "s.category_id").where(where).select("s.id");
  if (query.sort === "position") {
    ids = ids.orderBy(sql`coalesce(c.position, 0)`, query.dir).orderBy(sql`coalesce(c.id, 0)`, query.dir).orderBy("s.position", query.dir);
  } else {
    ids = ids.orderBy(SORT_COLUMNS[query.sort], query.dir);
  }
  const rows = await ids.orderBy("s.id", query.dir).limit(limit).offset(offset).execute();
  return rows.map((r) => r.id);
}

/** How many name matches the suggestions choose their shortest names from. */
export const SUGGEST_CANDIDATES = 200;

/**
 * Search-box suggestions: services whose name contains the term, shortest names first (among
 * the first SUGGEST_CANDIDATES matches: a common word matches thousands of names, and the box
 * shows ten while the user types). The name-only index of migration 0008 finds them.
 */
export async function suggestServices(db: Executor, catalogueId: number, raw: string, limit = 10, stages: readonly string[] | null = null) {
  const term = cleanSearchText(raw).replace(/^"|"$/g, "");
  if (term.length < 2) return [];
  let rows: { id: number; name: string }[];
  if (!isPostgresDb(db) && term.length >= MIN_INDEXED_TERM) {
    // CROSS JOIN keeps the name index first: otherwise SQLite walks every service of the catalogue.
    const phrase = `"${term.replace(/"/g, '""')}"`;
    const result = await sql<{ id: number; name: string }>`select s.id, s.name from services_name_fts cross join services s on s.id = services_name_fts.rowid
      where services_name_fts match ${phrase} and s.deleted_at is null and s.service_catalogue_id = ${catalogueId} and ${containsIgnoreCase(db, "s.name", term)}
      ${stages ? sql`and s.stage in (${sql.join([...stages])})` : sql``}
      limit ${SUGGEST_CANDIDATES}`.execute(db);
    rows = result.rows;
  } else {
    rows = await db
      .selectFrom("services as s")
      .select(["s.id", "s.name"])
      .where("s.deleted_at", "is", null)
      .where("s.service_catalogue_id", "=", catalogueId)
      .where(containsIgnoreCase(db, "s.name", term))
      .$if(stages !== null, (q) => q.where("s.stage", "in", [...(stages ?? [])] as ("pipeline" | "live" | "retired")[]))
      .$if(term.length >= MIN_INDEXED_TERM, (q) => q.where(sql<SqlBool>`lower(s.name) like ${likePattern(term)} escape '\\'`))
      .limit(SUGGEST_CANDIDATES)
      .execute();
  }
  return rows
    .sort((a, b) => a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit);
}
