import { editViewAction, editViewLoader } from "~/modules/views/views-page.server";
import { EditViewDialog } from "~/modules/views/ui/ViewDialogs";

export const loader = editViewLoader;
export const action = editViewAction;
export default EditViewDialog;
