import { routeHandle } from "~/i18n/namespaces";
import { csvExportLoader } from "~/modules/tools/tools-page.server";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogue", "headlines", "masks", "service", "structure", "tools", "users"] });

/** /tools/export.csv — the services the tools page picks, as CSV (docs/decisions/0036-tools.md). */
export const loader = workingCopyOnly(csvExportLoader);
