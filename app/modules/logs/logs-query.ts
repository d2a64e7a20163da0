import { DISPLAY_TIME_ZONE } from "~/lib/dates";

/**
 * The logs list's URL state (client-safe): the filter (who, what kind of record, which event,
 * from/to day) and the keyset cursor (`before` / `after` an activity id). Read leniently: a
 * malformed value is dropped and named in `ignored`, so a hand-edited URL never breaks the page.
 */

export const LOGS_PAGE_SIZE = 50;

/** The kinds of record the code records activities for (`subjectType:` in app/). */
export const SUBJECT_TYPES = [
  "service",
  "area",
  "category",
  "catalogue",
  "owner",
  "kpi",
  "provider",
  "term_definition",
  "tag",
  "customer_data",
  "user",
  "setting",
  "service_attribute",
  "attribute_mask",
  "service_headline",
  "service_area_config",
  "api_key",
  "contract",
  "support_ticket",
  "patch_note",
  "system_message",
  "token_order",
  "token_configuration",
  "catalog_frame",
  "section",
  "paragraph",
  "section_table",
  "matrix_table",
  "saved_view",
  "release",
] as const;


export interface LogsFilter {
  user: number | null;
  subject: string | null;
  event: string | null;
  /** Days as YYYY-MM-DD, in the app's time zone; both ends included. */
  from: string | null;
  to: string | null;
}

export interface LogsQuery extends LogsFilter {
  /** Older than this id (the next page down). */
  before: number | null;
  /** Newer than this id (the page up); `before` wins when both are given. */
  after: number | null;
}

export const EMPTY_FILTER: LogsFilter = { user: null, subject: null, event: null, from: null, to: null };

const IDENTIFIER = /^[a-z][a-z0-9_]{0,59}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Ids are 32-bit integers on Postgres: anything larger would be an error there, not "no match". */
const MAX_ID = 2_147_483_647;

/** A record id from the URL, or null when it is not one. */
export function positiveId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= MAX_ID ? n : null;
}

function validDay(raw: string): string | null {
  const m = DAY.exec(raw);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 9999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? raw : null;
}

export function parseLogsQuery(params: URLSearchParams): { query: LogsQuery; ignored: string[] } {
  const ignored: string[] = [];
  const read = <T>(name: keyof LogsQuery, parse: (raw: string) => T | null): T | null => {
    const raw = (params.get(name) ?? "").trim();
    if (raw === "") return null;
    const value = parse(raw);
    if (value === null) ignored.push(name);
    return value;
  };
  const query: LogsQuery = {
    user: read("user", positiveId),
    // Any well-formed name is accepted (an unknown one simply matches nothing).
    subject: read("subject", (raw) => (IDENTIFIER.test(raw) ? raw : null)),
    event: read("event", (raw) => (IDENTIFIER.test(raw) ? raw : null)),
    from: read("from", validDay),
    to: read("to", validDay),
    before: read("before", positiveId),
    after: read("after", positiveId),
  };
  // A range given backwards is meant the other way round.
  if (query.from && query.to && query.from > query.to) [query.from, query.to] = [query.to, query.from];
  if (query.before !== null) query.after = null;
  return { query, ignored };
}

/** The list URL for a filter and a cursor, empty values left out. */
export function logsHref(filter: LogsFilter, cursor: { before?: number; after?: number } = {}): string {
  const params = new URLSearchParams();
  if (filter.user) params.set("user", String(filter.user));
  if (filter.subject) params.set("subject", filter.subject);
  if (filter.event) params.set("event", filter.event);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (cursor.before) params.set("before", String(cursor.before));
  else if (cursor.after) params.set("after", String(cursor.after));
  const search = params.toString();
  return `/admin/logs${search ? `?${search}` : ""}`;
}

export const isFiltered = (f: LogsFilter) => Boolean(f.user || f.subject || f.event || f.from || f.to);

// Midnight in the app's time zone (spec 01 §9: central European time) as a UTC instant.
const OFFSET_FORMAT = new Intl.DateTimeFormat("en-GB", { timeZone: DISPLAY_TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });

function zoneOffsetMs(utc: number): number {
  const p = Object.fromEntries(OFFSET_FORMAT.formatToParts(new Date(utc)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - utc;
}

/** The first instant of a day (YYYY-MM-DD) in the app's time zone, as stored ISO text; `plusDays` shifts the day. */
export function dayStartIso(day: string, plusDays = 0): string {
  const [y, m, d] = day.split("-").map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d + plusDays);
  // Two passes: the offset at the guessed instant can differ from the one at local midnight.
  let instant = midnightUtc - zoneOffsetMs(midnightUtc);
  instant = midnightUtc - zoneOffsetMs(instant);
  return new Date(instant).toISOString();
}
