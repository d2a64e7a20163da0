import { useLoaderData } from "@remix-run/react";
import { settingsLoader } from "~/modules/settings/settings-page.server";
import { SettingsPage } from "~/modules/settings/ui/SettingsPage";

export const loader = settingsLoader;

export default function SettingsRoute() {
  const { prefs, canChangePassword, sessions, apiKey } = useLoaderData<typeof loader>();
  return <SettingsPage prefs={prefs} canChangePassword={canChangePassword} sessions={sessions} apiKey={apiKey} />;
}
