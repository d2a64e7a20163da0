import { useLoaderData } from "@remix-run/react";
import { sessionsAction } from "~/modules/settings/sessions-page.server";
import { sessionsEntryLoader } from "~/modules/settings/settings-page.server";
import { SessionsPanel } from "~/modules/settings/ui/SessionsPanel";

/** /settings/sessions — the signed-in devices; its buttons post here. */
export const loader = sessionsEntryLoader;
export const action = sessionsAction;

export default function SessionsEntry() {
  return <SessionsPanel data={useLoaderData<typeof loader>()} />;
}
