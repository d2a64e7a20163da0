import { routeHandle } from "~/i18n/namespaces";
import { latestVersionApi, readOnlyApi } from "~/modules/systeminfo/public-page.server";

export const handle = routeHandle({ i18n: ["systeminfo", "users"] });

/** GET /api/latest-version — public JSON for instances that use this one as their system host (issue 16 §7). */
export const loader = latestVersionApi;
export const action = readOnlyApi;
