import { sharePictureLoader } from "~/modules/releases/share-page.server";

/** /share/:token/service/:serviceId/picture — a service picture of a shared release. */
export const loader = sharePictureLoader;
