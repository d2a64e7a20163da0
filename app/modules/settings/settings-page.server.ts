import type { LoaderFunctionArgs } from "@remix-run/node";
import { mayChangePassword } from "~/modules/access/azure-config.server";
import { requireUser } from "~/modules/access/session.server";
import { readSidebarPrefs } from "~/server/prefs.server";
import { ownSessionsFor } from "./sessions-page.server";

/** /settings — every signed-in user's own settings. */
export async function settingsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { prefs: await readSidebarPrefs(request), canChangePassword: mayChangePassword(user), sessions: await ownSessionsFor(request, user) };
}
