import { editMaskAction, editMaskLoader } from "~/modules/masks/masks-page.server";
import { MaskFormPage } from "~/modules/masks/ui/MaskFormPage";

/** /admin/attributemasks/:id — one attribute mask: name, target, what it hides. */
export const loader = editMaskLoader;
export const action = editMaskAction;
export default MaskFormPage;
