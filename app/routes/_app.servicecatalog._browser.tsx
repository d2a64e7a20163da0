import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BrowserHeader } from "~/modules/catalogue/ui/browser/BrowserHeader";
import { plain } from "~/ui/plain/Plain";
import { ListView } from "~/modules/catalogue/ui/browser/ListView";
import { MapView } from "~/modules/catalogue/ui/browser/MapView";
import { NoHits } from "~/modules/catalogue/ui/browser/NoHits";
import { SearchAndFilters } from "~/modules/catalogue/ui/browser/SearchAndFilters";
import { SubviewSwitches } from "~/modules/catalogue/ui/browser/SubviewSwitches";
import { TreeView } from "~/modules/catalogue/ui/browser/TreeView";
import { browserAction, browserLoader } from "~/modules/catalogue/browser.server";
import { isFiltered } from "~/modules/catalogue/catalogue-query";
import { namedFromStructure } from "~/modules/catalogue/catalogue-structure";
import { FrameMapHeader } from "~/modules/catalogframe/ui/FrameMapHeader";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { useTranslation } from "react-i18next";
import { inBrowser, leadCustomers } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["catalogframe", "structure", "tools", "translations", "views", "wordexport"], title: "app.titles.servicecatalog" });


/**
 * /servicecatalog — the catalogue browser. A layout, so dialogs over the browser are nested
 * routes (/servicecatalog/save-view); the browser itself is its index (`._browser._index`).
 */
// A customer who reads a release of the catalogue is led into it (issue 35 §6).
export const loader = leadCustomers(({ request }: LoaderFunctionArgs) => browserLoader(request), inBrowser);
export const action = ({ request }: ActionFunctionArgs) => browserAction(request);

export default function CatalogueBrowser() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { query } = data;
  const current = data.catalogues.find((c) => c.id === data.catalogueId);
  const filtered = isFiltered(query);
  return (
    <div className={plain.stack}>
      <BrowserHeader view={data.view} query={query} catalogues={data.catalogues} catalogueId={data.catalogueId} size={data.catalogueSize} canStructure={data.canStructure} canExport={data.canExport} />
      <SearchAndFilters view={data.view} query={query} structure={data.structure} areaActive={data.areaActive} options={data.options} />
      {data.view === 0 ? <SubviewSwitches subviews={data.subviews} areaActive={data.areaActive} /> : null}
      {data.hits === 0 && (filtered || data.view === 0) ? <NoHits suggestion={data.suggestion} /> : null}
      {data.view === 0 && data.list ? (
        <ListView
          list={data.list}
          named={data.named ?? namedFromStructure(data.structure)}
          structure={data.structure}
          subviews={data.subviews}
          areaActive={data.areaActive}
          catalogues={data.catalogues}
          catalogueId={data.catalogueId}
          canStructure={data.canStructure}
          canExport={data.canExport}
          untranslated={data.untranslated}
        />
      ) : null}
      {data.view === 1 ? (
        <TreeView query={query} structure={data.structure} chips={data.chips} areaActive={data.areaActive} scope={data.scope} />
      ) : null}
      {data.view === 3 && data.frame ? (
        <FrameMapHeader frame={data.frame} title={catalogueTitle(t, current ?? { id: data.catalogueId, title: null })} canEdit={data.canCreateCatalogue} />
      ) : null}
      {data.view === 3 ? <MapView structure={data.structure} chips={data.chips} areaActive={data.areaActive} filtered={filtered} /> : null}
      <Outlet />
    </div>
  );
}
