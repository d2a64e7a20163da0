import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { slaAction, slaLoader } from "~/modules/sla/sla-page.server";
import { SlaPage } from "~/modules/sla/ui/SlaPage";
import { workingCopyOnly } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["sla"], title: "sla.title" });

/** /sla — the service-level overview (docs/decisions/0035-sla-and-reports.md). */
export const loader = workingCopyOnly(slaLoader);
export const action = workingCopyOnly(slaAction);

export default function SlaRoute() {
  return <SlaPage data={useLoaderData<typeof loader>()} />;
}
