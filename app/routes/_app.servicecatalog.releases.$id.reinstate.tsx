import { routeHandle } from "~/i18n/namespaces";
import { reinstateAction, reinstateLoader } from "~/modules/releases/releases-page.server";
import { ReinstateDialog } from "~/modules/releases/ui/ReleaseDialogs";

export const handle = routeHandle({ i18n: ["catalogframe", "headlines", "masks", "service"], title: "releases.reinstate" });

export const loader = reinstateLoader;
export const action = reinstateAction;
export default ReinstateDialog;
