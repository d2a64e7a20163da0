import { useLoaderData } from "@remix-run/react";
import { slaAction, slaLoader } from "~/modules/sla/sla-page.server";
import { SlaPage } from "~/modules/sla/ui/SlaPage";

/** /sla — the service-level overview (docs/decisions/0035-sla-and-reports.md). */
export const loader = slaLoader;
export const action = slaAction;

export default function SlaRoute() {
  return <SlaPage data={useLoaderData<typeof loader>()} />;
}
