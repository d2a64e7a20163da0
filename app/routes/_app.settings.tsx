import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { settingsLayoutLoader } from "~/modules/settings/settings-page.server";
import { SettingsLayout } from "~/modules/settings/ui/SettingsLayout";

export const handle = routeHandle({ i18n: ["sessions", "settings"], title: "topbar.settings" });

/** /settings/* — the settings as a page (without JS; with JS they open as a dialog over the current page). */
export const loader = settingsLayoutLoader;

export default function SettingsRoute() {
  return <SettingsLayout entries={useLoaderData<typeof loader>().entries} />;
}
