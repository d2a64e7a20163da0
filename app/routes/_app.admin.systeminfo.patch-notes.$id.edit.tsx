import { routeHandle } from "~/i18n/namespaces";
import { editPatchNoteAction, editPatchNoteLoader } from "~/modules/systeminfo/admin-page.server";
import { PatchNoteDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const handle = routeHandle({ i18n: ["service"] });

export const loader = editPatchNoteLoader;
export const action = editPatchNoteAction;
export default PatchNoteDialog;
