import { routeHandle } from "~/i18n/namespaces";
import { appearanceAction, appearanceLoader } from "~/modules/appearance/appearance-page.server";
import { AppearancePage } from "~/modules/appearance/ui/AppearancePage";

export const handle = routeHandle({ i18n: ["appearance", "structure"], title: "appearance.title" });

export const loader = appearanceLoader;
export const action = appearanceAction;
export default AppearancePage;
