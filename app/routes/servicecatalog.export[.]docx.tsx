import { catalogueExportLoader, selectionExportAction } from "~/modules/wordexport/export-page.server";

/** /servicecatalog/export.docx — the Word export of a catalogue (GET, with the browser's filters) or of a selection (POST). */
export const loader = catalogueExportLoader;
export const action = selectionExportAction;
