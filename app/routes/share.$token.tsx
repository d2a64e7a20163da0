import { routeHandle } from "~/i18n/namespaces";
import { shareHeaders } from "~/modules/releases/share-page.server";
import { ShareError, ShareLayout } from "~/modules/releases/ui/SharePages";
import { LanguageSwitch } from "~/shell/LanguageSwitch";

// A visitor without an account reads: no scripts (decision 0067), not indexed.
export const handle = routeHandle({ i18n: ["ai", "auth", "basedata", "catalogframe", "catalogue", "headlines", "history", "masks", "releases", "releaseshare", "service", "servicechildren", "structure", "translations", "users", "wordexport"], hydrate: false });

export const headers = shareHeaders;
export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

/** /share/:token/* — the pages a share link opens. */
export default function ShareRoute() {
  return <ShareLayout languageSwitch={<LanguageSwitch />} />;
}
export const ErrorBoundary = ShareError;
