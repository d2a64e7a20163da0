import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { notificationPrefsAction, notificationPrefsLoader } from "~/modules/notifications/prefs-page.server";
import { NotificationPrefsPanel } from "~/modules/notifications/ui/NotificationPrefsPanel";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["notifications"] });

/** /settings/notifications — how each kind of notification reaches the user (issue 36 §5). */
export const loader = settingsEntryLoader("notifications", notificationPrefsLoader);
export const action = notificationPrefsAction;

export default function NotificationPrefsRoute() {
  return <NotificationPrefsPanel data={useLoaderData<typeof loader>()} />;
}
