import { routeHandle } from "~/i18n/namespaces";
import { deleteUserAction, deleteUserLoader } from "~/modules/users/users-page.server";
import { DeleteUserDialog } from "~/modules/users/ui/UserDialogs";

export const handle = routeHandle({ i18n: ["auth"] });

export const loader = deleteUserLoader;
export const action = deleteUserAction;
export default DeleteUserDialog;
