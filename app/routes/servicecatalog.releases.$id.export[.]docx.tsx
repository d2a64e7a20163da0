import { routeHandle } from "~/i18n/namespaces";
import { releaseExportLoader } from "~/modules/releases/release-word.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogframe", "catalogue", "headlines", "masks", "service", "servicechildren", "users", "wordexport"] });

/** /servicecatalog/releases/:id/export.docx — the Word export of a release (`?service=` one service), from its snapshot. */
export const loader = releaseExportLoader;
