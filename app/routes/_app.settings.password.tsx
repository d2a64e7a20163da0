import { routeHandle } from "~/i18n/namespaces";
import { changePasswordAction, changePasswordLoader } from "~/modules/access/auth-pages.server";
import { ChangePasswordDialog } from "~/modules/access/ui/ChangePasswordDialog";

export const handle = routeHandle({ i18n: ["auth"], title: "topbar.changePassword" });

export const loader = changePasswordLoader;
export const action = changePasswordAction;
export default ChangePasswordDialog;
