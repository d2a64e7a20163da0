import type { FactoryArea, FactoryCategory, FactoryLists, FactoryServiceItem } from "../factory-types";

/**
 * The template's lists as a tree: catalogue → area → category → service. Categories without a
 * (known) area and services without a (known) category sit in groups of their own, so nothing the
 * template publishes is hidden.
 */
export interface TreeCategory {
  key: string;
  category: FactoryCategory | null;
  services: FactoryServiceItem[];
}

export interface TreeArea {
  key: string;
  area: FactoryArea | null;
  categories: TreeCategory[];
}

export interface TreeCatalogue {
  key: string;
  id: number | null;
  title: string | null;
  areas: TreeArea[];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildTree(lists: FactoryLists): TreeCatalogue[] {
  const areaIds = new Set(lists.areas.map((a) => a.id));
  const categoryIds = new Set(lists.categories.map((c) => c.id));
  const servicesOf = new Map<number | null, FactoryServiceItem[]>();
  for (const s of lists.services) push(servicesOf, s.categoryId !== null && categoryIds.has(s.categoryId) ? s.categoryId : null, s);
  const categoriesOf = new Map<number | null, FactoryCategory[]>();
  for (const c of lists.categories) push(categoriesOf, c.areaId !== null && areaIds.has(c.areaId) ? c.areaId : null, c);

  const catalogueOf = new Map<number | null, TreeArea[]>();
  for (const area of lists.areas) {
    const categories = (categoriesOf.get(area.id) ?? []).map((c) => ({ key: `c${c.id}`, category: c, services: servicesOf.get(c.id) ?? [] }));
    push(catalogueOf, area.catalogueId, { key: `a${area.id}`, area, categories });
  }
  // Categories without an area, per catalogue; services without a category in one group of their own.
  const loose = new Map<number | null, TreeCategory[]>();
  for (const c of categoriesOf.get(null) ?? []) push(loose, c.catalogueId, { key: `c${c.id}`, category: c, services: servicesOf.get(c.id) ?? [] });
  const orphans = servicesOf.get(null) ?? [];
  if (orphans.length) push(loose, orphans[0].catalogueId, { key: "c-none", category: null, services: orphans });
  for (const [catalogueId, categories] of loose) push(catalogueOf, catalogueId, { key: `a-none-${catalogueId ?? "x"}`, area: null, categories });

  const titles = new Map(lists.catalogues.map((c) => [c.id, c.title]));
  const ids = [...catalogueOf.keys()].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  return ids.map((id) => ({ key: `k${id ?? "x"}`, id, title: id === null ? null : (titles.get(id) ?? null), areas: catalogueOf.get(id) ?? [] }));
}

/** The ids of the services below an area or a category that may still be chosen (not linked). */
export function choosable(services: FactoryServiceItem[], linked: ReadonlyMap<number, number>): number[] {
  return services.filter((s) => !linked.has(s.id)).map((s) => s.id);
}
