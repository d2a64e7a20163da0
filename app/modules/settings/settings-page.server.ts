import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { mayChangePassword } from "~/modules/access/azure-config.server";
import { requireUser } from "~/modules/access/session.server";
import { readSidebarPrefs } from "~/server/prefs.server";
import { entryPath, entryToShow, visibleEntries, type SettingsEntryKey } from "./entries";
import { ownSessionsFor } from "./sessions-page.server";

/** /settings — the entries this user sees (the page's menu). */
export async function settingsLayoutLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { entries: visibleEntries(user, mayChangePassword(user)) };
}

/** /settings itself shows the first entry. */
export async function settingsIndexLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return redirect(entryPath(entryToShow(null, visibleEntries(user, mayChangePassword(user)))));
}

/**
 * Wraps an entry's loader: an entry this user does not see (an admin entry for a keyuser, the
 * password entry in Azure mode) selects the first visible entry instead (spec 01 §2); the entry's
 * own loader still enforces its permission for any other caller.
 */
export function settingsEntryLoader<T>(key: SettingsEntryKey, load: (args: LoaderFunctionArgs) => Promise<T>) {
  return async (args: LoaderFunctionArgs) => {
    const user = await requireUser(args.request);
    const visible = visibleEntries(user, mayChangePassword(user));
    if (!visible.includes(key)) throw redirect(entryPath(entryToShow(key, visible)));
    return load(args);
  };
}

export const sidebarEntryLoader = settingsEntryLoader("sidebar", async ({ request }) => ({ prefs: await readSidebarPrefs(request) }));

export const sessionsEntryLoader = settingsEntryLoader("sessions", async ({ request }) => {
  const user = await requireUser(request);
  return { sessions: await ownSessionsFor(request, user) };
});
