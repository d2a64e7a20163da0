import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCKOUT_WINDOW_MS,
  MAX_FAILED_ATTEMPTS,
  clearFailedLogins,
  isLockedOut,
  recordFailedLogin,
} from "~/models/login-attempt.server";
import { createTestDb, type TestDb } from "../../support/test-db";

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});

afterAll(async () => {
  await t?.cleanup();
});

const MINUTE = 60_000;

async function fail(email: string, times: number) {
  for (let i = 0; i < times; i++) await recordFailedLogin(t.db, email, "10.0.0.1");
}

/** Inserts failures directly with a given timestamp (recordFailedLogin always uses "now"). */
async function insertFailures(email: string, times: number, at: Date) {
  for (let i = 0; i < times; i++) {
    await t.db.insertInto("login_attempts").values({ email, ip: null, created_at: at.toISOString() }).execute();
  }
}

async function countRows(email: string) {
  const rows = await t.db.selectFrom("login_attempts").select("id").where("email", "=", email).execute();
  return rows.length;
}

describe("login throttling", () => {
  it("uses 5 failures within 15 minutes", () => {
    expect(MAX_FAILED_ATTEMPTS).toBe(5);
    expect(LOCKOUT_WINDOW_MS).toBe(15 * MINUTE);
  });

  it("is not locked at 4 failures and locked at the 5th", async () => {
    const email = "four-five@attempts.test";
    expect(await isLockedOut(t.db, email)).toBe(false);
    await fail(email, 4);
    expect(await isLockedOut(t.db, email)).toBe(false);
    await fail(email, 1);
    expect(await isLockedOut(t.db, email)).toBe(true);
  });

  it("counts per e-mail: another e-mail is not affected", async () => {
    await fail("victim@attempts.test", 5);
    expect(await isLockedOut(t.db, "victim@attempts.test")).toBe(true);
    expect(await isLockedOut(t.db, "bystander@attempts.test")).toBe(false);
  });

  it("treats e-mails case-insensitively (records and checks)", async () => {
    await fail("Mixed@Attempts.TEST", 3);
    await fail("  mixed@attempts.test ", 2);
    expect(await countRows("mixed@attempts.test")).toBe(5);
    expect(await isLockedOut(t.db, "MIXED@attempts.test")).toBe(true);
    expect(await isLockedOut(t.db, "mixed@attempts.test")).toBe(true);
  });

  it("stops counting failures older than the window", async () => {
    const email = "old@attempts.test";
    await insertFailures(email, 5, new Date(Date.now() - 16 * MINUTE));
    expect(await countRows(email)).toBe(5);
    expect(await isLockedOut(t.db, email)).toBe(false);
  });

  it("locks while the failures are inside the window and unlocks once they leave it", async () => {
    const email = "window@attempts.test";
    const at = new Date("2030-01-01T12:00:00.000Z");
    await insertFailures(email, 5, at);
    expect(await isLockedOut(t.db, email, new Date(at.getTime() + 14 * MINUTE))).toBe(true);
    expect(await isLockedOut(t.db, email, new Date(at.getTime() + 15 * MINUTE - 1))).toBe(true);
    expect(await isLockedOut(t.db, email, new Date(at.getTime() + 15 * MINUTE))).toBe(false);
    expect(await isLockedOut(t.db, email, new Date(at.getTime() + 16 * MINUTE))).toBe(false);
  });

  it("counts only the recent failures when old and new ones are mixed", async () => {
    const email = "mixed-age@attempts.test";
    await insertFailures(email, 4, new Date(Date.now() - 20 * MINUTE));
    await insertFailures(email, 4, new Date(Date.now() - 5 * MINUTE));
    expect(await isLockedOut(t.db, email)).toBe(false);
    await insertFailures(email, 1, new Date(Date.now() - 1 * MINUTE));
    expect(await isLockedOut(t.db, email)).toBe(true);
  });

  it("recordFailedLogin prunes rows older than the window (of any e-mail)", async () => {
    await insertFailures("stale@attempts.test", 3, new Date(Date.now() - 60 * MINUTE));
    await recordFailedLogin(t.db, "fresh@attempts.test", "10.0.0.2");
    expect(await countRows("stale@attempts.test")).toBe(0);
    const fresh = await t.db.selectFrom("login_attempts").selectAll().where("email", "=", "fresh@attempts.test").execute();
    expect(fresh).toHaveLength(1);
    expect(fresh[0].ip).toBe("10.0.0.2");
  });

  it("clearFailedLogins removes that e-mail's failures (any case) and unlocks it, leaving others", async () => {
    await fail("clear-me@attempts.test", 5);
    await fail("keep-me@attempts.test", 5);
    expect(await isLockedOut(t.db, "clear-me@attempts.test")).toBe(true);

    await clearFailedLogins(t.db, "Clear-Me@Attempts.test");

    expect(await countRows("clear-me@attempts.test")).toBe(0);
    expect(await isLockedOut(t.db, "clear-me@attempts.test")).toBe(false);
    expect(await isLockedOut(t.db, "keep-me@attempts.test")).toBe(true);
  });
});
