import { deleteAttributeAction, deleteAttributeLoader } from "~/modules/attributes/attributes-page.server";
import { DeleteAttributeDialog } from "~/modules/attributes/ui/DeleteAttributeDialog";

/** /admin/serviceattributes/:id/delete — the delete confirmation over the list (admin guard; unknown id → 404). */
export const loader = deleteAttributeLoader;
export const action = deleteAttributeAction;
export default DeleteAttributeDialog;
