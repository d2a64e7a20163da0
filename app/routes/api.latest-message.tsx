import { routeHandle } from "~/i18n/namespaces";
import { latestMessageApi, readOnlyApi } from "~/modules/systeminfo/public-page.server";

export const handle = routeHandle({ i18n: ["systeminfo", "users"] });

/** GET /api/latest-message — public JSON (404 when there is no current message) for instances that use this one as their system host. */
export const loader = latestMessageApi;
export const action = readOnlyApi;
