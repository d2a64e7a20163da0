import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { systemInfoLoader } from "~/modules/systeminfo/admin-page.server";
import { SystemInfoPage } from "~/modules/systeminfo/ui/SystemInfoPage";

export const handle = routeHandle({ i18n: ["systeminfo"], title: "systeminfo.title" });

/** /admin/systeminfo — patch notes and system messages (superadmins); the new/edit/delete dialogs nest here. */
export const loader = systemInfoLoader;

export default function SystemInfoRoute() {
  return <SystemInfoPage {...useLoaderData<typeof loader>()} />;
}
