import { routeHandle } from "~/i18n/namespaces";
import { deletePatchNoteAction, deletePatchNoteLoader } from "~/modules/systeminfo/admin-page.server";
import { DeleteDialog } from "~/modules/systeminfo/ui/SystemInfoDialogs";

export const handle = routeHandle({ i18n: ["service"] });

export const loader = deletePatchNoteLoader;
export const action = deletePatchNoteAction;
export default DeleteDialog;
