import type { MetaFunction } from "@remix-run/node";
import { categoryPageAction, categoryPageLoader } from "~/modules/catalogue/structure-pages.server";
import { CategoryPage } from "~/modules/catalogue/ui/structure/CategoryPage";

export const loader = categoryPageLoader;
export const action = categoryPageAction;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.category.name} · ServiceHub` : "ServiceHub" }];
export default CategoryPage;
