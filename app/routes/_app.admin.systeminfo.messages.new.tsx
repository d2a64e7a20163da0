import { newMessageAction, newMessageLoader } from "~/modules/systeminfo/admin-page.server";
import { MessageDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const loader = newMessageLoader;
export const action = newMessageAction;
export default MessageDialog;
