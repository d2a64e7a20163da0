import type { Executor } from "~/server/audit.server";
import { chunks } from "~/lib/chunks";
import { plainText } from "~/lib/markup";
import { containsIgnoreCase } from "~/server/db-helpers.server";
import type { ServiceContent } from "./release-types";
import { releaseContents, releaseOutline } from "./release-rows.server";

/**
 * What the browser of a release filters and searches on, per service: its type, whether it names
 * an owner and a KPI, and its text (name, short description, description) for the full-text search;
 * and the relations pointing at a service from others (who requires it, what was derived from it).
 * A release never changes, so the facets of the few releases read lately are kept in memory: the
 * contents (pictures included) are read once, in chunks, and only the facets stay.
 */

export interface ServiceFacet {
  id: number;
  type: string;
  hasOwner: boolean;
  hasKpi: boolean;
  /** Lower-case plain text, at most TEXT_MAX characters. */
  text: string;
  /** The services it requires, and the service it was derived from (for "required by" and "derivatives"). */
  requires: number[];
  parentId: number | null;
}

const CHUNK = 500;
const TEXT_MAX = 4_000;
const KEEP = 4;
// Per database handle: a release id names a release of one database only (tests and tools open several).
const caches = new WeakMap<object, Map<number, Promise<Map<number, ServiceFacet>>>>();

const plain = (html: unknown) => (typeof html === "string" ? plainText(html) : "");

async function readFacets(db: Executor, releaseId: number): Promise<Map<number, ServiceFacet>> {
  const ids = (await releaseOutline(db, releaseId)).filter((i) => i.kind === "service").map((i) => i.id);
  const facets = new Map<number, ServiceFacet>();
  for (const chunk of chunks(ids, CHUNK)) {
    for (const [id, { name, content }] of await releaseContents<ServiceContent>(db, releaseId, "service", chunk)) {
      const text = [name, plain(content.short_description), plain(content.description)].join(" ");
      facets.set(id, {
        id,
        type: String(content.servicetype ?? ""),
        hasOwner: content.owners.length > 0,
        hasKpi: content.kpis.length > 0,
        text: text.toLocaleLowerCase("de").slice(0, TEXT_MAX),
        requires: content.requires,
        parentId: typeof content.parent_service_id === "number" ? content.parent_service_id : null,
      });
    }
  }
  return facets;
}

/** The facets of a release's services by id (cached: a release never changes). */
export function releaseFacets(db: Executor, releaseId: number): Promise<Map<number, ServiceFacet>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const kept = cache.get(releaseId);
  if (kept) {
    // Most recently used last.
    cache.delete(releaseId);
    cache.set(releaseId, kept);
    return kept;
  }
  const read = readFacets(db, releaseId);
  read.catch(() => cache.delete(releaseId));
  cache.set(releaseId, read);
  while (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  return read;
}

/** The release browser's filters (the working copy's names: `q`, `type`, `missing`). */
export interface ReleaseFilter {
  q: string;
  types: string[];
  missing: ("owner" | "kpi")[];
}

export const NO_FILTER: ReleaseFilter = { q: "", types: [], missing: [] };

export function parseReleaseFilter(params: URLSearchParams): ReleaseFilter {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    types: params.getAll("type").filter((t) => t === "customer" || t === "it"),
    missing: params.getAll("missing").filter((m): m is "owner" | "kpi" => m === "owner" || m === "kpi"),
  };
}

export const isReleaseFiltered = (filter: ReleaseFilter) => Boolean(filter.q) || filter.types.length > 0 || filter.missing.length > 0;

/** Whether a service passes the filter: every word of the search in its text, one of the types, lacking what is asked. */
export function passes(facet: ServiceFacet | undefined, filter: ReleaseFilter): boolean {
  if (!facet) return !isReleaseFiltered(filter);
  if (filter.types.length && !filter.types.includes(facet.type)) return false;
  if (filter.missing.includes("owner") && facet.hasOwner) return false;
  if (filter.missing.includes("kpi") && facet.hasKpi) return false;
  const words = filter.q.toLocaleLowerCase("de").split(/\s+/).filter(Boolean);
  return words.every((word) => facet.text.includes(word));
}

/** The services of a release that require this one, and those derived from it (by name). */
export async function relationsTo(db: Executor, releaseId: number, serviceId: number) {
  const facets = [...(await releaseFacets(db, releaseId)).values()];
  return {
    requiredBy: facets.filter((f) => f.requires.includes(serviceId)).map((f) => f.id),
    derivatives: facets.filter((f) => f.parentId === serviceId).map((f) => f.id),
  };
}

/** A release's dashboard figures: services in all, by type, without owner, without KPI. */
export async function releaseFigures(db: Executor, releaseId: number) {
  const facets = [...(await releaseFacets(db, releaseId)).values()];
  const byType: Record<string, number> = {};
  for (const f of facets) byType[f.type] = (byType[f.type] ?? 0) + 1;
  return {
    total: facets.length,
    byType,
    withoutOwner: facets.filter((f) => !f.hasOwner).length,
    withoutKpi: facets.filter((f) => !f.hasKpi).length,
  };
}

/** Names of a release's services that contain the term (the search box's suggestions for a customer who reads it). */
export async function releaseSuggestions(db: Executor, releaseId: number, term: string, limit = 10) {
  if (term.length < 2) return [];
  const rows = await db
    .selectFrom("release_items")
    .select(["item_id as id", "name"])
    .where("release_id", "=", releaseId)
    .where("kind", "=", "service")
    .where(containsIgnoreCase(db, "name", term))
    .limit(100)
    .execute();
  return rows.sort((a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name, "de")).slice(0, limit);
}
