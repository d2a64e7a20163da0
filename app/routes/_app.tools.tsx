import { routeHandle } from "~/i18n/namespaces";
import { toolsAction, toolsLoader } from "~/modules/tools/tools-page.server";
import { ToolsPage } from "~/modules/tools/ui/ToolsPage";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["basedata", "headlines", "masks", "service", "structure", "tools"], title: "tools.title" });

/** /tools — bulk changes and the services CSV (issue 20 §4; docs/decisions/0036-tools.md). */
export const loader = workingCopyOnly(toolsLoader);
export const action = toolsAction;
export default ToolsPage;
