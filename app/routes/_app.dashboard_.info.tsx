import { routeHandle } from "~/i18n/namespaces";
import { productInfoLoader } from "~/modules/productinfo/productinfo-page.server";
import { ProductInfoPage } from "~/modules/productinfo/ui/ProductInfoPage";

export const handle = routeHandle({ i18n: ["documentation", "productinfo"], title: "productinfo.title" });

/** /dashboard/info — product information: version, database, licences of the dependencies. */
export const loader = productInfoLoader;
export default ProductInfoPage;
