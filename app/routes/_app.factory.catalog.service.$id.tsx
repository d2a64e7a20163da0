import { routeHandle } from "~/i18n/namespaces";
import { factoryServicePreviewLoader } from "~/modules/factory/catalog-page.server";
import { ServicePreview } from "~/modules/factory/ui/ServicePreview";

export const handle = routeHandle({ i18n: ["basedata", "factory", "service"] });

/** /factory/catalog/service/:id — one template service, over the list (a page of its own without JS). */
export const loader = factoryServicePreviewLoader;
export default ServicePreview;
