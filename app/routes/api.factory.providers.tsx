import { factoryProvidersLoader } from "~/modules/api/catalogue-api.server";

/** GET /api/factory/providers — the open catalogue API (X-Api-Key). */
export const loader = factoryProvidersLoader;
