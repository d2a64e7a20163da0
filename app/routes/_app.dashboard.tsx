import { useLoaderData } from "@remix-run/react";
import { dashboardLoader } from "~/modules/dashboard/dashboard-page.server";
import { DashboardPage } from "~/modules/dashboard/ui/DashboardPage";

export const loader = dashboardLoader;

export default function DashboardRoute() {
  return <DashboardPage {...useLoaderData<typeof loader>()} />;
}
