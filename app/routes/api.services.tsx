import { servicesLoader } from "~/modules/api/catalogue-api.server";

/** GET /api/services — the open catalogue API (X-Api-Key). */
export const loader = servicesLoader;
