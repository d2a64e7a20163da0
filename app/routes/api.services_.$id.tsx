import { serviceLoader } from "~/modules/api/catalogue-api.server";

/** GET /api/services/$id — the open catalogue API (X-Api-Key). */
export const loader = serviceLoader;
