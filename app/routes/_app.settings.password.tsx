import { changePasswordAction, changePasswordLoader } from "~/modules/access/auth-pages.server";
import { ChangePasswordDialog } from "~/modules/access/ui/ChangePasswordDialog";

export const loader = changePasswordLoader;
export const action = changePasswordAction;
export default ChangePasswordDialog;
