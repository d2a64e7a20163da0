import { documentationLoader } from "~/modules/documentation/documentation-page.server";
import { DocumentationPage } from "~/modules/documentation/ui/DocumentationPages";

/** /documentation — the user guide's chapters (German or English, as the reader works). */
export const loader = documentationLoader;
export default DocumentationPage;
