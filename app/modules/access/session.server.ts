import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { DAY, MINUTE, isoIn, nowIso } from "~/lib/time";
import { recordActivity, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { toSessionUser, type SessionUser } from "~/modules/access/user.server";
import { serializeCookie, sessionCookie } from "../../server/cookies.server";

const SESSION_TTL_MS = 30 * DAY;

/** DB-backed sessions: the cookie carries only a random id, so logout revokes it for real. */
export async function createSession(db: Executor, userId: number, userAgent: string | null): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({ id, user_id: userId, data: "{}", expires_at: isoIn(SESSION_TTL_MS), created_at: nowIso(), last_seen_at: nowIso(), user_agent: userAgent })
    .execute();
  return id;
}

export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
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

// "Last used" in the sessions list is exact to a few minutes: one write per session per interval, not per request.
const LAST_SEEN_INTERVAL_MS = 5 * MINUTE;

async function loadUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const db = getDb();
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.name", "users.email", "users.role", "users.azure_user", "users.word_export", "sessions.last_seen_at"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_seen_at || Date.parse(row.last_seen_at) < Date.now() - LAST_SEEN_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_seen_at: nowIso() }).where("id", "=", sessionId).execute();
  }
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
  throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
}



/** Starts a new session; a session the request still carries is ended, so an old cookie opens nothing. */
export async function startUserSession(request: Request, user: SessionUser, redirectTo: string) {
  const db = getDb();
  const previous = await getSessionId(request);
  const id = await inTransaction(db, async (trx) => {
    if (previous) await trx.deleteFrom("sessions").where("id", "=", previous).execute();
    const sessionId = await createSession(trx, user.id, request.headers.get("User-Agent"));
    await trx.updateTable("users").set({ last_login_at: nowIso() }).where("id", "=", user.id).execute();
    await recordActivity(trx, { subjectType: "user", subjectId: user.id, event: "login", causer: user });
    return sessionId;
  });
  return redirect(safeRedirectPath(redirectTo), {
    headers: { "Set-Cookie": await serializeCookie(sessionCookie, request, id) },
  });
}

export async function endUserSession(request: Request): Promise<string> {
  const sessionId = await getSessionId(request);
  if (sessionId) await getDb().deleteFrom("sessions").where("id", "=", sessionId).execute();
  return serializeCookie(sessionCookie, request, "", { maxAge: 0 });
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
