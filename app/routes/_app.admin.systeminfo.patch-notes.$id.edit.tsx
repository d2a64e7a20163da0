import { editPatchNoteAction, editPatchNoteLoader } from "~/modules/systeminfo/admin-page.server";
import { PatchNoteDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const loader = editPatchNoteLoader;
export const action = editPatchNoteAction;
export default PatchNoteDialog;
