import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/access/password.server";
import { createSession } from "~/modules/access/session.server";
import { listActivitiesFor } from "~/server/audit.server";
import { changePassword, createUser, findSessionUserById, setPassword, verifyLogin } from "~/modules/access/user.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();
const make = factories(() => t.db);

async function hashOf(id: number) {
  const row = await t.db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow();
  return row.password_hash;
}

async function sessionIdsOf(userId: number) {
  const rows = await t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
  return rows.map((r) => r.id).sort();
}

describe("createUser", () => {
  it("stores a trimmed, lower-cased e-mail and a bcrypt hash instead of the password", async () => {
    const id = await createUser(t.db, { name: "Mixed Case", email: "  Mixed.Case@Example.COM ", password: "s3cret-pass!", role: "keyuser" });
    const row = await t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.email).toBe("mixed.case@example.com");
    expect(row.role).toBe("keyuser");
    expect(row.password_hash).not.toBe("s3cret-pass!");
    expect(row.password_hash).not.toContain("s3cret-pass!");
    expect(row.password_hash).toMatch(/^\$2[aby]\$10\$.{53}$/);
    expect(await verifyPassword("s3cret-pass!", row.password_hash)).toBe(true);
  });

  it("writes a 'created' audit row with name, e-mail and role but no password", async () => {
    const id = await createUser(
      t.db,
      { name: "Audited", email: "Audited@Users.test", password: "never-logged-pw", role: "client" },
      null,
    );
    const activities = await listActivitiesFor(t.db, "user", id);
    expect(activities).toHaveLength(1);
    expect(activities[0].event).toBe("created");
    expect(JSON.parse(activities[0].new_values as string)).toEqual({ name: "Audited", email: "audited@users.test", role: "client" });
    expect(JSON.stringify(activities[0])).not.toContain("never-logged-pw");
  });

  it("records the causer of the creation", async () => {
    const admin = await make.user("admin", { password: "admin-pass-123" });
    const id = await createUser(
      t.db,
      { name: "Created By Admin", email: "by-admin@users.test", password: "whatever-123", role: "user" },
      { id: admin.id, name: "Admin Person" },
    );
    const [activity] = await listActivitiesFor(t.db, "user", id);
    expect(activity).toMatchObject({ causer_id: admin.id, causer_name: "Admin Person" });
  });

  it("is rejected by the database for an e-mail that exists in another case", async () => {
    await createUser(t.db, { name: "Original", email: "dup@users.test", password: "password-1", role: "user" });
    // Through the model (which lower-cases) …
    await expect(
      createUser(t.db, { name: "Copy", email: "DUP@Users.Test", password: "password-2", role: "user" }),
    ).rejects.toThrow();
    // … and bypassing it: the case-insensitive unique index itself refuses the row.
    await expect(
      t.db.insertInto("users").values({ name: "Raw copy", email: "Dup@USERS.test", password_hash: null }).execute(),
    ).rejects.toThrow();
    const rows = await t.db
      .selectFrom("users")
      .select("name")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", "dup@users.test"))
      .execute();
    expect(rows.map((r) => r.name)).toEqual(["Original"]);
  });
});

describe("verifyLogin", () => {
  it("returns the SessionUser (without the hash) for the right password", async () => {
    const u = await make.user("admin", { password: "right-password-1" });
    const result = await verifyLogin(t.db, u.email, "right-password-1");
    expect(result).toEqual({ id: u.id, name: expect.any(String), email: u.email, role: "admin", azureUser: false, wordExport: false });
    expect(result).not.toHaveProperty("password_hash");
  });

  it("returns undefined for a wrong password", async () => {
    const u = await make.user("user", { password: "right-password-2" });
    expect(await verifyLogin(t.db, u.email, "wrong-password-2")).toBeUndefined();
    expect(await verifyLogin(t.db, u.email, "")).toBeUndefined();
    expect(await verifyLogin(t.db, u.email, "RIGHT-PASSWORD-2")).toBeUndefined();
  });

  it("returns undefined for an unknown e-mail", async () => {
    expect(await verifyLogin(t.db, "nobody@users.test", "right-password-1")).toBeUndefined();
  });

  it("matches the e-mail case-insensitively and ignores surrounding spaces", async () => {
    const u = await make.user("user", { password: "case-password-1" });
    const result = await verifyLogin(t.db, `  ${u.email.toUpperCase()} `, "case-password-1");
    expect(result?.id).toBe(u.id);
  });

  it("never accepts a user without a password hash (SSO account)", async () => {
    const row = { id: await make.userRow({ name: "SSO", email: "sso@users.test", password_hash: null, azure_user: 1 }) };
    expect(await verifyLogin(t.db, "sso@users.test", "")).toBeUndefined();
    expect(await verifyLogin(t.db, "sso@users.test", "anything")).toBeUndefined();
    expect(await findSessionUserById(t.db, row.id)).toMatchObject({ azureUser: true });
  });
});

describe("setPassword", () => {
  it("sets a new hash, revokes all other sessions of that user but keeps keepSessionId", async () => {
    const u = await make.user("user", { password: "before-reset-1" });
    const other = await make.user("user", { password: "other-user-1" });
    await createSession(t.db, u.id, "Browser A");
    const s2 = await createSession(t.db, u.id, "Browser B");
    await createSession(t.db, u.id, null);
    const otherSession = await createSession(t.db, other.id, "Other");

    await setPassword(t.db, u.id, "after-reset-1", { id: u.id, name: "self" }, "password_changed", s2);

    expect(await sessionIdsOf(u.id)).toEqual([s2]);
    expect(await sessionIdsOf(other.id)).toEqual([otherSession]);
    expect(await verifyLogin(t.db, u.email, "after-reset-1")).toBeDefined();
    expect(await verifyLogin(t.db, u.email, "before-reset-1")).toBeUndefined();
  });

  it("revokes every session of the user when keepSessionId is null", async () => {
    const u = await make.user("user", { password: "before-reset-2" });
    await createSession(t.db, u.id, "A");
    await createSession(t.db, u.id, "B");
    await setPassword(t.db, u.id, "after-reset-2", null, "password_reset");
    expect(await sessionIdsOf(u.id)).toEqual([]);
  });

  it("writes an audit row with the given event whose values do not contain the new password", async () => {
    const u = await make.user("user", { password: "before-reset-3" });
    await setPassword(t.db, u.id, "Brand-New-Secret-3", null, "password_reset");
    const [latest] = await listActivitiesFor(t.db, "user", u.id);
    expect(latest.event).toBe("password_reset");
    expect(JSON.stringify(latest)).not.toContain("Brand-New-Secret-3");
    expect(latest.new_values ?? "").not.toContain("$2");
  });
});

describe("changePassword", () => {
  it("returns false for a wrong old password and changes nothing", async () => {
    const u = await make.user("user", { password: "old-password-1" });
    const sessionUser = (await findSessionUserById(t.db, u.id))!;
    const current = await createSession(t.db, u.id, "current");
    const elsewhere = await createSession(t.db, u.id, "elsewhere");
    const hashBefore = await hashOf(u.id);
    const activitiesBefore = (await listActivitiesFor(t.db, "user", u.id)).length;

    expect(await changePassword(t.db, sessionUser, "not-the-old-one", "new-password-1", current)).toBe(false);

    expect(await hashOf(u.id)).toBe(hashBefore);
    expect(await sessionIdsOf(u.id)).toEqual([current, elsewhere].sort());
    expect((await listActivitiesFor(t.db, "user", u.id)).length).toBe(activitiesBefore);
    expect(await verifyLogin(t.db, u.email, "old-password-1")).toBeDefined();
    expect(await verifyLogin(t.db, u.email, "new-password-1")).toBeUndefined();
  });

  it("returns true for the right old password: the new one verifies, the old one no longer does", async () => {
    const u = await make.user("user", { password: "old-password-2" });
    const sessionUser = (await findSessionUserById(t.db, u.id))!;
    const current = await createSession(t.db, u.id, "current");
    await createSession(t.db, u.id, "elsewhere");

    expect(await changePassword(t.db, sessionUser, "old-password-2", "new-password-2", current)).toBe(true);

    expect(await verifyLogin(t.db, u.email, "new-password-2")).toMatchObject({ id: u.id });
    expect(await verifyLogin(t.db, u.email, "old-password-2")).toBeUndefined();
    // The session the change was made from survives; the other device must sign in again.
    expect(await sessionIdsOf(u.id)).toEqual([current]);
    const [latest] = await listActivitiesFor(t.db, "user", u.id);
    expect(latest).toMatchObject({ event: "password_changed", causer_id: u.id });
    expect(JSON.stringify(latest)).not.toContain("new-password-2");
  });
});
