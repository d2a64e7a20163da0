import { BROWSER_PATH, toSearchParams, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { DISPLAY_TIME_ZONE } from "~/lib/dates";
import type { ServiceStage } from "~/modules/service/service-stage";

/**
 * The reports page's URL state (client-safe; docs/decisions/0035-sla-and-reports.md): which
 * catalogue, N of "not changed for N months", the CSV delimiter, and the page of each list.
 * The loader reads it with parseReportsQuery (reports-filter.ts, zod: server only, decision 0063).
 */

export const MONTHS_MIN = 1;
export const MONTHS_MAX = 120;
export const DEFAULT_MONTHS = 12;
export const REPORT_PAGE_SIZE = 10;

/** The paged lists, each with its own page parameter. */
export const REPORT_LISTS = { completeness: "cpage", stale: "spage", unowned: "opage", nolevel: "kpage" } as const;
export type ReportList = keyof typeof REPORT_LISTS;

export const CSV_SEPARATORS = ["semicolon", "comma"] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

export interface ReportsQuery {
  catalogue: number | null;
  months: number;
  sep: CsvSeparator | null;
  /** One lifecycle stage (issue 36 §2); null: every stage. */
  stage: ServiceStage | null;
  pages: Record<ReportList, number>;
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-CA", { timeZone: DISPLAY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * The first day that counts as "changed within the last N months": today in the app's time zone
 * (spec 01 §9), N calendar months back; the 31st becomes the month's last day. A service last
 * changed before this day is stale. The browser's `unchanged` filter takes the same day.
 */
export function cutoffDay(months: number, now: Date = new Date()): string {
  const [y, m, d] = DAY_FORMAT.format(now).split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(day)}`;
}

/** A link to the catalogue browser's list of exactly these services of this catalogue. */
export function browserLink(catalogueId: number, filter: Partial<CatalogueQuery>): string {
  const params = toSearchParams({ view: 0, ...filter });
  params.set("catalogue", String(catalogueId));
  return `${BROWSER_PATH}?${params}`;
}

/** The CSV download of one of the report's tables, for the same catalogue, N and delimiter. */
export function csvLink(table: string, q: { catalogueId: number; months: number; sep: CsvSeparator; stage: ServiceStage | null }): string {
  const params = new URLSearchParams({ table, catalogue: String(q.catalogueId), months: String(q.months), sep: q.sep });
  if (q.stage) params.set("stage", q.stage);
  return `/reports.csv?${params}`;
}
