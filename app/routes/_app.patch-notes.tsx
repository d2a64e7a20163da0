import { routeHandle } from "~/i18n/namespaces";
import { patchNotesLoader } from "~/modules/systeminfo/public-page.server";
import { PatchNotesPage } from "~/modules/systeminfo/ui/PatchNotes";

export const handle = routeHandle({ i18n: ["systeminfo"], title: "shell.patchNotes" });

/**
 * /patch-notes?n=&redirectTo= — the patch-notes dialog as a page (the top bar's "Version" link
 * without JS); with JS the top bar loads this loader with a fetcher and shows a modal instead.
 */
export const loader = patchNotesLoader;
export default PatchNotesPage;
