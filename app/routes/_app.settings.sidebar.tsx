import { useLoaderData } from "@remix-run/react";
import { sidebarEntryLoader } from "~/modules/settings/settings-page.server";
import { SidebarPanel } from "~/modules/settings/ui/SidebarPanel";

export const loader = sidebarEntryLoader;

export default function SidebarEntry() {
  return <SidebarPanel data={useLoaderData<typeof loader>()} />;
}
