import { z } from "zod";
import {
  BROWSER_PATH,
  DEFAULT_QUERY,
  MISSING_KEYS,
  SERVICE_STATUSES,
  SERVICE_TYPES,
  SORT_KEYS,
  isFiltered,
  parseCatalogueQuery,
  toSearchParams,
  type BrowserView,
  type CatalogueQuery,
} from "~/modules/catalogue/catalogue-query";
import { REVIEW_STATES } from "~/modules/service/review-cadence";
import { SERVICE_STAGES } from "~/modules/service/service-stage";

/**
 * What a saved view keeps of the catalogue browser (client-safe): the view mode, the search, every
 * filter and the sort — the parts of the browser's URL that choose *which* services are shown and
 * how they are ordered. Paging, opened tree nodes, zoom and one-off forms are left out (a view
 * opens on its first page). Stored as JSON in this normalised form: ids and keys sorted and
 * without duplicates, so two saves of the same state are equal.
 */

const ids = z.array(z.number().int().safe()).max(500);

export const ViewStateSchema = z.object({
  view: z.union([z.literal(0), z.literal(1), z.literal(3)]) satisfies z.ZodType<BrowserView>,
  q: z.string().max(200),
  categories: ids,
  areas: ids,
  owners: ids,
  statuses: z.array(z.enum(SERVICE_STATUSES)),
  percents: z.array(z.number().int().min(0).max(100)),
  types: z.array(z.enum(SERVICE_TYPES)),
  tags: ids,
  missing: z.array(z.enum(MISSING_KEYS)),
  // Views saved before the review cadence (issue 36 §1) have none.
  review: z.array(z.enum(REVIEW_STATES)).default([]),
  stages: z.array(z.enum(SERVICE_STAGES)).default([]),
  sort: z.enum(SORT_KEYS),
  dir: z.enum(["asc", "desc"]),
});

export type ViewState = z.infer<typeof ViewStateSchema>;

const sortedIds = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);
const sortedKeys = <T extends string>(list: readonly T[], order: readonly T[]) => order.filter((k) => list.includes(k));

/** The state to keep from the browser's query and the view it shows (the query may leave the view to the cookie). */
export function stateFromQuery(query: CatalogueQuery, view: BrowserView): ViewState {
  return {
    view,
    q: query.q.trim(),
    categories: sortedIds(query.categories),
    areas: sortedIds(query.areas),
    owners: sortedIds(query.owners),
    statuses: sortedKeys(query.statuses, SERVICE_STATUSES),
    percents: sortedIds(query.percents),
    types: sortedKeys(query.types, SERVICE_TYPES),
    tags: sortedIds(query.tags),
    missing: sortedKeys(query.missing, MISSING_KEYS),
    review: sortedKeys(query.review, REVIEW_STATES),
    stages: sortedKeys(query.stages, SERVICE_STAGES),
    sort: query.sort,
    dir: query.dir,
  };
}

/** The state in the browser's URL parameters (read leniently, as the browser does); the view mode defaults to the list. */
export function stateFromSearch(params: URLSearchParams): ViewState {
  const query = parseCatalogueQuery(params);
  return stateFromQuery(query, query.view ?? 0);
}

/** The stored JSON read back; anything that no longer validates opens the unfiltered list instead of failing. */
export function parseStoredState(json: string): ViewState {
  try {
    const parsed = ViewStateSchema.safeParse(JSON.parse(json));
    if (parsed.success) return stateFromQuery({ ...DEFAULT_QUERY, ...parsed.data }, parsed.data.view);
  } catch {
    // not JSON: fall through
  }
  return stateFromQuery(DEFAULT_QUERY, 0);
}

/** The browser's query string for a state: the view mode always, the rest only where it differs from the defaults. */
export function stateSearch(state: ViewState): string {
  return toSearchParams({ ...DEFAULT_QUERY, ...state }).toString();
}

/** The browser showing this state. */
export function browserHref(state: ViewState): string {
  return `${BROWSER_PATH}?${stateSearch(state)}`;
}

/** How many filter kinds a state uses (as the browser's filter panel counts them). */
export function filterCount(state: ViewState): number {
  return [state.areas, state.categories, state.owners, state.statuses, state.percents, state.types, state.tags, state.missing].filter((l) => l.length > 0).length;
}

/** Whether the state narrows the services at all. */
export function stateIsFiltered(state: ViewState): boolean {
  return isFiltered({ ...DEFAULT_QUERY, ...state });
}
