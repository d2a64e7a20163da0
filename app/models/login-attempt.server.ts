import { MINUTE, isoIn, nowIso } from "~/lib/time";
import type { Executor } from "./audit.server";
import { normaliseEmail } from "./user.server";

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_WINDOW_MS = 15 * MINUTE;

/** Locked when MAX_FAILED_ATTEMPTS failures for this e-mail fall inside the last 15 minutes. */
export async function isLockedOut(db: Executor, email: string, now = new Date()): Promise<boolean> {
  const since = isoIn(-LOCKOUT_WINDOW_MS, now);
  const row = await db
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("email", "=", normaliseEmail(email))
    .where("created_at", ">", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0) >= MAX_FAILED_ATTEMPTS;
}

export async function recordFailedLogin(db: Executor, email: string, ip: string | null) {
  await db.insertInto("login_attempts").values({ email: normaliseEmail(email), ip, created_at: nowIso() }).execute();
  // Keep the table small: anything older than the window no longer counts.
  await db.deleteFrom("login_attempts").where("created_at", "<", isoIn(-LOCKOUT_WINDOW_MS)).execute();
}

export async function clearFailedLogins(db: Executor, email: string) {
  await db.deleteFrom("login_attempts").where("email", "=", normaliseEmail(email)).execute();
}
