import { imageLoader } from "~/modules/catalogue/image-page.server";

export const loader = imageLoader;
