import crypto from "node:crypto";
import { sql } from "kysely";
import { mayChangeRole, mayManageAccount } from "~/modules/access/policy";
import { isLastSuperadmin } from "~/modules/access/superadmins.server";
import type { Role } from "~/modules/access/roles";
import { endSessionsOf } from "~/modules/access/session.server";
import { createUser, findUserByEmail, normaliseEmail } from "~/modules/access/user.server";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { containsIgnoreCase, foldCase, inTransaction } from "~/server/db-helpers.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/server/errors.server";
import { nowIso } from "~/lib/time";
import { USER_SORTS, USERS_PAGE_SIZE, type UserListQuery } from "./users-query";

/** One row of the users list. */
export interface UserListItem {
  id: number;
  name: string;
  email: string;
  role: Role;
  azureUser: boolean;
  lastLoginAt: string | null;
  /** The last sign-in through Entra ID (issue 14), when the account is linked. */
  ssoLastLoginAt: string | null;
}

/** The users list: substring search over name and e-mail, one sort column, a page of 25. */
export async function listUsers(db: Executor, query: UserListQuery) {
  let base = db.selectFrom("users");
  if (query.q) base = base.where((eb) => eb.or([containsIgnoreCase(db, "name", query.q), containsIgnoreCase(db, "email", query.q)]));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const column = USER_SORTS.includes(query.sort) ? query.sort : "name";
  const orderKey = column === "name" || column === "email" ? foldCase(db, sql.ref(column)) : sql.ref(column);
  // Never signed in sorts last in either direction; id keeps equal names in a stable order across pages.
  const rows = await base
    .select(["id", "name", "email", "role", "azure_user", "last_login_at"])
    .select((eb) => eb.selectFrom("authenticated_users as au").select((inner) => inner.fn.max("au.last_login").as("m")).whereRef("au.user_id", "=", "users.id").as("sso_last_login"))
    .$if(column === "last_login_at", (q) => q.orderBy(sql`last_login_at is null`))
    .orderBy(orderKey, query.dir)
    .orderBy("id", "asc")
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE)
    .execute();
  const items: UserListItem[] = rows.map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role, azureUser: r.azure_user === 1, lastLoginAt: r.last_login_at, ssoLastLoginAt: r.sso_last_login ?? null }));
  return { items, total, page, pageCount };
}

export async function findAccount(db: Executor, id: number) {
  const row = await db.selectFrom("users").select(["id", "name", "email", "role", "azure_user", "updated_at"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("user");
  return row;
}

/** Who manages accounts: the causer of the activity, with the role the access policy weighs. */
export type AccountActor = Causer & { role: string };

/** The policy's account rule, checked inside the write's transaction against the stored role. */
function assertMayManage(actor: AccountActor, role: string) {
  if (!mayManageAccount(actor, role)) throw new ForbiddenError("account");
}

export interface AccountInput {
  name: string;
  email: string;
  role: Role;
}

async function assertEmailFree(db: Executor, email: string, exceptId: number | null) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== exceptId) throw new ValidationError({ email: "users.emailTaken" });
}

/**
 * A new account with an initial password, or — without one — a random password nobody knows and
 * the caller mails an invitation (a password-reset link). Returns the new id.
 */
export async function createAccount(db: Executor, input: AccountInput & { password: string | null }, causer: AccountActor): Promise<number> {
  assertMayManage(causer, input.role);
  return inTransaction(db, async (trx) => {
    await assertEmailFree(trx, input.email, null);
    const password = input.password ?? crypto.randomBytes(32).toString("base64url");
    return createUser(trx, { name: input.name, email: input.email, password, role: input.role }, causer);
  });
}

/**
 * Changes name, e-mail and role, on an account the causer may manage and to a role it may give
 * (the policy's rule: a superadmin account is a superadmin's alone). Nobody changes their own role (an admin must not demote
 * themselves by accident), the last superadmin keeps theirs, and a changed role ends the
 * account's sessions at once: the new rights apply from the next sign-in.
 */
export async function updateAccount(db: Executor, id: number, input: AccountInput, causer: AccountActor) {
  return inTransaction(db, async (trx) => {
    const before = await findAccount(trx, id);
    if (!mayChangeRole(causer, before.role, input.role)) throw new ForbiddenError("account");
    const email = normaliseEmail(input.email);
    await assertEmailFree(trx, email, id);
    const roleChanged = before.role !== input.role;
    if (roleChanged && id === causer.id) throw new ValidationError({ role: "users.ownRole" });
    if (roleChanged && (await isLastSuperadmin(trx, before.role))) throw new ValidationError({ role: "users.lastSuperadmin" });
    const changed: Record<string, unknown> = {};
    const previous: Record<string, unknown> = {};
    if (before.name !== input.name) [previous.name, changed.name] = [before.name, input.name];
    if (before.email !== email) [previous.email, changed.email] = [before.email, email];
    if (roleChanged) [previous.role, changed.role] = [before.role, input.role];
    if (!Object.keys(changed).length) return { changed: false, sessionsEnded: 0 };
    await trx.updateTable("users").set({ name: input.name, email, role: input.role, updated_at: nowIso() }).where("id", "=", id).execute();
    const sessionsEnded = roleChanged ? await endSessionsOf(trx, id) : 0;
    await recordActivity(trx, { subjectType: "user", subjectId: id, event: "updated", causer, oldValues: previous, newValues: sessionsEnded ? { ...changed, sessions_ended: sessionsEnded } : changed });
    return { changed: true, sessionsEnded };
  });
}

/**
 * Deletes an account: never your own, never the last superadmin. Its sessions, grants and reset
 * tokens go with it; its activities stay (the causer's name is kept in each).
 */
export async function deleteAccount(db: Executor, id: number, causer: AccountActor) {
  return inTransaction(db, async (trx) => {
    const before = await findAccount(trx, id);
    assertMayManage(causer, before.role);
    if (id === causer.id) throw new ValidationError({ _form: "users.deleteSelf" });
    if (await isLastSuperadmin(trx, before.role)) throw new ValidationError({ _form: "users.deleteLastSuperadmin" });
    await endSessionsOf(trx, id);
    await trx.deleteFrom("users").where("id", "=", id).execute();
    await recordActivity(trx, {
      subjectType: "user",
      subjectId: id,
      event: "deleted",
      causer,
      oldValues: { name: before.name, email: before.email, role: before.role },
      description: before.name,
    });
    return before;
  });
}

