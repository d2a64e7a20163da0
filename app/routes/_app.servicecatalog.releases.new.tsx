import { routeHandle } from "~/i18n/namespaces";
import { publishAction, publishLoader } from "~/modules/releases/releases-page.server";
import { PublishDialog } from "~/modules/releases/ui/ReleaseDialogs";

export const handle = routeHandle({ i18n: ["catalogframe", "headlines", "masks", "service"], title: "releases.publishDialog.title" });

export const loader = publishLoader;
export const action = publishAction;
export default PublishDialog;
