import { shareFramePictureLoader } from "~/modules/releases/share-page.server";

/** /share/:token/frame/picture — the cover sheet's picture of a shared release. */
export const loader = shareFramePictureLoader;
