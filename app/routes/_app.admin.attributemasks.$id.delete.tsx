import { routeHandle } from "~/i18n/namespaces";
import { deleteMaskAction, deleteMaskLoader } from "~/modules/masks/masks-page.server";
import { DeleteMaskDialog } from "~/modules/masks/ui/DeleteMaskDialog";

export const handle = routeHandle({ i18n: ["headlines"] });

/** /admin/attributemasks/:id/delete — the delete confirmation, over the list (a page of its own without JS). */
export const loader = deleteMaskLoader;
export const action = deleteMaskAction;
export default DeleteMaskDialog;
