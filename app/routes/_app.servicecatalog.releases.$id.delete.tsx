import { routeHandle } from "~/i18n/namespaces";
import { deleteAction, deleteLoader } from "~/modules/releases/releases-page.server";
import { DeleteReleaseDialog } from "~/modules/releases/ui/ReleaseDialogs";

export const handle = routeHandle({ i18n: ["catalogframe", "headlines", "masks", "service"], title: "releases.delete" });

export const loader = deleteLoader;
export const action = deleteAction;
export default DeleteReleaseDialog;
