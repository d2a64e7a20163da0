import { csvExportLoader } from "~/modules/tools/tools-page.server";

/** /tools/export.csv — the services the tools page picks, as CSV (docs/decisions/0036-tools.md). */
export const loader = csvExportLoader;
