import { deleteDialogAction, deleteDialogLoader } from "~/modules/catalogframe/section-page.server";
import { DeleteDialog } from "~/modules/catalogframe/ui/SectionDialogs";

/** /catalogframe/:id/delete/:kind/:item — confirm deleting a section, paragraph, table or matrix. */
export const loader = deleteDialogLoader;
export const action = deleteDialogAction;
export default DeleteDialog;
