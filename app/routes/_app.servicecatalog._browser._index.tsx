import type { ActionFunctionArgs } from "@remix-run/node";
import { browserAction } from "~/modules/catalogue/browser.server";

/**
 * /servicecatalog itself: the browser is drawn by its layout (`_app.servicecatalog._browser`),
 * so nothing is added here. A post to `/servicecatalog?index` still reaches the browser's action.
 */
export const action = ({ request }: ActionFunctionArgs) => browserAction(request);

export default function CatalogueBrowserIndex() {
  return null;
}
