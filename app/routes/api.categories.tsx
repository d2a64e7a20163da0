import { categoriesLoader } from "~/modules/api/catalogue-api.server";

/** GET /api/categories — the open catalogue API (X-Api-Key). */
export const loader = categoriesLoader;
