import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { serviceAreaLoader } from "~/modules/appearance/service-area-page.server";
import { ServiceAreaPanel } from "~/modules/appearance/ui/ServiceAreaDialog";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["appearance"] });

/** /settings/servicearea — the admin screen's switch; its form posts to /admin/servicearea and returns here. */
export const loader = settingsEntryLoader("servicearea", serviceAreaLoader);

export default function ServiceAreaEntry() {
  return <ServiceAreaPanel data={useLoaderData<typeof loader>()} />;
}
