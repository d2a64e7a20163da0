import { userHasPermission } from "~/modules/access/policy";
import { requireUser } from "~/modules/access/session.server";
import type { SessionUser } from "~/modules/access/user.server";
import type { Causer, Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { refusal } from "~/server/refusal.server";
import { SETTING_KEYS, getExportActive, putSetting } from "~/server/settings.server";

/**
 * Who may export to Word (spec 02 §6, issue 17 §6): the policy's "export:word" (the role and the
 * user's word-export flag) while the licence flag export_active is on. Pages ask to show the
 * buttons; the export URLs refuse everyone else with 403 before any work.
 */
export async function mayExportWord(db: Executor, user: SessionUser): Promise<boolean> {
  return userHasPermission(user, "export:word") && (await getExportActive(db));
}

/** Signed in (else to /login) and allowed to export (else 403, for GET too: a download, not a page). */
export async function requireWordExport(request: Request, db: Executor): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await mayExportWord(db, user))) throw refusal(403);
  return user;
}

/** Switches the licence; false when it already was so (nothing written, no activity). */
export async function setExportActive(db: Executor, active: boolean, causer: Causer | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if ((await getExportActive(trx)) === active) return false;
    // putSetting writes the value and its "updated" activity.
    await putSetting(trx, SETTING_KEYS.exportActive, active, causer);
    return true;
  });
}
