import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { cataloguesAction, cataloguesLoader } from "~/modules/catalogue/catalogues-page.server";
import { CataloguesPage } from "~/modules/catalogue/ui/browser/CataloguesPage";

export const handle = routeHandle({ i18n: ["catalogframe", "structure", "translations"], title: "catalogue.managerTitle" });

export const loader = cataloguesLoader;
export const action = cataloguesAction;

export default function CataloguesRoute() {
  return <CataloguesPage {...useLoaderData<typeof loader>()} />;
}
