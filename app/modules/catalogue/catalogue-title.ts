import type { TFunction } from "i18next";

export const STATIC_CATALOGUE_ID = -1;

export interface CatalogueNaming {
  id: number;
  title: string | null;
  frameTitle?: string | null;
}

/**
 * Spec 01 §2: the static catalogue shows its frame title, else "Statischer Katalog"; others
 * their title, else "Katalog {id}".
 */
export function catalogueTitle(t: TFunction, catalogue: CatalogueNaming): string {
  if (catalogue.id === STATIC_CATALOGUE_ID) return catalogue.frameTitle?.trim() || (t("catalogue.staticTitle") as string);
  return catalogue.title?.trim() || (t("catalogue.fallbackTitle", { id: catalogue.id }) as string);
}
