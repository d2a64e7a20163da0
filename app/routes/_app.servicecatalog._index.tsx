import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BrowserHeader } from "~/modules/catalogue/ui/browser/BrowserHeader";
import { plain } from "~/ui/plain/Plain";
import { ListView } from "~/modules/catalogue/ui/browser/ListView";
import { MapView } from "~/modules/catalogue/ui/browser/MapView";
import { SearchAndFilters } from "~/modules/catalogue/ui/browser/SearchAndFilters";
import { SubviewSwitches } from "~/modules/catalogue/ui/browser/SubviewSwitches";
import { TreeView } from "~/modules/catalogue/ui/browser/TreeView";
import { browserAction, browserLoader } from "~/modules/catalogue/browser.server";
import { isFiltered } from "~/modules/catalogue/catalogue-query";
import { namedFromStructure } from "~/modules/catalogue/catalogue-structure";


export const loader = ({ request }: LoaderFunctionArgs) => browserLoader(request);
export const action = ({ request }: ActionFunctionArgs) => browserAction(request);

export default function CatalogueBrowser() {
  const data = useLoaderData<typeof loader>();
  const { query } = data;
  const filtered = isFiltered(query);
  return (
    <div className={plain.stack}>
      <BrowserHeader view={data.view} query={query} catalogues={data.catalogues} catalogueId={data.catalogueId} size={data.catalogueSize} canStructure={data.canStructure} />
      <SearchAndFilters view={data.view} query={query} structure={data.structure} areaActive={data.areaActive} options={data.options} />
      {data.view === 0 ? <SubviewSwitches subviews={data.subviews} areaActive={data.areaActive} /> : null}
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
        />
      ) : null}
      {data.view === 1 ? (
        <TreeView query={query} structure={data.structure} chips={data.chips} areaActive={data.areaActive} scope={data.scope} />
      ) : null}
      {data.view === 3 ? <MapView structure={data.structure} chips={data.chips} areaActive={data.areaActive} filtered={filtered} /> : null}
    </div>
  );
}
