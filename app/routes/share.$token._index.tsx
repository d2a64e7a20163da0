import { routeHandle } from "~/i18n/namespaces";
import { shareContentsLoader, shareHeaders } from "~/modules/releases/share-page.server";
import { ShareContentsPage } from "~/modules/releases/ui/SharePages";

export const handle = routeHandle({ title: "releases.title" });

export const headers = shareHeaders;
/** /share/:token — a shared release's contents. */
export const loader = shareContentsLoader;
export default ShareContentsPage;
