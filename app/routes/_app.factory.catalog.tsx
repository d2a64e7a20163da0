import { routeHandle } from "~/i18n/namespaces";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { factoryCatalogLoader } from "~/modules/factory/catalog-page.server";
import { CatalogPage } from "~/modules/factory/ui/CatalogPage";

export const handle = routeHandle({ i18n: ["basedata", "factory", "service", "servicechildren", "structure"], title: "factory.catalog.title" });

/** /factory/catalog — the template import of services (admin guard; issue 18 §3). The preview and the import dialog nest here. */
export const loader = factoryCatalogLoader;

// Opening and closing the preview keeps the list as it is; after an action, and on leaving the import dialog (whose
// import with JS runs outside Remix's actions), the list reloads which services are linked.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  (formMethod !== undefined && formMethod.toUpperCase() !== "GET") || currentUrl.pathname.startsWith("/factory/catalog/import") || currentUrl.search !== nextUrl.search || defaultShouldRevalidate;

export default CatalogPage;
