import { OPENAPI_DOCUMENT } from "~/modules/api/openapi";

/** GET /api/openapi.json — the catalogue API's description (public: it holds no data). */
export const loader = () => Response.json(OPENAPI_DOCUMENT, { headers: { "Cache-Control": "public, max-age=300" } });
