import { createMenuAction, createMenuLoader } from "~/modules/catalogue/create-page.server";
import { CreateMenuPage } from "~/modules/catalogue/ui/browser/CreateMenuPage";

export const loader = createMenuLoader;
export const action = createMenuAction;
export default CreateMenuPage;
