import type { Executor } from "~/server/audit.server";
import { localMessageKey, type PatchNote, type SystemMessage } from "./rules";
import { systemHost } from "./remote.server";
import { hasReadMessage, latestActiveMessage, listPatchNotes, unreadLocalMessage } from "./systeminfo.server";

/**
 * What this instance shows: its own patch notes and messages, or — with SYSTEM_HOST_URL — the
 * system host's (issue 16 §7). Read receipts are always stored here.
 */

export async function shownPatchNotes(db: Executor): Promise<PatchNote[]> {
  const host = systemHost();
  return host ? host.patchNotes() : listPatchNotes(db);
}

/** The current message if this user has not read it yet (the shell asks on every page). */
export async function unreadMessageFor(db: Executor, userId: number): Promise<SystemMessage | null> {
  const host = systemHost();
  if (!host) return unreadLocalMessage(db, userId);
  const message = await host.latestMessage();
  return message && !(await hasReadMessage(db, userId, message.key)) ? message : null;
}

/** The key of the message the dialog shows now, or null: only its OK is recorded. */
export async function currentMessageKey(db: Executor): Promise<string | null> {
  const host = systemHost();
  if (host) return (await host.latestMessage())?.key ?? null;
  const message = await latestActiveMessage(db);
  return message ? localMessageKey(message.id) : null;
}
