import { routeHandle } from "~/i18n/namespaces";
import { imageLoader } from "~/modules/catalogue/image-page.server";
import { hiddenFromCustomers, ofImage } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogue", "headlines", "masks", "service", "structure", "users"] });

// Not for a customer who reads a release of the picture's catalogue (issue 35 §6).
export const loader = hiddenFromCustomers(imageLoader, ofImage);
