import { factoryKpisLoader } from "~/modules/api/catalogue-api.server";

/** GET /api/factory/kpis — the open catalogue API (X-Api-Key). */
export const loader = factoryKpisLoader;
