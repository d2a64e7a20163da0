import { DEFAULT_QUERY, parseCatalogueQuery, toSearchParams, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { parseIdList } from "~/lib/ids";

/**
 * /tools' URL state (client-safe): which services the page works on. Either the catalogue
 * browser's filter (its own parameters, so a browser URL's query opens the same services here)
 * in a catalogue, or a selection of ids (`pick=selection` with the browser's checked `area`,
 * `category` and `service` entries). Every state is a link; the forms carry it in their action.
 */

export const TOOLS_PATH = "/tools";
export const CSV_EXPORT_PATH = "/tools/export.csv";

/** A bulk change takes at most this many services at once (the preview lists each one). */
export const MAX_BULK_SERVICES = 1000;
/** How many of the picked services the page lists (the rest are counted). */
export const TOOLS_PAGE_SIZE = 25;

export type ToolsFilter = Pick<CatalogueQuery, "q" | "categories" | "areas" | "owners" | "statuses" | "percents" | "types" | "tags" | "providers" | "missing" | "review" | "stages" | "unchanged">;

export type ToolsSelection =
  | { mode: "filter"; catalogueId: number | null; filter: ToolsFilter }
  | { mode: "selection"; areas: number[]; categories: number[]; services: number[] };

/** Reads the state leniently: malformed values are dropped, as in the browser. */
export function parseToolsSelection(params: URLSearchParams): ToolsSelection {
  if (params.get("pick") === "selection") {
    return { mode: "selection", areas: parseIdList(params.getAll("area")), categories: parseIdList(params.getAll("category")), services: parseIdList(params.getAll("service")) };
  }
  const raw = params.get("catalogue");
  const catalogue = raw !== null && /^-?\d{1,12}$/.test(raw.trim()) ? Number(raw) : null;
  const { q, categories, areas, owners, statuses, percents, types, tags, providers, missing, review, stages, unchanged } = parseCatalogueQuery(params);
  return { mode: "filter", catalogueId: catalogue, filter: { q, categories, areas, owners, statuses, percents, types, tags, providers, missing, review, stages, unchanged } };
}

/** The state as URL parameters (defaults left out). */
export function selectionParams(selection: ToolsSelection): URLSearchParams {
  if (selection.mode === "selection") {
    const params = new URLSearchParams({ pick: "selection" });
    for (const id of selection.areas) params.append("area", String(id));
    for (const id of selection.categories) params.append("category", String(id));
    for (const id of selection.services) params.append("service", String(id));
    return params;
  }
  const params = toSearchParams({ ...DEFAULT_QUERY, ...selection.filter });
  if (selection.catalogueId !== null) params.set("catalogue", String(selection.catalogueId));
  return params;
}

function withParams(path: string, params: URLSearchParams): string {
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** /tools with this selection. */
export function toolsHref(selection: ToolsSelection): string {
  return withParams(TOOLS_PATH, selectionParams(selection));
}

/** /tools on what the catalogue browser shows: its catalogue and its search and filters. */
export function toolsHrefForBrowser(catalogueId: number, query: CatalogueQuery): string {
  const { q, categories, areas, owners, statuses, percents, types, tags, providers, missing, review, stages, unchanged } = query;
  return toolsHref({ mode: "filter", catalogueId, filter: { q, categories, areas, owners, statuses, percents, types, tags, providers, missing, review, stages, unchanged } });
}

/** Whether the filter narrows the catalogue at all (else the page says "all services of …"). */
export function isNarrowed(filter: ToolsFilter): boolean {
  return Boolean(
    filter.q.trim() ||
      filter.categories.length ||
      filter.areas.length ||
      filter.owners.length ||
      filter.statuses.length ||
      filter.percents.length ||
      filter.types.length ||
      filter.tags.length ||
      filter.providers.length ||
      filter.missing.length ||
      filter.review.length ||
      filter.stages.length ||
      filter.unchanged,
  );
}
