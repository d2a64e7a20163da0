import { routeHandle } from "~/i18n/namespaces";
import { categoryPageAction, categoryPageLoader } from "~/modules/catalogue/structure-pages.server";
import { CategoryPage } from "~/modules/catalogue/ui/structure/CategoryPage";
import { inStructure, leadCustomers } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["structure"] });

export const loader = leadCustomers(categoryPageLoader, inStructure("service_categories"));
export const action = categoryPageAction;
export default CategoryPage;
