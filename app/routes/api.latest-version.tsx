import { latestVersionApi, readOnlyApi } from "~/modules/systeminfo/public-page.server";

/** GET /api/latest-version — public JSON for instances that use this one as their system host (issue 16 §7). */
export const loader = latestVersionApi;
export const action = readOnlyApi;
