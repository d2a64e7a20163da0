import crypto from "node:crypto";
import Bowser from "bowser";
import { sql } from "kysely";
import { endSessionsOf, purgeEndedSessions, sessionLimits } from "~/modules/access/session.server";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { NotFoundError } from "~/server/errors.server";

/**
 * The signed-in user's own sessions (issue 13 §4): list them, end the others or one of them.
 * Every query is bound to the user's id, so no id a request names reaches another user's session.
 */

/** Browser and system of a session, null where the User-Agent header does not say. */
export interface DeviceName {
  browser: string | null;
  os: string | null;
  /** An iPhone or iPad, named instead of its system, as people know their device by that name. */
  device?: string | null;
}

/** One row of the list as the page gets it (the UI imports this type only). */
export interface OwnSession {
  /** publicSessionId, not the cookie's token. */
  id: string;
  device: DeviceName;
  createdAt: string;
  lastUsedAt: string;
  /** The session this request came with ("this device"). */
  current: boolean;
}

/**
 * The session id is the bearer token in the cookie, so it never goes to the page: a row is named
 * by a hash of it instead, which the user can send back to end that session but not sign in with.
 */
export function publicSessionId(sessionId: string): string {
  return crypto.createHash("sha256").update(sessionId).digest("base64url").slice(0, 22);
}

// Bowser names a few platforms in a way a user would not ("Chrome OS" is fine, "iOS" less so on a phone).
const OS_NAMES: Record<string, string> = { macOS: "macOS", "Chrome OS": "ChromeOS" };

/**
 * Browser and system from a User-Agent header, for "Chrome on Windows" (parsed with bowser).
 * An iPhone or iPad is named as the device rather than "iOS". Null parts where the header says
 * nothing useful (a script, an empty header).
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent?.trim();
  if (!ua) return { browser: null, os: null };
  try {
    const parsed = Bowser.parse(ua);
    const browser = parsed.browser.name || null;
    const model = parsed.platform.vendor === "Apple" && /^(iPhone|iPad|iPod)$/.test(parsed.platform.model ?? "") ? parsed.platform.model : null;
    const osName = parsed.os.name ? (OS_NAMES[parsed.os.name] ?? parsed.os.name) : null;
    return model ? { browser, os: null, device: model } : { browser, os: osName };
  } catch {
    // A header the parser chokes on is still a session the user may end.
    return { browser: null, os: null };
  }
}

/**
 * The user's unexpired sessions, most recently used first; the current one leads, as it is in use
 * right now (its stored last use lags by up to the refresh interval of loadUser).
 */
export async function listOwnSessions(db: Executor, userId: number, currentId: string | null): Promise<OwnSession[]> {
  const limits = sessionLimits();
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "user_agent"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", limits.now)
    .where("created_at", ">", limits.createdAfter)
    .where(sql<string>`coalesce(last_seen_at, created_at)`, ">", limits.seenAfter)
    .orderBy(sql`coalesce(last_seen_at, created_at)`, "desc")
    .orderBy("created_at", "desc")
    .execute();
  const sessions = rows.map((row) => ({
    id: publicSessionId(row.id),
    device: describeUserAgent(row.user_agent),
    createdAt: row.created_at,
    lastUsedAt: row.last_seen_at ?? row.created_at,
    current: row.id === currentId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * "Sign out everywhere else": ends every other session of the user and records it. Sessions that
 * had expired anyway are cleared first and not counted, so the count matches the list the user saw.
 * Nothing is recorded when there was nothing to end.
 */
export async function endOtherSessions(db: Executor, user: Causer, currentId: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    await purgeEndedSessions(trx);
    const count = await endSessionsOf(trx, user.id, currentId);
    if (count > 0) await recordActivity(trx, { subjectType: "user", subjectId: user.id, event: "sessions_ended", causer: user, newValues: { count } });
    return count;
  });
}

/**
 * Ends one other session of the user, named by its public id. An id that is not one of the user's
 * other sessions (someone else's, the current one, one already gone) is not found and ends nothing.
 */
export async function endOwnSession(db: Executor, user: Causer, currentId: string, publicId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const ids = await trx.selectFrom("sessions").select("id").where("user_id", "=", user.id).where("id", "!=", currentId).execute();
    const target = ids.find((row) => publicSessionId(row.id) === publicId);
    if (!target) throw new NotFoundError("session");
    await trx.deleteFrom("sessions").where("id", "=", target.id).where("user_id", "=", user.id).execute();
    await recordActivity(trx, { subjectType: "user", subjectId: user.id, event: "sessions_ended", causer: user, newValues: { count: 1 } });
  });
}
