import { routeHandle } from "~/i18n/namespaces";
import { serviceExportLoader } from "~/modules/wordexport/export-page.server";
import { releaseServiceExportFirst } from "~/modules/releases/customer-export.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogframe", "catalogue", "headlines", "masks", "service", "servicechildren", "users", "wordexport"] });

/** /servicecatalog/service/:id/export.docx — the Word export of one service. */
export const loader = releaseServiceExportFirst(serviceExportLoader);
