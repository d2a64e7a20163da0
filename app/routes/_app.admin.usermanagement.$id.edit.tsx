import { routeHandle } from "~/i18n/namespaces";
import { editUserAction, editUserLoader } from "~/modules/users/users-page.server";
import { EditUserDialog } from "~/modules/users/ui/UserDialogs";

export const handle = routeHandle({ i18n: ["auth"] });

export const loader = editUserLoader;
export const action = editUserAction;
export default EditUserDialog;
