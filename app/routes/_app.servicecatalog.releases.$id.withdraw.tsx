import { routeHandle } from "~/i18n/namespaces";
import { withdrawAction, withdrawLoader } from "~/modules/releases/releases-page.server";
import { WithdrawDialog } from "~/modules/releases/ui/ReleaseDialogs";

export const handle = routeHandle({ i18n: ["catalogframe", "headlines", "masks", "service"], title: "releases.withdraw" });

export const loader = withdrawLoader;
export const action = withdrawAction;
export default WithdrawDialog;
