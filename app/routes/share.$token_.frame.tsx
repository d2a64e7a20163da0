import { routeHandle } from "~/i18n/namespaces";
import { shareFrameLoader, shareHeaders } from "~/modules/releases/share-page.server";
import { ShareError, ShareFramePage } from "~/modules/releases/ui/SharePages";

// As every page of a share link: no scripts (decision 0067), not indexed.
export const handle = routeHandle({ i18n: ["ai", "auth", "basedata", "catalogframe", "catalogue", "headlines", "history", "masks", "releases", "releaseshare", "service", "servicechildren", "structure", "translations", "users", "wordexport"], title: "catalogframe.title", hydrate: false });

export const headers = shareHeaders;
export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

/** /share/:token/frame — the shared release's cover sheet, to read and print (outside the share pages' frame: a print page). */
export const loader = shareFrameLoader;
export default ShareFramePage;
export const ErrorBoundary = ShareError;
