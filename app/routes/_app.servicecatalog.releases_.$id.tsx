import { routeHandle } from "~/i18n/namespaces";
import { releaseLoader } from "~/modules/releases/release-pages.server";
import { ReleaseContentsPage } from "~/modules/releases/ui/ReleaseContentsPage";

export const handle = routeHandle({ i18n: ["basedata", "catalogframe", "headlines", "masks", "releases", "service", "structure"], title: "releases.title" });

/** /servicecatalog/releases/:id — what a release holds, read-only. */
export const loader = releaseLoader;
export default ReleaseContentsPage;
