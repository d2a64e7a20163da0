import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DELAY_AFTER,
  MAX_FAILED_ATTEMPTS,
  MAX_FAILURES_PER_CLIENT,
  MAX_FAILURES_PER_DEVICE,
  accountDelayMs,
  admitLogin,
  deviceStillTrusted,
  loginSucceeded,
} from "~/modules/access/login-attempt.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/**
 * Sign-in throttling without lockout (issue 31 item 4, decision 0046), against a real database:
 * unknown devices are slowed down per client and per account by a growing delay; a known device
 * is refused only after its own failures.
 */
const t = useTestDb();
const make = factories(() => t.db);

let n = 0;
const account = () => `throttle-${++n}-${Date.now()}@attempts.test`;
const ip = (i: number) => `100.70.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** `times` admitted tries with the wrong password (the admitted try is the failure). */
async function guess(email: string, times: number, who: (i: number) => { ip: string; device?: string | null }, now: Date) {
  for (let i = 0; i < times; i++) expect(await admitLogin(t.db, email, who(i), now)).toBeNull();
}

describe("the account-wide limit is a growing delay, not a lockout", () => {
  it("waits 1 s after the 10th failure, doubling per failure, never more than a minute", () => {
    expect(accountDelayMs(ACCOUNT_DELAY_AFTER - 1)).toBe(0);
    expect([10, 11, 12, 13].map(accountDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(accountDelayMs(16)).toBe(60_000);
    expect(accountDelayMs(5000)).toBe(60_000);
  });

  it("slows guessing from many addresses: each further try waits for the delay, then one is admitted", async () => {
    const email = account();
    const start = new Date();
    await guess(email, ACCOUNT_DELAY_AFTER, (i) => ({ ip: ip(i) }), start);
    // A fresh address, even one that has never failed, waits — also with the right password (not yet checked).
    expect(await admitLogin(t.db, email, { ip: ip(500) }, at(start, 10))).toEqual({ reason: "account-delay", retryAfterSeconds: 1 });
    expect(await admitLogin(t.db, email, { ip: ip(501) }, at(start, 1001))).toBeNull();
    // The next failure doubles the wait.
    expect(await admitLogin(t.db, email, { ip: ip(502) }, at(start, 1002))).toEqual({ reason: "account-delay", retryAfterSeconds: 2 });
    expect(await admitLogin(t.db, email, { ip: ip(502) }, at(start, 3002))).toBeNull();
  });

  it("parallel tries after the delay: only one of them is admitted", async () => {
    const email = account();
    const start = new Date();
    await guess(email, ACCOUNT_DELAY_AFTER, (i) => ({ ip: ip(i) }), start);
    const later = at(start, 1500);
    const answers = await Promise.all([600, 601, 602, 603, 604, 605].map((i) => admitLogin(t.db, email, { ip: ip(i) }, later)));
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    expect(answers.filter((a) => a?.reason === "account-delay")).toHaveLength(5);
  });

  it("slows one address: 5 failures for an account and 30 for any accounts refuse that address only", async () => {
    const email = account();
    const now = new Date();
    await guess(email, MAX_FAILED_ATTEMPTS, () => ({ ip: "100.71.0.1" }), now);
    expect((await admitLogin(t.db, email, { ip: "100.71.0.1" }, now))?.reason).toBe("account-and-client");
    expect(await admitLogin(t.db, email, { ip: "100.71.0.2" }, now)).toBeNull();
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT; i++) expect(await admitLogin(t.db, account(), { ip: "100.71.0.3" }, now)).toBeNull();
    expect((await admitLogin(t.db, account(), { ip: "100.71.0.3" }, now))?.reason).toBe("client");
  });
});

describe("a known device", () => {
  it("is admitted whatever others did: per address, per account, from its own address", async () => {
    const email = account();
    const now = new Date();
    const home = "100.72.0.1";
    // 50 failures from any mix of addresses, the home address among them, and 30 more from home.
    await recordUnknown(email, 45, (i) => ip(700 + i), now);
    await recordUnknown(email, MAX_FAILED_ATTEMPTS, () => home, now);
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT; i++) await recordUnknown(account(), 1, () => home, now);
    expect(await admitLogin(t.db, email, { ip: home }, now)).not.toBeNull();
    expect(await admitLogin(t.db, email, { ip: home, device: "device-of-the-owner-1" }, now)).toBeNull();
    expect(await admitLogin(t.db, email, { ip: "100.72.9.9", device: "device-of-the-owner-1" }, now)).toBeNull();
  });

  it("loses its trust after its own 5 failures (a stolen cookie guesses no further) and gets it back with the right password", async () => {
    const email = account();
    const device = "device-with-typos-1";
    const now = new Date();
    await guess(email, MAX_FAILURES_PER_DEVICE - 1, () => ({ ip: "100.73.0.1", device }), now);
    expect(await deviceStillTrusted(t.db, device, now)).toBe(true);
    await guess(email, 1, () => ({ ip: "100.73.0.1", device }), now);
    expect(await deviceStillTrusted(t.db, device, now)).toBe(false);
    expect(await deviceStillTrusted(t.db, "another-device-1", now)).toBe(true);
    // Its failures counted against the device, not the account: unknown devices are not slowed by them.
    expect(await admitLogin(t.db, email, { ip: "100.73.0.2" }, now)).toBeNull();
    await loginSucceeded(t.db, email, { ip: "100.73.0.1", device });
    expect(await deviceStillTrusted(t.db, device, now)).toBe(true);
  });
});

/** Failures of unknown devices written directly (admitLogin would refuse some of them). */
async function recordUnknown(email: string, times: number, from: (i: number) => string, now: Date) {
  for (let i = 0; i < times; i++) await make.loginAttempt({ email, ip: from(i), device: null, created_at: now.toISOString() });
}
