import { viewsLoader } from "~/modules/views/views-page.server";
import { ViewsPage } from "~/modules/views/ui/ViewsPage";

/** /views — saved views of the catalogue browser; the edit and delete dialogs nest here. */
export const loader = viewsLoader;
export default ViewsPage;
