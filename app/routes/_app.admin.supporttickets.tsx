import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { ticketsAction, ticketsLoader } from "~/modules/support/support-page.server";
import { SupportTicketsPage } from "~/modules/support/ui/SupportTicketsPage";

export const handle = routeHandle({ i18n: ["support"], title: "support.tickets.title" });

/** /admin/supporttickets — stored support tickets, superadmins only. */
export const loader = ticketsLoader;
export const action = ticketsAction;

export default function SupportTicketsRoute() {
  return <SupportTicketsPage data={useLoaderData<typeof loader>()} />;
}
