import { formatDate } from "~/lib/dates";
import type { CatalogueQuery } from "~/modules/catalogue/catalogue-query";

/**
 * The browser filters (and orders) behind the report's lists: the page lists them with this very
 * filter SQL and links to the browser with it, so the two show the same services in the same order.
 */
export const LIST_FILTERS = {
  /** Last changed before the cutoff day, oldest change first. */
  stale: (cutoff: string): Partial<CatalogueQuery> => ({ unchanged: cutoff, sort: "editDate", dir: "asc" }),
  unowned: (): Partial<CatalogueQuery> => ({ missing: ["owner"], sort: "alphabet", dir: "asc" }),
  nolevel: (): Partial<CatalogueQuery> => ({ missing: ["kpi"], sort: "alphabet", dir: "asc" }),
};

/** A day (YYYY-MM-DD, Berlin calendar) as the app shows dates in the reader's language (noon: the same day in Berlin). */
export function showDay(day: string, language: string): string {
  return formatDate(`${day}T12:00:00Z`, language);
}
