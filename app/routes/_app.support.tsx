import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { supportAction, supportLoader } from "~/modules/support/support-page.server";
import { SupportPage } from "~/modules/support/ui/SupportPage";

export const handle = routeHandle({ i18n: ["service", "support"], title: "shell.support" });

/** /support — the support-ticket form (spec 01 §2); the top bar opens it as a dialog with JS. */
export const loader = supportLoader;
export const action = supportAction;

export default function SupportRoute() {
  return <SupportPage data={useLoaderData<typeof loader>()} />;
}
