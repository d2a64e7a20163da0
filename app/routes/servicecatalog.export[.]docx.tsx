import { routeHandle } from "~/i18n/namespaces";
import { catalogueExportLoader, selectionExportAction } from "~/modules/wordexport/export-page.server";
import { refuseReleaseReaders, releaseExportFirst } from "~/modules/releases/customer-export.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogframe", "catalogue", "headlines", "masks", "service", "servicechildren", "users", "wordexport"] });

/** /servicecatalog/export.docx — the Word export of a catalogue (GET, with the browser's filters) or of a selection (POST). */
export const loader = releaseExportFirst(catalogueExportLoader);
export const action = refuseReleaseReaders(selectionExportAction);
