import { openViewAction, openViewLoader } from "~/modules/views/views-page.server";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

/** POST /views/:id/open — makes the view's catalogue current and opens the browser in the saved state. */
export const loader = openViewLoader;
export const action = workingCopyOnly(openViewAction);
