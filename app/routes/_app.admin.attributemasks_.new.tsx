import { routeHandle } from "~/i18n/namespaces";
import { newMaskAction, newMaskLoader } from "~/modules/masks/masks-page.server";
import { MaskFormPage } from "~/modules/masks/ui/MaskFormPage";

export const handle = routeHandle({ i18n: ["headlines", "masks", "service"], title: "masks.newTitle" });

/** /admin/attributemasks/new — a new attribute mask (a page of its own: the form is long). */
export const loader = newMaskLoader;
export const action = newMaskAction;
export default MaskFormPage;
