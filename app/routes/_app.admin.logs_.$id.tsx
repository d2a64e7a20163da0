import { logDetailLoader, logsAction } from "~/modules/logs/logs-page.server";
import { LogDetailPage } from "~/modules/logs/ui/LogDetailPage";

export const loader = logDetailLoader;
export const action = logsAction;
export default LogDetailPage;
