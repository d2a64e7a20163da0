import type { MetaFunction } from "@remix-run/node";
import { areaPageAction, areaPageLoader } from "~/modules/catalogue/structure-pages.server";
import { AreaPage } from "~/modules/catalogue/ui/structure/AreaPage";

export const loader = areaPageLoader;
export const action = areaPageAction;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.area.name} · ServiceHub` : "ServiceHub" }];
export default AreaPage;
