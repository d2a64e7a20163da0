import { routeHandle } from "~/i18n/namespaces";
import { logDetailLoader, logsAction } from "~/modules/logs/logs-page.server";
import { LogDetailPage } from "~/modules/logs/ui/LogDetailPage";

export const handle = routeHandle({ i18n: ["catalogframe", "dashboard", "history", "logs", "service"], title: "logs.detail.pageTitle" });

export const loader = logDetailLoader;
export const action = logsAction;
export default LogDetailPage;
