import { patchNotesApi, readOnlyApi } from "~/modules/systeminfo/public-page.server";

/** GET /api/patch-notes — public JSON, newest first, for instances that use this one as their system host. */
export const loader = patchNotesApi;
export const action = readOnlyApi;
