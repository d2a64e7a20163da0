import { logsAction, logsLoader } from "~/modules/logs/logs-page.server";
import { LogsPage } from "~/modules/logs/ui/LogsPage";

export const loader = logsLoader;
export const action = logsAction;
export default LogsPage;
