import { routeHandle } from "~/i18n/namespaces";
import { logsAction, logsLoader } from "~/modules/logs/logs-page.server";
import { LogsPage } from "~/modules/logs/ui/LogsPage";

export const handle = routeHandle({ i18n: ["catalogframe", "dashboard", "history", "logs", "service"], title: "logs.title" });

export const loader = logsLoader;
export const action = logsAction;
export default LogsPage;
