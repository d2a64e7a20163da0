/** Areas and categories as the list view's panels show them (by name, with their sizes). */
export interface NamedStructure {
  areas: { id: number; name: string; categories: number }[];
  categories: { id: number; name: string; areaId: number | null; areaName: string | null; services: number }[];
}

interface Structure {
  areas: { id: number; name: string }[];
  categories: { id: number; name: string; areaId: number | null; count: number }[];
}

/**
 * The list panels without a search term, from an unfiltered structure (whose counts then are the
 * categories' live services): the same as the model's namedStructure(…, ""), without reading or
 * sending it a second time.
 */
export function namedFromStructure(structure: Structure): NamedStructure {
  const areaName = new Map(structure.areas.map((a) => [a.id, a.name]));
  const byArea = new Map<number | null, Structure["categories"]>();
  for (const c of structure.categories) {
    const key = c.areaId !== null && areaName.has(c.areaId) ? c.areaId : null;
    const list = byArea.get(key);
    if (list) list.push(c);
    else byArea.set(key, [c]);
  }
  // Grouped by area in the areas' order, categories without an area last (as namedStructure sorts).
  const ordered = [...structure.areas.flatMap((a) => byArea.get(a.id) ?? []), ...(byArea.get(null) ?? [])];
  return {
    areas: structure.areas.map((a) => ({ id: a.id, name: a.name, categories: byArea.get(a.id)?.length ?? 0 })),
    categories: ordered.map((c) => ({ id: c.id, name: c.name, areaId: c.areaId, areaName: c.areaId === null ? null : (areaName.get(c.areaId) ?? null), services: c.count })),
  };
}
