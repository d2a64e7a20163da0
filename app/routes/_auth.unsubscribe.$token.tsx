import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { unsubscribeAction, unsubscribeLoader } from "~/modules/notifications/prefs-page.server";
import { UnsubscribePage } from "~/modules/notifications/ui/UnsubscribePage";

export const handle = routeHandle({ i18n: ["notifications", "settings"], title: "notifications.unsubscribe.title" });

/** /unsubscribe/:token — a notification mail's unsubscribe link (signed; no sign-in). */
export const loader = unsubscribeLoader;
export const action = unsubscribeAction;

export default function UnsubscribeRoute() {
  return <UnsubscribePage data={useLoaderData<typeof loader>()} />;
}
