import { routeHandle } from "~/i18n/namespaces";
import { imageLoader } from "~/modules/catalogue/image-page.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogue", "headlines", "masks", "service", "structure", "users"] });

export const loader = imageLoader;
