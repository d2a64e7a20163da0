import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";
import { exportLicenceAction, exportLicenceLoader } from "~/modules/wordexport/export-licence-page.server";
import { ExportLicencePanel } from "~/modules/wordexport/ui/ExportLicencePanel";

export const handle = routeHandle({ i18n: ["wordexport"] });

/** /settings/export-licence — the organisation's Word-export licence (issue 32 §2); admins see it, a superadmin switches it. */
export const loader = settingsEntryLoader("export-licence", exportLicenceLoader);
export const action = exportLicenceAction;

export default function ExportLicenceRoute() {
  return <ExportLicencePanel data={useLoaderData<typeof loader>()} />;
}
