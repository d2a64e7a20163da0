import { routeHandle } from "~/i18n/namespaces";
import { viewsLoader } from "~/modules/views/views-page.server";
import { ViewsPage } from "~/modules/views/ui/ViewsPage";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["documentation", "views"], title: "views.title" });

/** /views — saved views of the catalogue browser; the edit and delete dialogs nest here. */
export const loader = workingCopyOnly(viewsLoader);
export default ViewsPage;
