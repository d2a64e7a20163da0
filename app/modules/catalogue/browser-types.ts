import type { CatalogueQuery } from "~/modules/catalogue/catalogue-query";

/** The browser loader's data as the components receive it (JSON-serialised). */
export interface CatalogueOption {
  id: number;
  title: string | null;
  frameTitle: string | null;
}
export interface CatalogueSize {
  services: number;
  areas: number;
  categories: number;
}
export interface StructureData {
  areas: { id: number; name: string }[];
  categories: { id: number; name: string; areaId: number | null; count: number }[];
  uncategorised: number;
}
export interface Chip {
  id: number;
  name: string;
  status: string;
  statuspercent: number;
  servicetype: string;
  category_id: number | null;
  position: number;
}
/** A list row as sent: category and area names come from the structure the page has anyway. */
export interface ListRow {
  id: number;
  name: string;
  status: string;
  statuspercent: number;
  servicetype: string;
  category_id: number | null;
  updated_at: string;
}
export interface EditScope {
  all: boolean;
  categories: number[];
  services: number[];
}
export type Query = CatalogueQuery;

export function mayEdit(scope: EditScope, service: { id: number; category_id: number | null }) {
  return scope.all || scope.services.includes(service.id) || (service.category_id !== null && scope.categories.includes(service.category_id));
}
