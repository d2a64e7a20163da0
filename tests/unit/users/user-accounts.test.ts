import { describe, expect, it } from "vitest";
import { createSession } from "~/modules/access/session.server";
import { listActivitiesFor, recordActivity } from "~/server/audit.server";
import { ForbiddenError, ValidationError } from "~/server/errors.server";
import { createAccount, deleteAccount, listUsers, updateAccount } from "~/modules/users/users.server";
import { parseUserListQuery } from "~/modules/users/users-query";
import { factories, unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

/** User management (issue 13): the rules that keep an organisation from locking itself out. */
const t = useTestDb();
const make = factories(() => t.db);

const causerOf = (u: { id: number; name: string; role: string }) => ({ id: u.id, name: u.name, role: u.role });
const sessionsOf = async (userId: number) => (await t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;
const roleOf = async (id: number) => (await t.db.selectFrom("users").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role;
const superadmins = async () => t.db.selectFrom("users").select(["id", "name"]).where("role", "=", "superadmin").execute();

/** Leaves exactly one superadmin (the returned one) in the database. */
async function onlySuperadmin() {
  const keep = await make.user("superadmin");
  await t.db.updateTable("users").set({ role: "keysuperuser" }).where("role", "=", "superadmin").where("id", "!=", keep.id).execute();
  return keep;
}

describe("listUsers", () => {
  it("finds by a substring of name or e-mail, case-insensitively, and sorts and pages", async () => {
    const tag = unique("Zebra").replace(" ", "");
    const a = await make.user("keyuser", { name: `Anne Jäger ${tag}` });
    const b = await make.user("client", { name: `Bernd ${tag}` });
    const c = await make.user("user", { name: "Carla", email: `${tag.toLowerCase()}@example.com` });
    const byName = await listUsers(t.db, parseUserListQuery(new URLSearchParams({ q: tag.toUpperCase() })));
    expect(byName.items.map((u) => u.id)).toEqual([a.id, b.id, c.id]);
    const desc = await listUsers(t.db, parseUserListQuery(new URLSearchParams({ q: tag, dir: "desc" })));
    expect(desc.items.map((u) => u.id)).toEqual([c.id, b.id, a.id]);
    const byRole = await listUsers(t.db, parseUserListQuery(new URLSearchParams({ q: tag, sort: "role" })));
    expect(byRole.items.map((u) => u.role)).toEqual(["client", "keyuser", "user"]);
    expect(byName.total).toBe(3);
    const umlaut = await listUsers(t.db, parseUserListQuery(new URLSearchParams({ q: `JÄGER ${tag}` })));
    expect(umlaut.items.map((u) => u.id)).toEqual([a.id]);
  });

  it("shows the last sign-in, never-signed-in last, and pages by 25", async () => {
    const tag = unique("Paging").replace(" ", "");
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push((await make.user("user", { name: `${tag} ${String(i).padStart(2, "0")}` })).id);
    await t.db.updateTable("users").set({ last_login_at: "2026-11-01T10:00:00.000Z" }).where("id", "=", ids[5]).execute();
    const first = await listUsers(t.db, parseUserListQuery(new URLSearchParams({ q: tag, sort: "last_login_at", dir: "desc" })));
    expect(first.items[0]).toMatchObject({ id: ids[5], lastLoginAt: "2026-11-01T10:00:00.000Z" });
    expect(first.pageCount).toBe(2);
    const second = await listUsers(t.db, parseUserListQuery(new URLSearchParams({ q: tag, page: "2" })));
    expect(second.items.map((u) => u.id)).toEqual(ids.slice(25));
    // A page past the end shows the last one, not an empty list.
    expect((await listUsers(t.db, parseUserListQuery(new URLSearchParams({ q: tag, page: "99" })))).page).toBe(2);
  });
});

describe("createAccount", () => {
  it("refuses an e-mail that exists, in any case, and records who created the account", async () => {
    const admin = await make.user("superadmin");
    const existing = await make.user("user");
    const error = await rejection(createAccount(t.db, { name: "Dup", email: existing.email.toUpperCase(), role: "user", password: "long enough" }, causerOf(admin)));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors.email).toBe("users.emailTaken");
    const id = await createAccount(t.db, { name: "Neu", email: `neu-${unique()}@example.com`.replace(" ", ""), role: "keyuser", password: null }, causerOf(admin));
    const [created] = await listActivitiesFor(t.db, "user", id);
    expect(created).toMatchObject({ event: "created", causer_id: admin.id });
    // An invited account has a password hash nobody knows, never an empty one.
    const row = await t.db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$2/);
  });
});

describe("updateAccount", () => {
  it("a role change ends the user's sessions at once and is recorded with old and new role", async () => {
    const admin = await make.user("superadmin");
    const target = await make.user("user");
    await createSession(t.db, target.id, "a");
    await createSession(t.db, target.id, "b");
    const result = await updateAccount(t.db, target.id, { name: target.name, email: target.email, role: "keyuser" }, causerOf(admin));
    expect(result.sessionsEnded).toBe(2);
    expect(await sessionsOf(target.id)).toBe(0);
    expect(await roleOf(target.id)).toBe("keyuser");
    const [updated] = await listActivitiesFor(t.db, "user", target.id);
    expect(JSON.parse(updated.old_values!)).toEqual({ role: "user" });
    expect(JSON.parse(updated.new_values!)).toMatchObject({ role: "keyuser", sessions_ended: 2 });
  });

  it("a name change keeps the sessions; nothing changed writes nothing", async () => {
    const admin = await make.user("superadmin");
    const target = await make.user("user");
    await createSession(t.db, target.id, "a");
    await updateAccount(t.db, target.id, { name: "Neuer Name", email: target.email, role: "user" }, causerOf(admin));
    expect(await sessionsOf(target.id)).toBe(1);
    const before = (await listActivitiesFor(t.db, "user", target.id)).length;
    expect((await updateAccount(t.db, target.id, { name: "Neuer Name", email: target.email, role: "user" }, causerOf(admin))).changed).toBe(false);
    expect((await listActivitiesFor(t.db, "user", target.id)).length).toBe(before);
  });

  it("nobody changes their own role, and the last superadmin keeps theirs", async () => {
    const last = await onlySuperadmin();
    const own = await rejection(updateAccount(t.db, last.id, { name: last.name, email: last.email, role: "keyuser" }, causerOf(last)));
    expect((own as ValidationError).errors.role).toBe("users.ownRole");
    // With a second superadmin the first may be demoted by someone else …
    const second = await make.user("superadmin");
    await updateAccount(t.db, last.id, { name: last.name, email: last.email, role: "keyuser" }, causerOf(second));
    expect(await roleOf(last.id)).toBe("keyuser");
    expect((await superadmins()).map((s) => s.id)).toEqual([second.id]);
    // … but not the other way round at the same moment (the first still acting as superadmin): the last one stays.
    const lastOne = await rejection(updateAccount(t.db, second.id, { name: second.name, email: second.email, role: "keyuser" }, causerOf(last)));
    expect((lastOne as ValidationError).errors.role).toBe("users.lastSuperadmin");
    expect(await roleOf(second.id)).toBe("superadmin");
  });

  it("only a superadmin touches a superadmin account or gives the role; nobody gives a role above their own (issue 31 §1)", async () => {
    const boss = await make.user("superadmin");
    const admin = await make.user("keysuperuser");
    const target = await make.user("user");
    const forbidden = (p: Promise<unknown>) => rejection(p).then((e) => expect(e).toBeInstanceOf(ForbiddenError));
    const victim = { name: boss.name, email: boss.email, role: boss.role };
    // The takeover path: the superadmin's e-mail, then the password reset.
    await forbidden(updateAccount(t.db, boss.id, { ...victim, email: `mine-${unique()}@example.com`.replace(" ", "") }, causerOf(admin)));
    await forbidden(updateAccount(t.db, boss.id, { ...victim, name: "Umbenannt" }, causerOf(admin)));
    await forbidden(updateAccount(t.db, boss.id, { ...victim, role: "client" }, causerOf(admin)));
    await forbidden(deleteAccount(t.db, boss.id, causerOf(admin)));
    await forbidden(updateAccount(t.db, target.id, { name: target.name, email: target.email, role: "superadmin" }, causerOf(admin)));
    await forbidden(updateAccount(t.db, admin.id, { name: admin.name, email: admin.email, role: "superadmin" }, causerOf(admin)));
    await forbidden(createAccount(t.db, { name: "Neu", email: `neu-${unique()}@example.com`.replace(" ", ""), role: "superadmin", password: null }, causerOf(admin)));
    // A role without user management gives no role at all.
    const keyuser = await make.user("keyuser");
    await forbidden(updateAccount(t.db, target.id, { name: target.name, email: target.email, role: "client" }, causerOf(keyuser)));
    const stored = await t.db.selectFrom("users").select(["name", "email", "role"]).where("id", "in", [boss.id, admin.id, target.id]).orderBy("id").execute();
    expect(stored).toEqual([victim, { name: admin.name, email: admin.email, role: "keysuperuser" }, { name: target.name, email: target.email, role: "user" }]);
    // Up to their own role the keysuperuser manages accounts; a superadmin manages a superadmin.
    await updateAccount(t.db, target.id, { name: target.name, email: target.email, role: "keysuperuser" }, causerOf(admin));
    expect(await roleOf(target.id)).toBe("keysuperuser");
    await updateAccount(t.db, target.id, { name: target.name, email: target.email, role: "superadmin" }, causerOf(boss));
    expect(await roleOf(target.id)).toBe("superadmin");
  });
});

describe("deleteAccount", () => {
  it("never deletes yourself or the last superadmin", async () => {
    const last = await onlySuperadmin();
    const self = await rejection(deleteAccount(t.db, last.id, causerOf(last)));
    expect((self as ValidationError).errors._form).toBe("users.deleteSelf");
    // A superadmin demoted a moment ago, still acting as one, cannot delete the one left.
    const other = await make.user("keysuperuser");
    const lastOne = await rejection(deleteAccount(t.db, last.id, { ...causerOf(other), role: "superadmin" }));
    expect((lastOne as ValidationError).errors._form).toBe("users.deleteLastSuperadmin");
    expect(await rejection(deleteAccount(t.db, last.id, causerOf(other)))).toBeInstanceOf(ForbiddenError);
    expect((await superadmins()).map((s) => s.id)).toEqual([last.id]);
  });

  it("removes sessions and grants but keeps the user's history with their name", async () => {
    const admin = await make.user("superadmin");
    const gone = await make.user("user", { name: "Gerda Gelöscht" });
    await createSession(t.db, gone.id, "x");
    const catalogue = await make.catalogue();
    const category = await make.category(catalogue);
    await make.grant(gone.id, { categoryId: category });
    await recordActivity(t.db, { subjectType: "service", subjectId: 1, event: "updated", causer: { id: gone.id, name: gone.name } });
    await deleteAccount(t.db, gone.id, causerOf(admin));
    expect(await t.db.selectFrom("users").select("id").where("id", "=", gone.id).executeTakeFirst()).toBeUndefined();
    expect(await sessionsOf(gone.id)).toBe(0);
    expect(await t.db.selectFrom("user_category_permissions").select("category_id").where("user_id", "=", gone.id).execute()).toEqual([]);
    const history = await listActivitiesFor(t.db, "user", gone.id);
    expect(history.map((a) => a.event)).toEqual(["deleted", "created"]);
    expect(history[0]).toMatchObject({ causer_id: admin.id, description: "Gerda Gelöscht" });
    // What the user did stays, under their name, with no live account behind it.
    const theirs = await t.db.selectFrom("activities").select(["causer_id", "causer_name"]).where("causer_name", "=", "Gerda Gelöscht").execute();
    for (const row of theirs) expect(row.causer_id).toBeNull();
  });
});
