import { routeHandle } from "~/i18n/namespaces";
import { suggestLoader } from "~/modules/catalogue/suggest-page.server";

export const handle = routeHandle({ i18n: ["catalogue", "users"] });

export const loader = suggestLoader;
