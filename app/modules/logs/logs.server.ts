import { CompiledQuery, sql } from "kysely";
import { referencedNames, type Executor } from "~/server/audit.server";
import { isPostgresDb } from "~/server/db-helpers.server";
import { changedFields, parseValues } from "~/ui/history/history-values";
import { dayStartIso, LOGS_PAGE_SIZE, type LogsFilter, type LogsQuery } from "./logs-query";
import { withWordDiffs } from "~/ui/history/history-diff.server";

/**
 * The activity logs (issue 13 §5): every audit activity, newest first, keyset-paged by id. Each
 * filter is an equality on a column with an index ending in id — activities(causer_id, id),
 * (subject_type, id), (event, id) — so "filter, ORDER BY id DESC, id < cursor, LIMIT 51" reads
 * 51 index entries however many activities there are; no OFFSET, no total count.
 */

/** Who did it: the name as recorded; `deleted` when the account is gone since; `system` when nobody signed in did it. */
export interface LogCauser {
  id: number | null;
  name: string | null;
  deleted: boolean;
  system: boolean;
}

/** What it was done to: the record's current name and page where it still exists, else the name it had. */
export interface LogSubject {
  type: string;
  id: string | null;
  name: string | null;
  href: string | null;
}

export interface LogEntry {
  id: number;
  created_at: string;
  event: string;
  causer: LogCauser;
  subject: LogSubject;
  /** The changed fields a reader cares about (keys; the page translates them). */
  fields: string[];
}

export interface LogPage {
  entries: LogEntry[];
  /** Cursor of the "Neuere" link (`after`), or null on the newest page. */
  newer: number | null;
  /** Cursor of the "Ältere" link (`before`), or null on the oldest page. */
  older: number | null;
}

/** Where each kind of record is shown, and the table and column its name comes from. */
const SUBJECTS: Record<string, { table: NameTable; column: "name" | "title" | "term" | "label"; href: (id: number) => string }> = {
  service: { table: "services", column: "name", href: (id) => `/servicecatalog/service/${id}` },
  area: { table: "service_areas", column: "name", href: (id) => `/servicecatalog/area/${id}` },
  category: { table: "service_categories", column: "name", href: (id) => `/servicecatalog/category/${id}` },
  catalogue: { table: "service_catalogues", column: "title", href: () => "/servicecatalog/catalogues" },
  owner: { table: "owners", column: "name", href: (id) => `/basedata/owner/${id}` },
  kpi: { table: "kpis", column: "name", href: (id) => `/basedata/kpis/${id}` },
  provider: { table: "providers", column: "name", href: (id) => `/basedata/provider/${id}` },
  term_definition: { table: "term_definitions", column: "term", href: (id) => `/basedata/termdefinitions/${id}` },
  tag: { table: "tags", column: "name", href: (id) => `/admin/tags/${id}` },
  user: { table: "users", column: "name", href: (id) => `/admin/usermanagement/user/${id}` },
  // The subject id of a frame is its catalogue's (the static catalogue's -1 has no live link).
  catalog_frame: { table: "service_catalogues", column: "title", href: (id) => `/catalogframe/${id}` },
  release: { table: "releases", column: "label", href: (id) => `/servicecatalog/releases/${id}` },
};
type NameTable = "releases" | "services" | "service_areas" | "service_categories" | "service_catalogues" | "owners" | "kpis" | "providers" | "term_definitions" | "tags" | "users";

/** Records without an id of their own, with a page of their own. */
const SINGLETONS: Record<string, string> = { customer_data: "/basedata/customerdata", contract: "/settings/contract" };

type ActivityRow = {
  id: number;
  created_at: string;
  subject_type: string;
  subject_id: string | null;
  event: string;
  causer_id: number | null;
  causer_name: string | null;
  description: string | null;
  old_values: string | null;
  new_values: string | null;
};

const COLUMNS = ["id", "created_at", "subject_type", "subject_id", "event", "causer_id", "causer_name", "description", "old_values", "new_values"] as const;

/**
 * A date range as a range of ids. Ids follow time (an activity is stamped as it is written), so
 * the first and last activity of the range, found in the created_at index (one entry each), bound
 * the ids, and the page is read in id order like any other. A minute's slack on both ends covers
 * activities written concurrently whose stamps and ids differ in order; the exact times are then
 * checked row by row. null: no date filter; "none": nothing in the range.
 */
export type IdRange = { low: number | null; high: number | null } | "none" | null;

export async function idRange(db: Executor, filter: LogsFilter): Promise<IdRange> {
  if (filter.from === null && filter.to === null) return null;
  const slack = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  const [first, last] = await Promise.all([
    filter.from === null
      ? null
      : db.selectFrom("activities").select("id").where("created_at", ">=", slack(dayStartIso(filter.from), -1)).orderBy("created_at", "asc").limit(1).executeTakeFirst(),
    filter.to === null
      ? null
      : db.selectFrom("activities").select("id").where("created_at", "<", slack(dayStartIso(filter.to, 1), 1)).orderBy("created_at", "desc").limit(1).executeTakeFirst(),
  ]);
  if (first === undefined || last === undefined) return "none";
  return { low: first?.id ?? null, high: last?.id ?? null };
}

/**
 * The filter's conditions: equalities served by the indexes (column, id), which also hold the id
 * range. The exact times are compared as `created_at || ''` so that no planner swaps the id order
 * for the created_at index and sorts a whole range (ISO UTC text compares as time).
 */
function filtered(db: Executor, filter: LogsFilter, range: IdRange) {
  let q = db.selectFrom("activities");
  if (filter.user !== null) q = q.where("causer_id", "=", filter.user);
  if (filter.event !== null) q = q.where("event", "=", filter.event);
  if (filter.subject !== null) q = q.where("subject_type", "=", filter.subject);
  if (range === "none") q = q.where(sql<boolean>`1 = 0`);
  else if (range) {
    if (range.low !== null) q = q.where("id", ">=", range.low);
    if (range.high !== null) q = q.where("id", "<=", range.high);
  }
  if (filter.from !== null) q = q.where(sql<string>`created_at || ''`, ">=", dayStartIso(filter.from));
  if (filter.to !== null) q = q.where(sql<string>`created_at || ''`, "<", dayStartIso(filter.to, 1));
  return q;
}

/** One page of activities (newest first; `after`: read upwards), for the query-plan checks too. */
export function pageQuery(db: Executor, query: LogsQuery, range: IdRange = null, pageSize = LOGS_PAGE_SIZE) {
  const q = filtered(db, query, range).select(COLUMNS);
  if (query.after !== null) return q.where("id", ">", query.after).orderBy("id", "asc").limit(pageSize + 1);
  return q
    .$if(query.before !== null, (qb) => qb.where("id", "<", query.before as number))
    .orderBy("id", "desc")
    .limit(pageSize + 1);
}

/** Whether one more activity matches beyond `id` (older: below it, newer: above it); one index probe. */
async function exists(db: Executor, filter: LogsFilter, range: IdRange, id: number, direction: "older" | "newer") {
  const row = await filtered(db, filter, range)
    .select("id")
    .where("id", direction === "older" ? "<" : ">", id)
    .orderBy("id", direction === "older" ? "desc" : "asc")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of the logs list with the cursors of its neighbours. */
export async function listLogs(db: Executor, query: LogsQuery, pageSize = LOGS_PAGE_SIZE): Promise<LogPage> {
  const range = await idRange(db, query);
  const rows = (await pageQuery(db, query, range, pageSize).execute()) as ActivityRow[];
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (query.after !== null) page.reverse();
  const newest = page[0]?.id;
  const oldest = page[page.length - 1]?.id;
  let newer: number | null = null;
  let older: number | null = null;
  if (page.length) {
    // The +1 row answers the direction read; one probe answers the other (none on the first page).
    const cursored = query.before !== null || query.after !== null;
    if (query.after !== null) newer = more ? (newest as number) : null;
    else newer = cursored && (await exists(db, query, range, newest as number, "newer")) ? (newest as number) : null;
    if (query.after === null) older = more ? (oldest as number) : null;
    else older = (await exists(db, query, range, oldest as number, "older")) ? (oldest as number) : null;
  }
  return { entries: await asEntries(db, page), newer, older };
}

/** A page of activities as the list shows them: who, what, and the subject's name and page. */
async function asEntries(db: Executor, rows: ActivityRow[]): Promise<LogEntry[]> {
  const subjects = await subjectsOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    event: row.event,
    causer: causerOf(row),
    subject: subjects.get(row.id) as LogSubject,
    fields: changedFields(row),
  }));
}

export function causerOf(row: Pick<ActivityRow, "causer_id" | "causer_name">): LogCauser {
  // causer_id is set null when the account is deleted; the recorded name stays.
  return { id: row.causer_id, name: row.causer_name, deleted: row.causer_id === null && row.causer_name !== null, system: row.causer_id === null && row.causer_name === null };
}

/** The name a record had when it changed, as the activity kept it. */
function recordedName(row: Pick<ActivityRow, "old_values" | "new_values" | "description" | "event">): string | null {
  for (const values of [parseValues(row.new_values), parseValues(row.old_values)]) {
    const name = values.name ?? values.title ?? values.term;
    if (typeof name === "string" && name) return name;
  }
  // A deleted account's activity keeps its name in the description (user management).
  return row.event === "deleted" && row.description ? row.description : null;
}

/** Each activity's subject, with one query per kind of record on the page. */
export async function subjectsOf(db: Executor, rows: ActivityRow[]): Promise<Map<number, LogSubject>> {
  const wanted = new Map<string, Set<number>>();
  for (const row of rows) {
    const id = Number(row.subject_id);
    // Ids are 32-bit on Postgres: a larger one (from elsewhere) names no record and must not reach the query.
    if (SUBJECTS[row.subject_type] && /^\d{1,10}$/.test(row.subject_id ?? "") && id <= 2_147_483_647) {
      wanted.set(row.subject_type, (wanted.get(row.subject_type) ?? new Set()).add(id));
    }
  }
  const current = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      const { table, column } = SUBJECTS[type];
      const found = (await db
        .selectFrom(table)
        .select(["id", `${column} as name` as "name"])
        .where("id", "in", [...ids])
        .execute()) as { id: number; name: string | null }[];
      for (const r of found) current.set(`${type}:${r.id}`, r.name ?? "");
    }),
  );
  const out = new Map<number, LogSubject>();
  for (const row of rows) {
    const key = `${row.subject_type}:${row.subject_id}`;
    const live = current.has(key);
    const def = SUBJECTS[row.subject_type];
    out.set(row.id, {
      type: row.subject_type,
      id: row.subject_id,
      name: (live ? current.get(key) : null) || recordedName(row),
      href: live && def ? def.href(Number(row.subject_id)) : (SINGLETONS[row.subject_type] ?? null),
    });
  }
  return out;
}

/** The users the list can be filtered by (accounts that still exist), by name. */
export async function causerOptions(db: Executor) {
  return db.selectFrom("users").select(["id", "name", "email"]).orderBy(sql`lower(name)`).orderBy("id").execute();
}

/** One activity in full, with its subject, causer and the names its changes point to; null when there is none. */
export async function getLog(db: Executor, id: number) {
  const row = (await db.selectFrom("activities").select(COLUMNS).where("id", "=", id).executeTakeFirst()) as ActivityRow | undefined;
  if (!row) return null;
  const [subjects, names] = await Promise.all([subjectsOf(db, [row]), referencedNames(db, [row])]);
  return {
    activity: withWordDiffs({ id: row.id, created_at: row.created_at, event: row.event, old_values: row.old_values, new_values: row.new_values }),
    causer: causerOf(row),
    subject: subjects.get(row.id) as LogSubject,
    names,
  };
}

/**
 * How the database reads a page (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on Postgres) and whether
 * it goes through an index: the filter's (causer_id, id), (event, id), (subject_type, id), or the
 * primary key. The bench checks it at a million activities, a test at 20,000.
 */
export async function logsPagePlan(db: Executor, query: LogsQuery) {
  const postgres = isPostgresDb(db);
  const compiled = pageQuery(db, query, await idRange(db, query)).compile();
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${postgres ? "EXPLAIN" : "EXPLAIN QUERY PLAN"} ${compiled.sql}`, [...compiled.parameters]));
  const lines = result.rows.map((r) => String(postgres ? r["QUERY PLAN"] : r.detail).trim());
  return { lines, ...judgePlan(lines, postgres, query.user !== null || query.event !== null || query.subject !== null) };
}

/**
 * The index a plan reads through (the first named), whether it reads the table without one
 * (`indexed` false), and whether it sorts. SQLite must never sort: one index gives the order.
 * Postgres may combine two indexes and sort the few rows they leave, when its statistics say
 * that is cheaper than walking one index in order.
 */
export function judgePlan(lines: string[], postgres: boolean, filtered: boolean): { index: string | null; indexed: boolean; sorts: boolean } {
  const plan = lines.map((l) => l.trim()).join("\n");
  const named = (postgres ? /Index (?:Only )?Scan(?: Backward)? (?:using|on) (\w+)/ : /USING (?:COVERING )?INDEX (\w+)/).exec(plan)?.[1];
  // SQLite's "SCAN activities" is the table read in id order: right without a filter, a full scan with one.
  const key = !postgres && (/USING INTEGER PRIMARY KEY/.test(plan) || (!filtered && /^SCAN activities$/m.test(plan)));
  const index = named ?? (key ? "primary key" : null);
  const sorts = postgres ? /\bSort\b/.test(plan) : /TEMP B-TREE/.test(plan);
  const scans = postgres ? /Seq Scan/.test(plan) : false;
  return { index, sorts, indexed: index !== null && !scans && (postgres || !sorts) };
}
