import { routeHandle } from "~/i18n/namespaces";
import { releaseServiceLoader } from "~/modules/releases/release-pages.server";
import { ReleaseServicePage } from "~/modules/releases/ui/ReleaseServicePage";

export const handle = routeHandle({ i18n: ["ai", "basedata", "catalogframe", "headlines", "history", "masks", "releases", "service", "servicechildren", "structure", "translations", "wordexport"] });

/** /servicecatalog/releases/:id/service/:serviceId — a service as the release froze it, read-only. */
export const loader = releaseServiceLoader;
export default ReleaseServicePage;
