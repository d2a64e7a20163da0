import { routeHandle } from "~/i18n/namespaces";
import { newPatchNoteAction, newPatchNoteLoader } from "~/modules/systeminfo/admin-page.server";
import { PatchNoteDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const handle = routeHandle({ i18n: ["service"] });

export const loader = newPatchNoteLoader;
export const action = newPatchNoteAction;
export default PatchNoteDialog;
