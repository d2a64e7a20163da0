import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { productsAction, productsLoader } from "~/modules/credits/credits-page.server";
import { ProductsPanel } from "~/modules/credits/ui/ProductsPage";

export const handle = routeHandle({ i18n: ["ai", "basedata", "credits"], title: "credits.products.title" });

/** /credits/products — the credit packages and the order form (admin guard). */
export const loader = productsLoader;
export const action = productsAction;

export default function CreditProductsRoute() {
  return <ProductsPanel data={useLoaderData<typeof loader>()} />;
}
