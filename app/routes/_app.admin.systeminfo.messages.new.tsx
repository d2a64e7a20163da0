import { routeHandle } from "~/i18n/namespaces";
import { newMessageAction, newMessageLoader } from "~/modules/systeminfo/admin-page.server";
import { MessageDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const handle = routeHandle({ i18n: ["service"] });

export const loader = newMessageLoader;
export const action = newMessageAction;
export default MessageDialog;
