import { routeHandle } from "~/i18n/namespaces";
import { editMaskAction, editMaskLoader } from "~/modules/masks/masks-page.server";
import { MaskFormPage } from "~/modules/masks/ui/MaskFormPage";

export const handle = routeHandle({ i18n: ["headlines", "masks", "service"], title: "masks.pageTitle" });

/** /admin/attributemasks/:id — one attribute mask: name, target, what it hides. */
export const loader = editMaskLoader;
export const action = editMaskAction;
export default MaskFormPage;
