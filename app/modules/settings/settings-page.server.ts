import type { LoaderFunctionArgs } from "@remix-run/node";
import { mayChangePassword } from "~/modules/access/azure-config.server";
import { requireUser } from "~/modules/access/session.server";
import { userHasPermission } from "~/modules/access/policy";
import { getDb } from "~/server/db/db.server";
import { currentApiKey } from "./api-keys.server";
import { readSidebarPrefs } from "~/server/prefs.server";
import { ownSessionsFor } from "./sessions-page.server";

/** /settings — every signed-in user's own settings. */
export async function settingsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    prefs: await readSidebarPrefs(request),
    canChangePassword: mayChangePassword(user),
    // The Api-Key entry is for admins only (spec 01 §2).
    apiKey: userHasPermission(user, "access:admin")
      ? { current: await currentApiKey(getDb()) }
      : null,
    sessions: await ownSessionsFor(request, user),
  };
}
