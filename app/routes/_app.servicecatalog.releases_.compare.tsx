import { routeHandle } from "~/i18n/namespaces";
import { compareLoader } from "~/modules/releases/compare-page.server";
import { ComparePage } from "~/modules/releases/ui/ComparePage";

export const handle = routeHandle({ i18n: ["catalogframe", "headlines", "history", "masks", "releasecompare", "releases", "service"], title: "releasecompare.title" });

/** /servicecatalog/releases/compare?from=&to=&change=&area=&category= — two versions of the catalogue compared. */
export const loader = compareLoader;
export default ComparePage;
