import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { dashboardLoader } from "~/modules/dashboard/dashboard-page.server";
import { DashboardPage } from "~/modules/dashboard/ui/DashboardPage";
import { withReadRelease } from "~/modules/releases/customer-reads.server";

export const handle = routeHandle({ i18n: ["dashboard", "history"], title: "nav.dashboard" });

export const loader = withReadRelease(dashboardLoader);

export default function DashboardRoute() {
  return <DashboardPage {...useLoaderData<typeof loader>()} />;
}
