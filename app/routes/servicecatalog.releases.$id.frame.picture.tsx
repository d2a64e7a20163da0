import { releaseFramePictureLoader } from "~/modules/releases/release-pages.server";

/** /servicecatalog/releases/:id/frame/picture — the cover sheet's picture as the release froze it. */
export const loader = releaseFramePictureLoader;
