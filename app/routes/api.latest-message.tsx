import { latestMessageApi, readOnlyApi } from "~/modules/systeminfo/public-page.server";

/** GET /api/latest-message — public JSON (404 when there is no current message) for instances that use this one as their system host. */
export const loader = latestMessageApi;
export const action = readOnlyApi;
