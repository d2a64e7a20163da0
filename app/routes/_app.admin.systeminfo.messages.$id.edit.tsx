import { editMessageAction, editMessageLoader } from "~/modules/systeminfo/admin-page.server";
import { MessageDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const loader = editMessageLoader;
export const action = editMessageAction;
export default MessageDialog;
