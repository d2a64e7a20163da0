import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { creditsAdminAction, creditsAdminLoader } from "~/modules/credits/credits-page.server";
import { CreditsAdminPage } from "~/modules/credits/ui/CreditsAdminPage";

export const handle = routeHandle({ i18n: ["ai", "basedata", "credits"], title: "credits.admin.title" });

/** /admin/credits — token configuration and the pending order's outcome (superadmins). */
export const loader = creditsAdminLoader;
export const action = creditsAdminAction;

export default function CreditsAdminRoute() {
  return <CreditsAdminPage data={useLoaderData<typeof loader>()} />;
}
