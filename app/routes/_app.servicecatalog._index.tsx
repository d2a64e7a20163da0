import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BrowserHeader } from "~/components/catalogue/BrowserHeader";
import { plain } from "~/components/plain/Plain";
import { ListView } from "~/components/catalogue/ListView";
import { MapView } from "~/components/catalogue/MapView";
import { SearchAndFilters } from "~/components/catalogue/SearchAndFilters";
import { SubviewSwitches } from "~/components/catalogue/SubviewSwitches";
import { TreeView } from "~/components/catalogue/TreeView";
import { browserAction, browserLoader } from "~/handlers/catalogue.server";
import { isFiltered } from "~/lib/catalogue-query";
import { namedFromStructure } from "~/lib/catalogue-structure";

export const meta: MetaFunction = () => [{ title: "ServiceHub" }];

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
