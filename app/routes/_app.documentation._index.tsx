import { routeHandle } from "~/i18n/namespaces";
import { documentationLoader } from "~/modules/documentation/documentation-page.server";
import { DocumentationPage } from "~/modules/documentation/ui/DocumentationPages";

export const handle = routeHandle({ i18n: ["documentation", "productinfo"], title: "documentation.title" });

/** /documentation — the user guide's chapters (German or English, as the reader works). */
export const loader = documentationLoader;
export default DocumentationPage;
