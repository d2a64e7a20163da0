import { releaseServicesApiLoader } from "~/modules/releases/release-api.server";

/** GET /api/releases/:id/services?page=n — a release's services, in the shape of /api/services (X-Api-Key). */
export const loader = releaseServicesApiLoader;
