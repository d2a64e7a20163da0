import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { readSidebarPrefs } from "~/server/prefs.server";

/** /settings — every signed-in user's own settings. */
export async function settingsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { prefs: await readSidebarPrefs(request), azureUser: user.azureUser };
}
