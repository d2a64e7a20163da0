import type { Executor } from "~/server/audit.server";
import { passes, releaseFacets, parseReleaseFilter } from "./release-facets.server";
import { releaseOutline, type ReleaseRow } from "./release-rows.server";
import { releaseTree } from "./release-read.server";

/**
 * A release's contents as its browser shows them (issue 35 §4): the tree (areas → categories →
 * services) or the list (the services in a table, 50 a page), both narrowed by the same search and
 * filters. The list reads the facets (cached per release) for each service's type.
 */

export const LIST_PAGE = 50;

export type ReleaseView = "tree" | "list";

export async function releaseList(db: Executor, release: ReleaseRow, params: URLSearchParams) {
  const filter = parseReleaseFilter(params);
  const [items, facets] = await Promise.all([releaseOutline(db, release.id), releaseFacets(db, release.id)]);
  const byId = new Map(items.map((i) => [`${i.kind}:${i.id}`, i]));
  const services = items.filter((i) => i.kind === "service" && passes(facets.get(i.id), filter)).sort((a, b) => a.name.localeCompare(b.name, "de") || a.id - b.id);
  const pages = Math.max(1, Math.ceil(services.length / LIST_PAGE));
  const raw = Number(params.get("page") ?? 1);
  const page = Number.isSafeInteger(raw) && raw >= 1 ? Math.min(raw, pages) : 1;
  const rows = services.slice((page - 1) * LIST_PAGE, page * LIST_PAGE).map((s) => {
    const category = s.parentId !== null ? byId.get(`category:${s.parentId}`) : undefined;
    const area = category?.parentId != null ? byId.get(`area:${category.parentId}`) : undefined;
    return { id: s.id, name: s.name, category: category?.name ?? null, area: area?.name ?? null, type: facets.get(s.id)?.type ?? null };
  });
  return { rows, total: services.length, page, pages };
}

/** The contents page's data: the tree always (its heading and the filter form read it), the list when asked for. */
export async function releaseContentsData(db: Executor, release: ReleaseRow, params: URLSearchParams) {
  const view: ReleaseView = params.get("view") === "list" ? "list" : "tree";
  const [tree, list] = await Promise.all([releaseTree(db, release, parseReleaseFilter(params)), view === "list" ? releaseList(db, release, params) : null]);
  return { view, tree, list };
}
