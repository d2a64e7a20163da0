import { deleteViewAction, deleteViewLoader } from "~/modules/views/views-page.server";
import { DeleteViewDialog } from "~/modules/views/ui/ViewDialogs";

export const loader = deleteViewLoader;
export const action = deleteViewAction;
export default DeleteViewDialog;
