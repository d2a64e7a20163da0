/**
 * Client-safe shapes of the template import (issue 18): the template's lists as the catalogue
 * screen shows them, and what became of each imported service.
 */

export interface FactoryArea {
  id: number;
  name: string;
  catalogueId: number | null;
}

export interface FactoryCategory {
  id: number;
  name: string;
  areaId: number | null;
  catalogueId: number | null;
}

export interface FactoryServiceItem {
  id: number;
  name: string;
  categoryId: number | null;
  catalogueId: number | null;
}

export interface FactoryCatalogueItem {
  id: number;
  title: string | null;
}

/** The template's catalogue as the selection screen needs it (names and ids only). */
export interface FactoryLists {
  catalogues: FactoryCatalogueItem[];
  areas: FactoryArea[];
  categories: FactoryCategory[];
  services: FactoryServiceItem[];
}

export type ListName = "catalogues" | "areas" | "categories" | "services";

/** One page of a list, as /factory/catalog/pages answers it. */
export type PageAnswer =
  | { ok: true; list: ListName; page: number; lastPage: number; items: FactoryArea[] | FactoryCategory[] | FactoryServiceItem[] | FactoryCatalogueItem[] }
  | { ok: false; error: string };

/** Why a service was not imported (i18n key under factory.import.reasons). */
export type FailureReason = "invalid" | "category" | "store" | "gone";

export type ImportOutcome =
  | { status: "imported"; factoryId: number; name: string; serviceId: number; createdAreas: string[]; createdCategories: string[] }
  | { status: "skipped"; factoryId: number; name: string; serviceId: number }
  | { status: "failed"; factoryId: number; name: string; reason: FailureReason; detail?: string };

/** What one import batch answers (JSON) and the whole import shows. */
export type BatchAnswer = { ok: true; outcomes: ImportOutcome[] } | { ok: false; error: string; fields?: Record<string, string> };

/** "template": the template's own area and category, found by name in the target catalogue or created. */
export const TEMPLATE_TARGET = "template";

/** Form field of the target of a template category (`none`: services without a category). */
export const mapField = (categoryId: number | null) => `map-${categoryId ?? "none"}`;

/**
 * The template's areas, categories and services that match a search (case-insensitive substring
 * of the name, spec 02 §5): a service matches by its own name or its category's or area's; an
 * area or category is kept when its name matches or it holds a kept service.
 */
export function filterLists(lists: FactoryLists, query: string): FactoryLists {
  const q = query.trim().toLowerCase();
  if (!q) return lists;
  const hit = (name: string) => name.toLowerCase().includes(q);
  const areaHit = new Set(lists.areas.filter((a) => hit(a.name)).map((a) => a.id));
  const categoryHit = new Set(lists.categories.filter((c) => hit(c.name) || (c.areaId !== null && areaHit.has(c.areaId))).map((c) => c.id));
  const services = lists.services.filter((s) => hit(s.name) || (s.categoryId !== null && categoryHit.has(s.categoryId)));
  const withServices = new Set(services.map((s) => s.categoryId));
  const categories = lists.categories.filter((c) => categoryHit.has(c.id) || withServices.has(c.id));
  const areasKept = new Set(categories.map((c) => c.areaId));
  const areas = lists.areas.filter((a) => areaHit.has(a.id) || areasKept.has(a.id));
  return { catalogues: lists.catalogues, areas, categories, services };
}

/**
 * The services a selection stands for (spec 02 §4): a selected area brings its categories' services,
 * a selected category its services, plus the services selected one by one — never one that is
 * already linked to a local service.
 */
export function expandSelection(lists: FactoryLists, selected: { areas: number[]; categories: number[]; services: number[] }, linked: ReadonlySet<number>): number[] {
  const areas = new Set(selected.areas);
  const categories = new Set([...selected.categories, ...lists.categories.filter((c) => c.areaId !== null && areas.has(c.areaId)).map((c) => c.id)]);
  const wanted = new Set(selected.services);
  for (const service of lists.services) if (service.categoryId !== null && categories.has(service.categoryId)) wanted.add(service.id);
  return lists.services.filter((s) => wanted.has(s.id) && !linked.has(s.id)).map((s) => s.id);
}

/**
 * The list's query as its dialogs carry it (preview, import, back to the list): the search and
 * whether the server loads the lists, never "load afresh" — that happens once, when asked for.
 */
export function listQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("refresh");
  const query = params.toString();
  return query ? `?${query}` : "";
}
