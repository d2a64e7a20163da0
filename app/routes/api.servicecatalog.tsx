import { catalogueListLoader } from "~/modules/api/catalogue-api.server";

/** GET /api/servicecatalog — the open catalogue API (X-Api-Key). */
export const loader = catalogueListLoader;
