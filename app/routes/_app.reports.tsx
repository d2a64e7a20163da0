import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { reportsAction, reportsLoader } from "~/modules/reports/reports-page.server";
import { ReportsPage } from "~/modules/reports/ui/ReportsPage";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["reports"], title: "reports.title" });

/** /reports — completeness and governance of a catalogue (docs/decisions/0035-sla-and-reports.md). */
export const loader = workingCopyOnly(reportsLoader);
export const action = workingCopyOnly(reportsAction);

export default function ReportsRoute() {
  return <ReportsPage data={useLoaderData<typeof loader>()} />;
}
