import { REVIEW_STATES, type ReviewState } from "~/modules/service/review-cadence";
import { isKnownLanguage } from "~/modules/translations/translations";

/** "<language>-missing" or "<language>-outdated" (issue 37 §5). */
export type TranslationFilter = `${string}-${"missing" | "outdated"}`;
export function isTranslationFilter(value: unknown): value is TranslationFilter {
  const match = typeof value === "string" ? /^([a-z]{2,3})-(missing|outdated)$/.exec(value) : null;
  return Boolean(match && isKnownLanguage(match[1]));
}
import { SERVICE_STAGES, type ServiceStage } from "~/modules/service/service-stage";
import { COMPLETENESS_FIELDS, type CompletenessField } from "./completeness";

/**
 * The catalogue browser's state as URL query parameters, so every view, search and filter is a
 * link and works without JS. Parsing is tolerant: unknown or malformed values are dropped.
 */
export const SERVICE_STATUSES = ["open", "checking", "closed"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SERVICE_TYPES = ["customer", "it"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SORT_KEYS = ["position", "createDate", "editDate", "alphabet"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** "Missing" filter keys: the completeness fields (completeness.ts), so reports link to exactly their services. */
export const MISSING_KEYS = COMPLETENESS_FIELDS;
export type MissingKey = CompletenessField;

/** View modes of spec 01 §2: 0 list, 1 tree, 3 map; 4/5/6 open the last visited service/category/area. */
export const BROWSER_VIEWS = [0, 1, 3] as const;
export type BrowserView = (typeof BROWSER_VIEWS)[number];
export const JUMP_VIEWS = { 4: "service", 5: "category", 6: "area" } as const;

/** Services shown per category: the tree links to the category page beyond this, the map shows "+N". */
export const TREE_SERVICES_PER_CATEGORY = 200;
/** With "expand all" every category opens at once, so each shows fewer (10,000 chips would be ~10 MB). */
export const TREE_EXPAND_ALL_PER_CATEGORY = 10;
export const MAP_SERVICES_PER_CATEGORY = 40;

export const ZOOM_MIN = 0.3;
export const ZOOM_MAX = 1;
export const ZOOM_STEP = 0.025;

export interface CatalogueQuery {
  view: BrowserView | null;
  q: string;
  categories: number[];
  areas: number[];
  owners: number[];
  statuses: ServiceStatus[];
  percents: number[];
  types: ServiceType[];
  tags: number[];
  /** Service providers: a service with any of them matches. */
  providers: number[];
  missing: MissingKey[];
  /** Review due soon / overdue (issue 36 §1): a service in any chosen state matches. */
  review: ReviewState[];
  /** Lifecycle stages (issue 36 §2): a service in any chosen stage matches. */
  stages: ServiceStage[];
  /** Translation state in a further content language (issue 37 §5), e.g. "en-missing": any chosen matches. */
  translations: TranslationFilter[];
  /** Not changed since this day (YYYY-MM-DD, the app's time zone): the reports' "not changed for N months". */
  unchanged: string | null;
  sort: SortKey;
  dir: "asc" | "desc";
  page: number;
  open: number[];
  expandAll: boolean;
  zoom: number;
  /** The tree service whose "move to category" form is shown (one at a time keeps the page small). */
  move: number | null;
  /** The filter panel is open (a link without JS; with JS it opens in place). */
  filters: boolean;
}

export const DEFAULT_QUERY: CatalogueQuery = {
  view: null,
  q: "",
  categories: [],
  areas: [],
  owners: [],
  statuses: [],
  percents: [],
  types: [],
  tags: [],
  providers: [],
  missing: [],
  review: [],
  stages: [],
  translations: [],
  unchanged: null,
  sort: "position",
  dir: "desc",
  page: 1,
  open: [],
  expandAll: false,
  zoom: 1,
  move: null,
  filters: false,
};

function ints(values: string[]): number[] {
  const out = new Set<number>();
  for (const v of values.flatMap((x) => x.split(","))) {
    const n = Number(v);
    if (v.trim() !== "" && Number.isSafeInteger(n)) out.add(n);
  }
  return [...out];
}

function oneOf<T extends string>(values: string[], allowed: readonly T[]): T[] {
  return [...new Set(values.flatMap((x) => x.split(",")).filter((v): v is T => (allowed as readonly string[]).includes(v)))];
}

export function clampZoom(value: number): number {
  if (!Number.isFinite(value)) return 1;
  const stepped = Math.round(value / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Number(stepped.toFixed(3))));
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as YYYY-MM-DD, or null when the text is not one. */
export function parseDay(raw: string | null | undefined): string | null {
  const m = DAY.exec((raw ?? "").trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 9999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? m[0] : null;
}

export function parseView(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 6 ? n : null;
}

export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const view = parseView(params.get("view"));
  const sort = params.get("sort");
  const percents = ints(params.getAll("pct")).filter((p) => p >= 0 && p <= 100);
  return {
    view: view === 0 || view === 1 || view === 3 ? view : null,
    q: (params.get("q") ?? "").slice(0, 200),
    categories: ints(params.getAll("cat")),
    areas: ints(params.getAll("area")),
    owners: ints(params.getAll("owner")),
    statuses: oneOf(params.getAll("status"), SERVICE_STATUSES),
    percents,
    types: oneOf(params.getAll("type"), SERVICE_TYPES),
    tags: ints(params.getAll("tag")),
    providers: ints(params.getAll("provider")),
    missing: oneOf(params.getAll("missing"), MISSING_KEYS),
    review: oneOf(params.getAll("review"), REVIEW_STATES),
    stages: oneOf(params.getAll("stage"), SERVICE_STAGES),
    translations: [...new Set(params.getAll("tr").filter(isTranslationFilter))].slice(0, 20),
    unchanged: parseDay(params.get("unchanged")),
    sort: sort && (SORT_KEYS as readonly string[]).includes(sort) ? (sort as SortKey) : "position",
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    page: Math.max(1, Math.floor(Number(params.get("page")) || 1)),
    open: ints(params.getAll("open")),
    expandAll: params.get("expand") === "all",
    zoom: (params.get("zoom") ?? "").trim() !== "" ? clampZoom(Number(params.get("zoom"))) : 1,
    move: ints(params.getAll("move")).find((id) => id > 0) ?? null,
    filters: params.get("filters") === "1",
  };
}

/** The query as URL parameters, leaving out defaults so links stay short. */
export function toSearchParams(query: Partial<CatalogueQuery>): URLSearchParams {
  const q = { ...DEFAULT_QUERY, ...query };
  const params = new URLSearchParams();
  if (q.view !== null) params.set("view", String(q.view));
  if (q.q) params.set("q", q.q);
  for (const id of q.categories) params.append("cat", String(id));
  for (const id of q.areas) params.append("area", String(id));
  for (const id of q.owners) params.append("owner", String(id));
  for (const s of q.statuses) params.append("status", s);
  for (const p of q.percents) params.append("pct", String(p));
  for (const t of q.types) params.append("type", t);
  for (const id of q.tags) params.append("tag", String(id));
  for (const id of q.providers) params.append("provider", String(id));
  for (const m of q.missing) params.append("missing", m);
  for (const r of q.review) params.append("review", r);
  for (const s of q.stages) params.append("stage", s);
  for (const tr of q.translations) params.append("tr", tr);
  if (q.unchanged) params.set("unchanged", q.unchanged);
  if (q.sort !== "position") params.set("sort", q.sort);
  if (q.dir !== "desc") params.set("dir", q.dir);
  if (q.page > 1) params.set("page", String(q.page));
  if (q.expandAll) params.set("expand", "all");
  else for (const id of q.open) params.append("open", String(id));
  if (q.zoom !== 1) params.set("zoom", String(q.zoom));
  if (q.move !== null) params.set("move", String(q.move));
  if (q.filters) params.set("filters", "1");
  return params;
}

export const BROWSER_PATH = "/servicecatalog";

/** Whether a search term or any filter narrows the services. */
export function isFiltered(q: CatalogueQuery): boolean {
  return Boolean(q.q.trim() || q.categories.length || q.areas.length || q.owners.length || q.statuses.length || q.percents.length || q.types.length || q.tags.length || q.providers.length || q.missing.length || q.review.length || q.stages.length || q.translations.length || q.unchanged);
}

/** A link to the browser with the query changed (page back to 1, move form closed, unless changed). */
export function withQuery(query: CatalogueQuery, change: Partial<CatalogueQuery>): string {
  const params = toSearchParams({ ...query, page: 1, move: null, ...change });
  const s = params.toString();
  return s ? `${BROWSER_PATH}?${s}` : BROWSER_PATH;
}

export type SearchTerm = { kind: "none" } | { kind: "exact"; name: string } | { kind: "substring"; term: string };

/** Spec 01 §4: a trimmed term in double quotes matches the name exactly; else a substring search. */
/**
 * A search text without control characters. The server strips them from every query string
 * already (server/security.mjs); this keeps the search index safe from other callers too
 * (a NUL ends an FTS5 query string early and errors).
 */
export function cleanSearchText(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, "").trim();
}

export function parseSearchTerm(raw: string): SearchTerm {
  const term = cleanSearchText(raw);
  if (!term) return { kind: "none" };
  if (term.length >= 2 && term.startsWith('"') && term.endsWith('"')) {
    const name = term.slice(1, -1).trim();
    return name ? { kind: "exact", name } : { kind: "none" };
  }
  return { kind: "substring", term };
}

/** Picking a suggestion sets the term to the service's name in double quotes. */
export function exactTerm(name: string): string {
  return `"${name}"`;
}

/**
 * Spec 01 §4's category-filter rules: a filter containing -1 yields nothing; when other filters
 * (here: chosen areas) leave no category, the placeholder -1 stands in so nothing — not
 * everything — matches. `null` means "no category restriction".
 */
export function effectiveCategoryFilter(chosen: number[], categoriesOfChosenAreas: number[] | null): number[] | null {
  let ids: number[] | null = chosen.length ? [...chosen] : null;
  if (categoriesOfChosenAreas !== null) {
    const inAreas = new Set(categoriesOfChosenAreas);
    ids = ids === null ? [...inAreas] : ids.filter((id) => id === -1 || inAreas.has(id));
    if (ids.length === 0) ids = [-1];
  }
  return ids;
}

export function toggleId(ids: number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/**
 * The progress filter's bands: 0–9 %, 10–19 %, … 90–99 %, and 100 %. Services are given any whole
 * percentage, so each box finds every service in its band, not only an exact value.
 */
export const PERCENT_BANDS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export function percentBand(from: number): [number, number] {
  return [from, from >= 100 ? 100 : Math.min(100, from + 9)];
}
