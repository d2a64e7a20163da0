import { routeHandle } from "~/i18n/namespaces";
import { reportsCsvLoader } from "~/modules/reports/reports-csv.server";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["catalogue", "reports", "users"] });

/** /reports.csv?table=… — a table of the reports page as a CSV file (docs/decisions/0035-sla-and-reports.md). */
export const loader = workingCopyOnly(reportsCsvLoader);
