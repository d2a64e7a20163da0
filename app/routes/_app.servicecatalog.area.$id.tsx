import { routeHandle } from "~/i18n/namespaces";
import { areaPageAction, areaPageLoader } from "~/modules/catalogue/structure-pages.server";
import { AreaPage } from "~/modules/catalogue/ui/structure/AreaPage";

export const handle = routeHandle({ i18n: ["structure"] });

export const loader = areaPageLoader;
export const action = areaPageAction;
export default AreaPage;
