import { routeHandle } from "~/i18n/namespaces";
import { toolsTranslateAction, toolsTranslateLoader } from "~/modules/tools/tools-translate.server";
import { TranslatePage } from "~/modules/tools/ui/TranslatePage";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["ai", "credits", "headlines", "masks", "tools", "translations"], title: "tools.translate.title" });

/** /tools/translate — the assistant's translations of the picked services (issue 37 §3). */
export const loader = workingCopyOnly(toolsTranslateLoader);
export const action = toolsTranslateAction;
export default TranslatePage;
