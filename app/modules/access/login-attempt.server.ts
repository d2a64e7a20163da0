import { MINUTE, isoIn, nowIso } from "~/lib/time";
import type { Executor } from "../../server/audit.server";
import { normaliseEmail } from "./user.server";

/**
 * Limits on sign-in and password reset, kept in the database so they hold across several
 * server processes (docs/decisions/0014-request-origin-and-limits.md). The client is the
 * address server.mjs resolved (TRUST_PROXY decides whether a proxy's header counts).
 *
 * Sign-in, failures within 15 minutes:
 * - 5 for one account from one client lock that pair: the owner signing in from elsewhere is
 *   not locked out by someone guessing;
 * - 30 from one client, any accounts, lock that client (password spraying);
 * - 50 for one account from all clients together lock the account (the slow global back-off
 *   against guessing from many addresses).
 * Password reset: 10 requests an hour from one client, then 429; 3 mails an hour to one
 * address, further requests get the same neutral answer and no mail.
 */
export const LOCKOUT_WINDOW_MS = 15 * MINUTE;
export const MAX_FAILED_ATTEMPTS = 5;
export const MAX_FAILURES_PER_CLIENT = 30;
export const MAX_FAILURES_PER_ACCOUNT = 50;
export const RESET_WINDOW_MS = 60 * MINUTE;
export const MAX_RESET_REQUESTS_PER_CLIENT = 10;
export const MAX_RESET_MAILS_PER_ADDRESS = 3;

const clientKey = (ip: string | null | undefined) => (ip && ip.trim() ? ip.trim().slice(0, 64) : "unknown");

async function countLoginFailures(db: Executor, since: string, where: { email?: string; ip?: string }) {
  const row = await db
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">", since)
    .$if(where.email !== undefined, (qb) => qb.where("email", "=", where.email!))
    .$if(where.ip !== undefined, (qb) => qb.where("ip", "=", where.ip!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Why a sign-in from this client for this account is refused now, or null when it may try. */
export async function loginRefusal(db: Executor, email: string, ip: string | null, now = new Date()): Promise<"account-and-client" | "client" | "account" | null> {
  const since = isoIn(-LOCKOUT_WINDOW_MS, now);
  const account = normaliseEmail(email);
  const client = clientKey(ip);
  if ((await countLoginFailures(db, since, { email: account, ip: client })) >= MAX_FAILED_ATTEMPTS) return "account-and-client";
  if ((await countLoginFailures(db, since, { ip: client })) >= MAX_FAILURES_PER_CLIENT) return "client";
  if ((await countLoginFailures(db, since, { email: account })) >= MAX_FAILURES_PER_ACCOUNT) return "account";
  return null;
}

export async function isLockedOut(db: Executor, email: string, ip: string | null, now = new Date()): Promise<boolean> {
  return (await loginRefusal(db, email, ip, now)) !== null;
}

export async function recordFailedLogin(db: Executor, email: string, ip: string | null) {
  await db.insertInto("login_attempts").values({ email: normaliseEmail(email), ip: clientKey(ip), created_at: nowIso() }).execute();
  // Keep the table small: anything older than the window no longer counts.
  await db.deleteFrom("login_attempts").where("created_at", "<", isoIn(-LOCKOUT_WINDOW_MS)).execute();
}

/** A successful sign-in forgives this client's failures for the account; other clients' still count. */
export async function clearFailedLogins(db: Executor, email: string, ip: string | null) {
  await db.deleteFrom("login_attempts").where("email", "=", normaliseEmail(email)).where("ip", "=", clientKey(ip)).execute();
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
