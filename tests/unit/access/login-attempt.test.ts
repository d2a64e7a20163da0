import { describe, expect, it } from "vitest";
import {
  LOCKOUT_WINDOW_MS,
  MAX_FAILED_ATTEMPTS,
  MAX_FAILURES_PER_CLIENT,
  MAX_RESET_MAILS_PER_ADDRESS,
  MAX_RESET_REQUESTS_PER_CLIENT,
  admitResetRequest,
  loginRefusal,
  loginSucceeded,
  recordFailedLogin,
} from "~/modules/access/login-attempt.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);

const MINUTE = 60_000;
const HOME = "10.0.0.1";
const ATTACKER = "198.51.100.66";

async function fail(email: string, times: number, ip = ATTACKER) {
  for (let i = 0; i < times; i++) await recordFailedLogin(t.db, email, ip);
}

/** Inserts failures directly with a given timestamp (recordFailedLogin always uses "now"). */
async function insertFailures(email: string, times: number, at: Date, ip = ATTACKER) {
  for (let i = 0; i < times; i++) {
    await make.loginAttempt({ email, ip, created_at: at.toISOString() });
  }
}

/** Refused for the per-account-and-client or per-client limit (the account-wide delay is tested in tests/unit/auth/login-throttling.test.ts). */
async function isLockedOut(email: string, ip: string, now = new Date()) {
  const refusal = await loginRefusal(t.db, email, ip, now);
  return refusal !== null && refusal.reason !== "account-delay";
}

async function countRows(email: string) {
  const rows = await t.db.selectFrom("login_attempts").select("id").where("email", "=", email).execute();
  return rows.length;
}

describe("login throttling per account and client", () => {
  it("uses 5 failures within 15 minutes", () => {
    expect(MAX_FAILED_ATTEMPTS).toBe(5);
    expect(LOCKOUT_WINDOW_MS).toBe(15 * MINUTE);
  });

  it("is not locked at 4 failures and locked at the 5th, for that client", async () => {
    const email = "four-five@attempts.test";
    expect(await isLockedOut(email, ATTACKER)).toBe(false);
    await fail(email, 4);
    expect(await isLockedOut(email, ATTACKER)).toBe(false);
    await fail(email, 1);
    expect((await loginRefusal(t.db, email, ATTACKER))?.reason).toBe("account-and-client");
  });

  it("the owner signing in from another client is not locked out by someone guessing", async () => {
    await fail("owner@attempts.test", 5, ATTACKER);
    expect(await isLockedOut("owner@attempts.test", ATTACKER)).toBe(true);
    expect(await isLockedOut("owner@attempts.test", HOME)).toBe(false);
  });

  it("counts per e-mail: another e-mail from the same client is not affected", async () => {
    await fail("victim@attempts.test", 5);
    expect(await isLockedOut("victim@attempts.test", ATTACKER)).toBe(true);
    expect(await isLockedOut("bystander@attempts.test", "192.0.2.10")).toBe(false);
  });

  it("treats e-mails case-insensitively (records and checks)", async () => {
    await fail("Mixed@Attempts.TEST", 3);
    await fail("  mixed@attempts.test ", 2);
    expect(await countRows("mixed@attempts.test")).toBe(5);
    expect(await isLockedOut("MIXED@attempts.test", ATTACKER)).toBe(true);
  });

  it("stops counting failures older than the window", async () => {
    const email = "old@attempts.test";
    await insertFailures(email, 5, new Date(Date.now() - 16 * MINUTE));
    expect(await countRows(email)).toBe(5);
    expect(await isLockedOut(email, ATTACKER)).toBe(false);
  });

  it("locks while the failures are inside the window and unlocks once they leave it", async () => {
    const email = "window@attempts.test";
    const at = new Date("2030-01-01T12:00:00.000Z");
    await insertFailures(email, 5, at, "203.0.113.50");
    expect(await isLockedOut(email, "203.0.113.50", new Date(at.getTime() + 14 * MINUTE))).toBe(true);
    expect(await isLockedOut(email, "203.0.113.50", new Date(at.getTime() + 15 * MINUTE - 1))).toBe(true);
    expect(await isLockedOut(email, "203.0.113.50", new Date(at.getTime() + 15 * MINUTE))).toBe(false);
  });

  it("recordFailedLogin prunes rows older than the window (of any e-mail)", async () => {
    await insertFailures("stale@attempts.test", 3, new Date(Date.now() - 60 * MINUTE));
    await recordFailedLogin(t.db, "fresh@attempts.test", "10.0.0.2");
    expect(await countRows("stale@attempts.test")).toBe(0);
    const fresh = await t.db.selectFrom("login_attempts").selectAll().where("email", "=", "fresh@attempts.test").execute();
    expect(fresh).toHaveLength(1);
    expect(fresh[0].ip).toBe("10.0.0.2");
  });

  it("a success clears that client's failures for the account only", async () => {
    await fail("clear-me@attempts.test", 5, HOME);
    await fail("clear-me@attempts.test", 5, ATTACKER);
    await loginSucceeded(t.db, "Clear-Me@Attempts.test", { ip: HOME });
    expect(await isLockedOut("clear-me@attempts.test", HOME)).toBe(false);
    expect(await isLockedOut("clear-me@attempts.test", ATTACKER)).toBe(true);
  });
});

describe("login throttling per client and per account", () => {
  it("one client trying many accounts is refused once it reached the client limit", async () => {
    const sprayer = "192.0.2.77";
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT; i++) await recordFailedLogin(t.db, `spray-${i}@attempts.test`, sprayer);
    expect((await loginRefusal(t.db, "spray-new@attempts.test", sprayer))?.reason).toBe("client");
    expect(await loginRefusal(t.db, "spray-new@attempts.test", "192.0.2.78")).toBeNull();
  });

  it("guessing one account from many clients is slowed down, not locked: a try at most a minute after the last failure", async () => {
    const email = "distributed@attempts.test";
    for (let i = 0; i < 50; i++) await recordFailedLogin(t.db, email, `100.64.${Math.floor(i / 4)}.${i % 4}`);
    const refusal = await loginRefusal(t.db, email, "100.127.0.1");
    expect(refusal?.reason).toBe("account-delay");
    expect(refusal?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await loginRefusal(t.db, email, "100.127.0.1", new Date(Date.now() + 61_000))).toBeNull();
  });
});

describe("password reset limits", () => {
  it("mails an address at most 3 times an hour; later requests are answered quietly", async () => {
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await admitResetRequest(t.db, "Reset@Limits.test", `10.1.0.${i}`));
    expect(MAX_RESET_MAILS_PER_ADDRESS).toBe(3);
    expect(verdicts).toEqual(["mail", "mail", "mail", "quiet", "quiet"]);
    // An hour later the address may get mails again.
    expect(await admitResetRequest(t.db, "reset@limits.test", "10.1.0.9", new Date(Date.now() + 61 * MINUTE))).toBe("mail");
  });

  it("refuses a client that asks too often, whatever the addresses", async () => {
    const client = "10.2.0.1";
    for (let i = 0; i < MAX_RESET_REQUESTS_PER_CLIENT; i++) expect(await admitResetRequest(t.db, `many-${i}@limits.test`, client)).toBe("mail");
    expect(await admitResetRequest(t.db, "one-more@limits.test", client)).toBe("refused");
    expect(await admitResetRequest(t.db, "one-more@limits.test", "10.2.0.2")).toBe("mail");
  });
});
