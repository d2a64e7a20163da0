import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dashboardLoader } from "~/modules/dashboard/dashboard-page.server";
import { DashboardPage } from "~/modules/dashboard/ui/DashboardPage";

export const meta: MetaFunction = () => [{ title: "Dashboard · ServiceHub" }];
export const loader = dashboardLoader;

export default function DashboardRoute() {
  return <DashboardPage {...useLoaderData<typeof loader>()} />;
}
