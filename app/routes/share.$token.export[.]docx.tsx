import { routeHandle } from "~/i18n/namespaces";
import { shareExportLoader } from "~/modules/releases/release-word.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogframe", "catalogue", "headlines", "masks", "service", "servicechildren", "users", "wordexport"] });

/** /share/:token/export.docx — the shared release (`?service=` one service) as a Word document, while the export licence is on. */
export const loader = shareExportLoader;
