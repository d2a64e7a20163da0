import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { MINUTE, isoIn, nowIso } from "~/lib/time";
import { recordActivity, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { toSessionUser, type SessionUser } from "~/modules/access/user.server";
import { serializeCookie, sessionCookieFor } from "../../server/cookies.server";
import { sessionLifetime } from "../../server/env.server";
import { noteRequestUser } from "../../server/operations.server";
import { refusal } from "~/server/refusal.server";

/**
 * DB-backed sessions: the cookie carries only a random id, so logout revokes it for real. A
 * session ends SESSION_MAX_DAYS after sign-in (`expires_at`, absolute) or after
 * SESSION_IDLE_MINUTES without a request (`last_seen_at`, idle) — both checked in the lookup, so
 * every server process agrees (docs/decisions/0038-several-app-servers.md).
 */
export async function createSession(db: Executor, userId: number, userAgent: string | null): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({ id, user_id: userId, data: "{}", expires_at: isoIn(sessionLifetime().maxMs), created_at: nowIso(), last_seen_at: nowIso(), user_agent: userAgent })
    .execute();
  return id;
}

/** The session id from the cookie named for this request's protocol (`__Host-sh_session` over TLS). */
export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookieFor(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * The limits a live session's row must meet now: not past `expires_at`, created within the
 * absolute lifetime (a lowered SESSION_MAX_DAYS also ends older sessions) and used within the
 * idle time (`last_seen_at` moves at most every few minutes, see LAST_SEEN_INTERVAL_MS).
 */
export function sessionLimits(now: Date = new Date()): { now: string; createdAfter: string; seenAfter: string } {
  const { idleMs, maxMs } = sessionLifetime();
  return { now: now.toISOString(), createdAfter: isoIn(-maxMs, now), seenAfter: isoIn(-idleMs, now) };
}

/** Deletes every ended session (anyone's). Idempotent, so any server may run it at any time. */
export async function purgeEndedSessions(db: Executor, now: Date = new Date()): Promise<number> {
  const limits = sessionLimits(now);
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", limits.now),
        eb("created_at", "<=", limits.createdAfter),
        eb.and([eb("last_seen_at", "is not", null), eb("last_seen_at", "<=", limits.seenAfter)]),
        eb.and([eb("last_seen_at", "is", null), eb("created_at", "<=", limits.seenAfter)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Root, layout and leaf loaders of one request all ask for the user; look it up once.
const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

export function getUser(request: Request): Promise<SessionUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = loadUser(request);
    userCache.set(request, pending);
  }
  return pending;
}

// "Last used" in the sessions list is exact to a few minutes: one write per session per interval,
// not per request. Well below the idle time, so an active session never looks idle.
const lastSeenIntervalMs = () => Math.min(5 * MINUTE, sessionLifetime().idleMs / 4);

async function loadUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const db = getDb();
  const limits = sessionLimits();
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users as u", "u.id", "sessions.user_id")
    .select(["u.id", "u.name", "u.email", "u.role", "u.azure_user", "u.word_export", "sessions.last_seen_at"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", limits.now)
    .where("sessions.created_at", ">", limits.createdAfter)
    .where((eb) => eb(eb.fn.coalesce("sessions.last_seen_at", "sessions.created_at"), ">", limits.seenAfter))
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_seen_at || Date.parse(row.last_seen_at) < Date.now() - lastSeenIntervalMs()) {
    await db.updateTable("sessions").set({ last_seen_at: nowIso() }).where("id", "=", sessionId).execute();
  }
  noteRequestUser(request, row.id);
  return toSessionUser(row);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const wanted = url.pathname + url.search;
    const params = wanted && wanted !== "/" ? `?${new URLSearchParams({ redirectTo: wanted })}` : "";
    throw redirect(`/login${params}`);
  }
  return user;
}

/**
 * Refuses a request the user's role does not allow: a page (GET) redirects to /unauthorized,
 * any other method answers 403 before anything is changed.
 */
export function forbid(request: Request): never {
  if (request.method === "GET" || request.method === "HEAD") throw redirect("/unauthorized");
  throw refusal(403);
}



/** Starts a new session; a session the request still carries is ended, so an old cookie opens nothing. */
export async function startUserSession(request: Request, user: SessionUser, redirectTo: string) {
  const db = getDb();
  const previous = await getSessionId(request);
  const id = await inTransaction(db, async (trx) => {
    if (previous) await trx.deleteFrom("sessions").where("id", "=", previous).execute();
    await purgeEndedSessions(trx);
    const sessionId = await createSession(trx, user.id, request.headers.get("User-Agent"));
    await trx.updateTable("users").set({ last_login_at: nowIso() }).where("id", "=", user.id).execute();
    await recordActivity(trx, { subjectType: "user", subjectId: user.id, event: "login", causer: user });
    return sessionId;
  });
  return redirect(safeRedirectPath(redirectTo), {
    headers: { "Set-Cookie": await serializeCookie(sessionCookieFor(request), request, id) },
  });
}

export async function endUserSession(request: Request): Promise<string> {
  const sessionId = await getSessionId(request);
  if (sessionId) await getDb().deleteFrom("sessions").where("id", "=", sessionId).execute();
  return serializeCookie(sessionCookieFor(request), request, "", { maxAge: 0 });
}

/**
 * Ends a user's sessions at once (role change, deletion, "sign out everywhere else"): their next
 * request finds no session. `exceptId` keeps the one the change was made from. Returns how many ended.
 */
export async function endSessionsOf(db: Executor, userId: number, exceptId: string | null = null): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
