import { routeHandle } from "~/i18n/namespaces";
import { createMenuAction, createMenuLoader } from "~/modules/catalogue/create-page.server";
import { CreateMenuPage } from "~/modules/catalogue/ui/browser/CreateMenuPage";

export const handle = routeHandle({ i18n: ["ai", "basedata", "headlines", "masks", "service", "structure"], title: "app.titles.create" });

export const loader = createMenuLoader;
export const action = createMenuAction;
export default CreateMenuPage;
