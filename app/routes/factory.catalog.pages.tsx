import { routeHandle } from "~/i18n/namespaces";
import { factoryPagesLoader } from "~/modules/factory/catalog-page.server";

export const handle = routeHandle({ i18n: ["basedata", "factory", "service", "servicechildren", "structure", "users"] });

/** GET /factory/catalog/pages?list=…&page=n — one page of the template's lists (JSON), for the list's walk with JS. */
export const loader = factoryPagesLoader;
