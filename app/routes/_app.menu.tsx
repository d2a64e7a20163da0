import { routeHandle } from "~/i18n/namespaces";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { MenuPage } from "~/shell/MenuPage";

export const handle = routeHandle({ title: "nav.menuPage" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default MenuPage;
