import { reportsCsvLoader } from "~/modules/reports/reports-csv.server";

/** /reports.csv?table=… — a table of the reports page as a CSV file (docs/decisions/0035-sla-and-reports.md). */
export const loader = reportsCsvLoader;
