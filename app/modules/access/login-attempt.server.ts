import { MINUTE, isoIn, nowIso } from "~/lib/time";
import type { Executor } from "../../server/audit.server";
import { normaliseEmail } from "./user.server";

/**
 * Limits on sign-in and password reset, kept in the database so they hold across several
 * server processes (decisions 0014 and 0046). The client is the address server.mjs resolved
 * (TRUST_PROXY decides whether a proxy's header counts).
 *
 * Sign-in slows guessers down without handing anyone a lockout (OWASP's device cookies):
 * - a browser that signed in to the account before (a known device, see known-device.server.ts)
 *   is never refused for the guessers' failures; only its own failures count, and 5 of them
 *   make it an unknown device until they leave the window;
 * - unknown devices, failures within 15 minutes: 5 for one account from one client refuse that
 *   pair; 30 from one client, any accounts, refuse that client (password spraying); from 10 for
 *   one account from all clients together each further try waits a growing delay after the
 *   last failure (1 s, doubling, at most 60 s) — "try again in N seconds", never a refusal
 *   that outlasts a minute.
 * Password reset: 10 requests an hour from one client, then 429; 3 mails an hour to one
 * address, further requests get the same neutral answer and no mail.
 */
export const LOCKOUT_WINDOW_MS = 15 * MINUTE;
export const MAX_FAILED_ATTEMPTS = 5;
export const MAX_FAILURES_PER_CLIENT = 30;
export const MAX_FAILURES_PER_DEVICE = 5;
export const ACCOUNT_DELAY_AFTER = 10;
export const MAX_ACCOUNT_DELAY_MS = 60_000;
export const RESET_WINDOW_MS = 60 * MINUTE;
export const MAX_RESET_REQUESTS_PER_CLIENT = 10;
export const MAX_RESET_MAILS_PER_ADDRESS = 3;

const clientKey = (ip: string | null | undefined) => (ip && ip.trim() ? ip.trim().slice(0, 64) : "unknown");

/** Who is trying: the client's address and, when its cookie names this account, the known device's id. */
export interface LoginClient {
  ip: string | null;
  device?: string | null;
}

/** A refused try: why, and after how many seconds it may come again (Retry-After). */
export interface LoginRefusal {
  reason: "account-and-client" | "client" | "account-delay";
  retryAfterSeconds: number;
}

/** The wait after the last failure once an account has `failures` from unknown devices in the window. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_DELAY_AFTER) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - ACCOUNT_DELAY_AFTER, 16), MAX_ACCOUNT_DELAY_MS);
}

async function countFailures(db: Executor, since: string, where: { email?: string; ip?: string; device?: string | null }) {
  const row = await db
    .selectFrom("login_attempts")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("created_at").as("last"), eb.fn.max("id").as("last_id")])
    .where("created_at", ">", since)
    .$if(where.email !== undefined, (qb) => qb.where("email", "=", where.email!))
    .$if(where.ip !== undefined, (qb) => qb.where("ip", "=", where.ip!))
    .$if(where.device === null, (qb) => qb.where("device", "is", null))
    .$if(typeof where.device === "string", (qb) => qb.where("device", "=", where.device!))
    .executeTakeFirst();
  return { n: Number(row?.n ?? 0), last: row?.last ? String(row.last) : null, lastId: Number(row?.last_id ?? 0) };
}

/** A known device stays trusted until it has failed MAX_FAILURES_PER_DEVICE times itself (a stolen cookie guesses no further than that). */
export async function deviceStillTrusted(db: Executor, device: string, now = new Date()): Promise<boolean> {
  return (await countFailures(db, isoIn(-LOCKOUT_WINDOW_MS, now), { device })).n < MAX_FAILURES_PER_DEVICE;
}

/** Why a try from this unknown device is refused now, or null when it may try. */
export async function loginRefusal(db: Executor, email: string, ip: string | null, now = new Date()): Promise<LoginRefusal | null> {
  return (await unknownDeviceCheck(db, normaliseEmail(email), clientKey(ip), now)).refusal;
}

async function unknownDeviceCheck(db: Executor, account: string, client: string, now: Date): Promise<{ refusal: LoginRefusal | null; lastId: number }> {
  const since = isoIn(-LOCKOUT_WINDOW_MS, now);
  const windowSeconds = LOCKOUT_WINDOW_MS / 1000;
  if ((await countFailures(db, since, { email: account, ip: client, device: null })).n >= MAX_FAILED_ATTEMPTS) {
    return { refusal: { reason: "account-and-client", retryAfterSeconds: windowSeconds }, lastId: 0 };
  }
  if ((await countFailures(db, since, { ip: client, device: null })).n >= MAX_FAILURES_PER_CLIENT) return { refusal: { reason: "client", retryAfterSeconds: windowSeconds }, lastId: 0 };
  const accountWide = await countFailures(db, since, { email: account, device: null });
  const wait = accountWide.last ? new Date(accountWide.last).getTime() + accountDelayMs(accountWide.n) - now.getTime() : 0;
  if (wait > 0) return { refusal: { reason: "account-delay", retryAfterSeconds: Math.ceil(wait / 1000) }, lastId: accountWide.lastId };
  return { refusal: null, lastId: accountWide.lastId };
}

/**
 * Admits a sign-in try or refuses it. An admitted try is recorded as a failure *before* the
 * password is checked (loginSucceeded removes it), so parallel tries cannot all slip through
 * the same delay: of the tries admitted after the last failure only the first one stands.
 */
export async function admitLogin(db: Executor, email: string, who: LoginClient, now = new Date()): Promise<LoginRefusal | null> {
  const account = normaliseEmail(email);
  const client = clientKey(who.ip);
  // Anything older than the window no longer counts: keep the table small.
  await db.deleteFrom("login_attempts").where("created_at", "<", isoIn(-LOCKOUT_WINDOW_MS, now)).execute();
  if (who.device) {
    await db.insertInto("login_attempts").values({ email: account, ip: client, device: who.device, created_at: now.toISOString() }).execute();
    return null;
  }
  const { refusal, lastId } = await unknownDeviceCheck(db, account, client, now);
  if (refusal) return refusal;
  const mine = await db.insertInto("login_attempts").values({ email: account, ip: client, device: null, created_at: now.toISOString() }).returning("id").executeTakeFirstOrThrow();
  const delay = accountDelayMs((await countFailures(db, isoIn(-LOCKOUT_WINDOW_MS, now), { email: account, device: null })).n - 1);
  if (delay > 0) {
    const first = await db.selectFrom("login_attempts").select((eb) => eb.fn.min("id").as("id")).where("email", "=", account).where("device", "is", null).where("id", ">", lastId).executeTakeFirst();
    if (Number(first?.id) !== mine.id) {
      await db.deleteFrom("login_attempts").where("id", "=", mine.id).execute();
      return { reason: "account-delay", retryAfterSeconds: Math.ceil(delay / 1000) };
    }
  }
  return null;
}

/** A wrong password with no try admitted before (callers that check without admitLogin). */
export async function recordFailedLogin(db: Executor, email: string, ip: string | null, device: string | null = null) {
  await db.insertInto("login_attempts").values({ email: normaliseEmail(email), ip: clientKey(ip), device, created_at: nowIso() }).execute();
  await db.deleteFrom("login_attempts").where("created_at", "<", isoIn(-LOCKOUT_WINDOW_MS)).execute();
}

/**
 * The right password: forgives this client's failures for the account (the admitted try among
 * them) and the device's own; other clients' failures still count.
 */
export async function loginSucceeded(db: Executor, email: string, who: LoginClient) {
  const account = normaliseEmail(email);
  await db.deleteFrom("login_attempts").where("email", "=", account).where("ip", "=", clientKey(who.ip)).execute();
  if (who.device) await db.deleteFrom("login_attempts").where("email", "=", account).where("device", "=", who.device).execute();
}

/**
 * Records a reset request and decides it: "refused" when the client asked too often (429),
 * "quiet" when the address already got its mails this hour (same neutral answer, no mail),
 * else "mail".
 */
export async function admitResetRequest(db: Executor, email: string, ip: string | null, now = new Date()): Promise<"mail" | "quiet" | "refused"> {
  const since = isoIn(-RESET_WINDOW_MS, now);
  const client = clientKey(ip);
  const address = normaliseEmail(email);
  const count = async (column: "ip" | "email", value: string, mailedOnly: boolean) =>
    Number(
      (
        await db
          .selectFrom("password_reset_requests")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(column, "=", value)
          .where("created_at", ">", since)
          .$if(mailedOnly, (qb) => qb.where("mailed", "=", 1))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  await db.deleteFrom("password_reset_requests").where("created_at", "<", isoIn(-RESET_WINDOW_MS, now)).execute();
  if ((await count("ip", client, false)) >= MAX_RESET_REQUESTS_PER_CLIENT) return "refused";
  const verdict = (await count("email", address, true)) >= MAX_RESET_MAILS_PER_ADDRESS ? "quiet" : "mail";
  await db
    .insertInto("password_reset_requests")
    .values({ email: address, ip: client, mailed: verdict === "mail" ? 1 : 0, created_at: now.toISOString() })
    .execute();
  return verdict;
}
