import { routeHandle } from "~/i18n/namespaces";
import { newUserAction, newUserLoader } from "~/modules/users/users-page.server";
import { NewUserDialog } from "~/modules/users/ui/UserDialogs";

export const handle = routeHandle({ i18n: ["auth"], title: "users.newTitle" });

export const loader = newUserLoader;
export const action = newUserAction;
export default NewUserDialog;
