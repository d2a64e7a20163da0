import { routeHandle } from "~/i18n/namespaces";
import { releaseFrameLoader } from "~/modules/releases/release-frame-page.server";
import { ReleaseFramePage } from "~/modules/releases/ui/ReleaseFramePage";

export const handle = routeHandle({ i18n: ["catalogframe", "catalogue", "releases", "structure", "users"], title: "catalogframe.title" });

/** /servicecatalog/releases/:id/frame — a release's cover sheet to read and print, outside the app shell. */
export const loader = releaseFrameLoader;
export default ReleaseFramePage;
