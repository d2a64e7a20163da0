import { factoryPagesLoader } from "~/modules/factory/catalog-page.server";

/** GET /factory/catalog/pages?list=…&page=n — one page of the template's lists (JSON), for the list's walk with JS. */
export const loader = factoryPagesLoader;
