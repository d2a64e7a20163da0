import { useCallback, useMemo, useState } from "react";
import type { FactoryLists } from "../factory-types";
import type { TreeSelection } from "./CatalogTree";

/**
 * The selection rules of spec 02 §4, in the browser: selecting an area selects its categories and
 * their services, deselecting removes them; selecting a category adds its services (deselecting
 * removes them). Services already linked to a local service are never selected.
 */
export function useSelection(lists: FactoryLists | null, linked: ReadonlyMap<number, number>): TreeSelection & { clear: () => void } {
  const [areas, setAreas] = useState<ReadonlySet<number>>(new Set());
  const [categories, setCategories] = useState<ReadonlySet<number>>(new Set());
  const [services, setServices] = useState<ReadonlySet<number>>(new Set());

  const index = useMemo(() => {
    const categoriesOf = new Map<number, number[]>();
    const servicesOf = new Map<number, number[]>();
    const add = (map: Map<number, number[]>, key: number, id: number) => {
      const list = map.get(key);
      if (list) list.push(id);
      else map.set(key, [id]);
    };
    for (const c of lists?.categories ?? []) if (c.areaId !== null) add(categoriesOf, c.areaId, c.id);
    for (const s of lists?.services ?? []) if (s.categoryId !== null && !linked.has(s.id)) add(servicesOf, s.categoryId, s.id);
    return { categoriesOf, servicesOf };
  }, [lists, linked]);

  const change = (set: ReadonlySet<number>, ids: number[], on: boolean) => {
    const next = new Set(set);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  };

  const toggleCategories = useCallback(
    (ids: number[], on: boolean) => {
      setCategories((set) => change(set, ids, on));
      setServices((set) => change(set, ids.flatMap((id) => index.servicesOf.get(id) ?? []), on));
    },
    [index],
  );

  // What was imported meanwhile (the dialog's import, then the list revalidated) leaves the selection,
  // and so do an area or a category with nothing left to choose.
  const live = useMemo(() => {
    const choosable = (category: number) => (index.servicesOf.get(category) ?? []).length > 0;
    return {
      services: new Set([...services].filter((id) => !linked.has(id))),
      categories: new Set([...categories].filter(choosable)),
      areas: new Set([...areas].filter((area) => (index.categoriesOf.get(area) ?? []).some(choosable))),
    };
  }, [services, categories, areas, linked, index]);

  return {
    ...live,
    areaChoosable: (id) => (index.categoriesOf.get(id) ?? []).some((category) => (index.servicesOf.get(category) ?? []).length > 0),
    categoryChoosable: (id) => (index.servicesOf.get(id) ?? []).length > 0,
    toggleArea: (id, on) => {
      setAreas((set) => change(set, [id], on));
      toggleCategories(index.categoriesOf.get(id) ?? [], on);
    },
    toggleCategory: (id, on) => toggleCategories([id], on),
    toggleService: (id, on) => setServices((set) => change(set, [id], on)),
    clear: () => {
      setAreas(new Set());
      setCategories(new Set());
      setServices(new Set());
    },
  };
}
