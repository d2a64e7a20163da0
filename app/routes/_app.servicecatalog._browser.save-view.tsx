import { routeHandle } from "~/i18n/namespaces";
import { saveViewAction, saveViewLoader } from "~/modules/views/views-page.server";
import { SaveViewDialog } from "~/modules/views/ui/ViewDialogs";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ title: "views.save.title" });

/** /servicecatalog/save-view?… — "save this view": a dialog over the browser showing the same state; a page of its own without JS. */
export const loader = workingCopyOnly(saveViewLoader);
export const action = workingCopyOnly(saveViewAction);
export default SaveViewDialog;
