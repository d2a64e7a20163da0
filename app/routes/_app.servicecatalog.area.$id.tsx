import { routeHandle } from "~/i18n/namespaces";
import { areaPageAction, areaPageLoader } from "~/modules/catalogue/structure-pages.server";
import { AreaPage } from "~/modules/catalogue/ui/structure/AreaPage";
import { inStructure, leadCustomers } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["structure"] });

export const loader = leadCustomers(areaPageLoader, inStructure("service_areas"));
export const action = areaPageAction;
export default AreaPage;
