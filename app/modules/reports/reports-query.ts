import { z } from "zod";
import { BROWSER_PATH, toSearchParams, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { DISPLAY_TIME_ZONE } from "~/lib/dates";

/**
 * The reports page's URL state (client-safe; docs/decisions/0035-sla-and-reports.md): which
 * catalogue, N of "not changed for N months", the CSV delimiter, and the page of each list.
 * The GET form's one schema: the loader validates with it and the page shows a field's error
 * beside the field; an invalid value falls back to its default, so the page always renders.
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

export const ReportsFilterSchema = z.object({
  catalogue: z.coerce.number({ error: "reports.errors.catalogue" }).int("reports.errors.catalogue").optional(),
  months: z.coerce
    .number({ error: "reports.errors.months" })
    .int("reports.errors.months")
    .min(MONTHS_MIN, "reports.errors.months")
    .max(MONTHS_MAX, "reports.errors.months")
    .default(DEFAULT_MONTHS),
  sep: z.enum(CSV_SEPARATORS, { error: "reports.errors.sep" }).optional(),
});

export interface ReportsQuery {
  catalogue: number | null;
  months: number;
  sep: CsvSeparator | null;
  pages: Record<ReportList, number>;
}

/** The query and, per field, the i18n key of what was wrong with it (that field then has its default). */
export function parseReportsQuery(params: URLSearchParams): { query: ReportsQuery; errors: Partial<Record<"catalogue" | "months" | "sep", string>> } {
  const errors: Partial<Record<"catalogue" | "months" | "sep", string>> = {};
  const field = <K extends "catalogue" | "months" | "sep">(name: K) => {
    const raw = (params.get(name) ?? "").trim();
    const parsed = ReportsFilterSchema.shape[name].safeParse(raw === "" ? undefined : raw);
    if (parsed.success) return parsed.data as z.output<typeof ReportsFilterSchema>[K];
    // Our messages are i18n keys; anything else (zod's own wording) is "invalid".
    const message = parsed.error.issues[0]?.message ?? "";
    errors[name] = message.startsWith("reports.") ? message : "reports.errors.invalid";
    return undefined;
  };
  const catalogue = field("catalogue");
  const months = field("months") ?? DEFAULT_MONTHS;
  const sep = field("sep");
  const pages = Object.fromEntries(
    Object.entries(REPORT_LISTS).map(([list, param]) => [list, Math.max(1, Math.min(1_000_000, Math.floor(Number(params.get(param)) || 1)))]),
  ) as Record<ReportList, number>;
  return { query: { catalogue: catalogue ?? null, months, sep: sep ?? null, pages }, errors };
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
export function csvLink(table: string, q: { catalogueId: number; months: number; sep: CsvSeparator }): string {
  const params = new URLSearchParams({ table, catalogue: String(q.catalogueId), months: String(q.months), sep: q.sep });
  return `/reports.csv?${params}`;
}
