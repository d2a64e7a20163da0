import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSession } from "~/modules/access/session.server";
import { listActivitiesFor } from "~/server/audit.server";
import {
  RESET_TOKEN_TTL_MS,
  createPasswordResetToken,
  findValidResetToken,
  resetPasswordWithToken,
} from "~/modules/access/password-reset.server";
import { verifyLogin } from "~/modules/access/user.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();
const make = factories(() => t.db);

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

async function tokenRowsOf(userId: number) {
  return t.db.selectFrom("password_reset_tokens").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

describe("createPasswordResetToken", () => {
  it("returns undefined for an unknown e-mail and stores nothing", async () => {
    const before = await t.db.selectFrom("password_reset_tokens").select("id").execute();
    expect(await createPasswordResetToken(t.db, "unknown@reset.test")).toBeUndefined();
    const after = await t.db.selectFrom("password_reset_tokens").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("returns undefined for a single-sign-on account", async () => {
    await make.userRow({ name: "SSO", email: "sso@reset.test", password_hash: null, azure_user: 1 });
    expect(await createPasswordResetToken(t.db, "sso@reset.test")).toBeUndefined();
  });

  it("finds the account case-insensitively and returns the token with the user's public data", async () => {
    const u = await make.user("user");
    const result = await createPasswordResetToken(t.db, `  ${u.email.toUpperCase()}  `);
    expect(result).toBeDefined();
    expect(result!.user).toEqual({ id: u.id, name: expect.any(String), email: u.email });
    expect(result!.token.length).toBeGreaterThanOrEqual(40);
    expect(result!.token).toMatch(/^[A-Za-z0-9_-]+$/); // URL-safe
  });

  it("stores only the sha256 hash of the token, never the token itself", async () => {
    const u = await make.user("user");
    const { token } = (await createPasswordResetToken(t.db, u.email))!;
    const rows = await tokenRowsOf(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].used_at).toBeNull();
    // Expires in about 60 minutes.
    const expiresIn = Date.parse(rows[0].expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(RESET_TOKEN_TTL_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS);
  });

  it("writes an audit row without the token", async () => {
    const u = await make.user("user");
    const { token } = (await createPasswordResetToken(t.db, u.email))!;
    const [latest] = await listActivitiesFor(t.db, "user", u.id);
    expect(latest.event).toBe("password_reset_requested");
    expect(JSON.stringify(latest)).not.toContain(token);
  });

  it("a new request invalidates the user's older unused tokens (but not other users' tokens)", async () => {
    const u = await make.user("user");
    const other = await make.user("user");
    const first = (await createPasswordResetToken(t.db, u.email))!.token;
    const otherToken = (await createPasswordResetToken(t.db, other.email))!.token;
    const second = (await createPasswordResetToken(t.db, u.email))!.token;

    expect(second).not.toBe(first);
    expect(await findValidResetToken(t.db, first)).toBeUndefined();
    expect(await findValidResetToken(t.db, second)).toMatchObject({ user_id: u.id });
    expect(await findValidResetToken(t.db, otherToken)).toMatchObject({ user_id: other.id });
    expect(await tokenRowsOf(u.id)).toHaveLength(1);
  });
});

describe("findValidResetToken", () => {
  it("finds a fresh token and nothing for an unknown one", async () => {
    const u = await make.user("user");
    const { token } = (await createPasswordResetToken(t.db, u.email))!;
    expect(await findValidResetToken(t.db, token)).toMatchObject({ user_id: u.id });
    expect(await findValidResetToken(t.db, `${token}x`)).toBeUndefined();
    expect(await findValidResetToken(t.db, "")).toBeUndefined();
    // The stored hash itself is not a working token.
    expect(await findValidResetToken(t.db, sha256(token))).toBeUndefined();
  });

  it("rejects an expired token", async () => {
    const u = await make.user("user");
    const { token } = (await createPasswordResetToken(t.db, u.email))!;
    await t.db
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", u.id)
      .execute();
    expect(await findValidResetToken(t.db, token)).toBeUndefined();
    expect(await resetPasswordWithToken(t.db, token, "new-password-exp")).toBe(false);
    expect(await verifyLogin(t.db, u.email, u.password)).toBeDefined();
  });

  it("rejects a used token", async () => {
    const u = await make.user("user");
    const { token } = (await createPasswordResetToken(t.db, u.email))!;
    await t.db.updateTable("password_reset_tokens").set({ used_at: new Date().toISOString() }).where("user_id", "=", u.id).execute();
    expect(await findValidResetToken(t.db, token)).toBeUndefined();
  });
});

describe("resetPasswordWithToken", () => {
  it("sets the password and revokes every session of that user, and works only once", async () => {
    const u = await make.user("user", { password: "before-reset" });
    const other = await make.user("user");
    await createSession(t.db, u.id, "laptop");
    await createSession(t.db, u.id, "phone");
    const otherSession = await createSession(t.db, other.id, "other");
    const { token } = (await createPasswordResetToken(t.db, u.email))!;

    expect(await resetPasswordWithToken(t.db, token, "after-reset-1")).toBe(true);

    expect(await verifyLogin(t.db, u.email, "after-reset-1")).toMatchObject({ id: u.id });
    expect(await verifyLogin(t.db, u.email, "before-reset")).toBeUndefined();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", u.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", other.id).execute()).toEqual([{ id: otherSession }]);
    const [row] = await tokenRowsOf(u.id);
    expect(row.used_at).not.toBeNull();
    const [latest] = await listActivitiesFor(t.db, "user", u.id);
    expect(latest.event).toBe("password_reset");
    expect(JSON.stringify(latest)).not.toContain("after-reset-1");

    // Second use: refused, the password stays what the first use set.
    expect(await resetPasswordWithToken(t.db, token, "after-reset-2")).toBe(false);
    expect(await verifyLogin(t.db, u.email, "after-reset-1")).toBeDefined();
    expect(await verifyLogin(t.db, u.email, "after-reset-2")).toBeUndefined();
  });

  it("returns false for an unknown token", async () => {
    expect(await resetPasswordWithToken(t.db, "no-such-token", "whatever-123")).toBe(false);
  });

  it("a used token is kept (not deleted) by a later request, and stays unusable", async () => {
    const u = await make.user("user");
    const { token: used } = (await createPasswordResetToken(t.db, u.email))!;
    expect(await resetPasswordWithToken(t.db, used, "reset-once-1")).toBe(true);
    const { token: fresh } = (await createPasswordResetToken(t.db, u.email))!;
    const rows = await tokenRowsOf(u.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.used_at === null)).toHaveLength(1);
    expect(await findValidResetToken(t.db, used)).toBeUndefined();
    expect(await findValidResetToken(t.db, fresh)).toBeDefined();
  });
});
