import { releasesApiLoader } from "~/modules/releases/release-api.server";

/** GET /api/releases — the published releases (X-Api-Key). */
export const loader = releasesApiLoader;
