import { serviceExportLoader } from "~/modules/wordexport/export-page.server";

/** /servicecatalog/service/:id/export.docx — the Word export of one service. */
export const loader = serviceExportLoader;
