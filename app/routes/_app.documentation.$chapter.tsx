import { routeHandle } from "~/i18n/namespaces";
import { chapterLoader } from "~/modules/documentation/documentation-page.server";
import { ChapterPage } from "~/modules/documentation/ui/DocumentationPages";

export const handle = routeHandle({ i18n: ["documentation", "productinfo"], title: "documentation.title" });

/** /documentation/:chapter — one chapter of the user guide; an unknown chapter is a 404. */
export const loader = chapterLoader;
export default ChapterPage;
