import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { notificationsAction, notificationsLoader } from "~/modules/notifications/notifications-page.server";
import { NotificationsPage } from "~/modules/notifications/ui/NotificationsPage";

export const handle = routeHandle({ i18n: ["notifications"], title: "notifications.title" });

/** /notifications — the signed-in user's notifications (issue 36 §5, decision 0078). */
export const loader = notificationsLoader;
export const action = notificationsAction;

export default function NotificationsRoute() {
  return <NotificationsPage {...useLoaderData<typeof loader>()} />;
}
