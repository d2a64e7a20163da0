import { newPatchNoteAction, newPatchNoteLoader } from "~/modules/systeminfo/admin-page.server";
import { PatchNoteDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const loader = newPatchNoteLoader;
export const action = newPatchNoteAction;
export default PatchNoteDialog;
