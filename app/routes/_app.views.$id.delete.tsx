import { routeHandle } from "~/i18n/namespaces";
import { deleteViewAction, deleteViewLoader } from "~/modules/views/views-page.server";
import { DeleteViewDialog } from "~/modules/views/ui/ViewDialogs";

export const handle = routeHandle({ title: "views.delete.title" });

export const loader = deleteViewLoader;
export const action = deleteViewAction;
export default DeleteViewDialog;
