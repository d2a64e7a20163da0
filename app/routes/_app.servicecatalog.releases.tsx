import { routeHandle } from "~/i18n/namespaces";
import { customerViewAction, releasesLoader } from "~/modules/releases/releases-page.server";
import { ReleasesPage } from "~/modules/releases/ui/ReleasesPage";

export const handle = routeHandle({ i18n: ["catalogframe", "headlines", "masks", "releases"], title: "releases.title" });

/** /servicecatalog/releases — the current catalogue's releases and what its customers read; publish, withdraw, re-instate and delete dialogs nest here. */
export const loader = releasesLoader;
export const action = customerViewAction;
export default ReleasesPage;
