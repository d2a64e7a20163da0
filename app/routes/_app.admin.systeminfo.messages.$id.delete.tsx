import { routeHandle } from "~/i18n/namespaces";
import { deleteMessageAction, deleteMessageLoader } from "~/modules/systeminfo/admin-page.server";
import { DeleteDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const handle = routeHandle({ i18n: ["service"] });

export const loader = deleteMessageLoader;
export const action = deleteMessageAction;
export default DeleteDialog;
