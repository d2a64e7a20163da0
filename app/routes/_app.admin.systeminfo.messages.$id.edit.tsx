import { routeHandle } from "~/i18n/namespaces";
import { editMessageAction, editMessageLoader } from "~/modules/systeminfo/admin-page.server";
import { MessageDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const handle = routeHandle({ i18n: ["service"] });

export const loader = editMessageLoader;
export const action = editMessageAction;
export default MessageDialog;
