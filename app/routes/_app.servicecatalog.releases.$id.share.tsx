import { routeHandle } from "~/i18n/namespaces";
import { shareDialogAction, shareDialogLoader } from "~/modules/releases/share-page.server";
import { ShareDialog } from "~/modules/releases/ui/ShareDialog";

export const handle = routeHandle({ i18n: ["auth", "basedata", "releaseshare", "service", "structure"], title: "releases.shareAction" });

export const loader = shareDialogLoader;
export const action = shareDialogAction;
export default ShareDialog;
