import { releasePictureLoader } from "~/modules/releases/release-pages.server";

/** /servicecatalog/releases/:id/service/:serviceId/picture — a service picture as the release froze it. */
export const loader = releasePictureLoader;
