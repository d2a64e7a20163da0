import { userHasPermission } from "~/modules/access/policy";
import { requireUser } from "~/modules/access/session.server";
import type { SessionUser } from "~/modules/access/user.server";
import type { Executor } from "~/server/audit.server";
import { getExportActive } from "~/server/settings.server";
import { refusal } from "~/server/refusal.server";

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
