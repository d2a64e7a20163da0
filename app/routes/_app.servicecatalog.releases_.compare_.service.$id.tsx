import { routeHandle } from "~/i18n/namespaces";
import { compareServiceLoader } from "~/modules/releases/compare-page.server";
import { CompareServicePage } from "~/modules/releases/ui/CompareServicePage";

export const handle = routeHandle({ i18n: ["catalogframe", "headlines", "history", "masks", "releasecompare", "releases", "service"], title: "releasecompare.title" });

/** /servicecatalog/releases/compare/service/:id?from=&to= — one service's differences, field by field. */
export const loader = compareServiceLoader;
export default CompareServicePage;
