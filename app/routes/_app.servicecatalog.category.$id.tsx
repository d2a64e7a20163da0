import { routeHandle } from "~/i18n/namespaces";
import { categoryPageAction, categoryPageLoader } from "~/modules/catalogue/structure-pages.server";
import { CategoryPage } from "~/modules/catalogue/ui/structure/CategoryPage";

export const handle = routeHandle({ i18n: ["structure"] });

export const loader = categoryPageLoader;
export const action = categoryPageAction;
export default CategoryPage;
