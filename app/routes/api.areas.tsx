import { areasLoader } from "~/modules/api/catalogue-api.server";

/** GET /api/areas — the open catalogue API (X-Api-Key). */
export const loader = areasLoader;
