import { routeHandle } from "~/i18n/namespaces";
import { logoLoader } from "~/modules/appearance/appearance-page.server";

export const handle = routeHandle({ i18n: ["appearance", "catalogue", "structure", "users"] });

/** /logo — the organisation's logo (a resource route, public: the sign-in page shows it). */
export const loader = logoLoader;
