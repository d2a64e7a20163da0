import { toSearchParams, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";

/** The Word export's addresses and file type (client-safe: the buttons build their links with these). */

export const CATALOGUE_EXPORT_PATH = "/servicecatalog/export.docx";
export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The export of a catalogue, narrowed by the browser's search and filters (the view's own state is left out). */
export function catalogueExportHref(catalogueId: number, query: CatalogueQuery): string {
  const { q, categories, areas, owners, statuses, percents, types, tags, missing } = query;
  const params = toSearchParams({ q, categories, areas, owners, statuses, percents, types, tags, missing });
  params.set("catalogue", String(catalogueId));
  return `${CATALOGUE_EXPORT_PATH}?${params}`;
}

/** Where the browser's selection form posts to export the checked areas, categories and services. */
export function selectionExportAction(catalogueId: number, back: string): string {
  return `${CATALOGUE_EXPORT_PATH}?${new URLSearchParams({ catalogue: String(catalogueId), redirectTo: back })}`;
}

export function serviceExportHref(serviceId: number): string {
  return `/servicecatalog/service/${serviceId}/export.docx`;
}
