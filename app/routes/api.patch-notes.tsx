import { routeHandle } from "~/i18n/namespaces";
import { patchNotesApi, readOnlyApi } from "~/modules/systeminfo/public-page.server";

export const handle = routeHandle({ i18n: ["systeminfo", "users"] });

/** GET /api/patch-notes — public JSON, newest first, for instances that use this one as their system host. */
export const loader = patchNotesApi;
export const action = readOnlyApi;
