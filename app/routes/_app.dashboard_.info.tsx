import { productInfoLoader } from "~/modules/productinfo/productinfo-page.server";
import { ProductInfoPage } from "~/modules/productinfo/ui/ProductInfoPage";

/** /dashboard/info — product information: version, database, licences of the dependencies. */
export const loader = productInfoLoader;
export default ProductInfoPage;
