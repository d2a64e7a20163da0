import { routeHandle } from "~/i18n/namespaces";
import { editViewAction, editViewLoader } from "~/modules/views/views-page.server";
import { EditViewDialog } from "~/modules/views/ui/ViewDialogs";

export const handle = routeHandle({ title: "views.edit.title" });

export const loader = editViewLoader;
export const action = editViewAction;
export default EditViewDialog;
