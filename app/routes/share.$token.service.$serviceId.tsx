import { routeHandle } from "~/i18n/namespaces";
import { shareHeaders, shareServiceLoader } from "~/modules/releases/share-page.server";
import { ShareServicePage } from "~/modules/releases/ui/SharePages";

export const handle = routeHandle({ title: "releases.title" });

export const headers = shareHeaders;
/** /share/:token/service/:serviceId — a service of a shared release. */
export const loader = shareServiceLoader;
export default ShareServicePage;
