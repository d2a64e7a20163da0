import type { Role } from "~/modules/access/roles";
import { hashPassword, verifyPassword } from "~/modules/access/password.server";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";

/** What the app needs to know about the signed-in user (never the hash). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  azureUser: boolean;
  /** May export catalogues to Word (set in user management; policy permission "export:word"). */
  wordExport: boolean;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", normaliseEmail(email)))
    .executeTakeFirst();
}

export async function findSessionUserById(db: Executor, id: number): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "name", "email", "role", "azure_user", "word_export"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toSessionUser(row);
}

export function toSessionUser(row: { id: number; name: string; email: string; role: string; azure_user: number; word_export: number }): SessionUser {
  return { id: row.id, name: row.name, email: row.email, role: row.role as Role, azureUser: row.azure_user === 1, wordExport: row.word_export === 1 };
}

/** Checks e-mail and password; the same `undefined` for an unknown e-mail and a wrong password. */
export async function verifyLogin(db: Executor, email: string, password: string): Promise<SessionUser | undefined> {
  const user = await findUserByEmail(db, email);
  // Compare against a dummy hash for unknown users so response time does not reveal which accounts exist.
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  return user && ok ? toSessionUser(user) : undefined;
}
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.hHvEoaCCrXf0AU5rL8K9sQ6ozG1O";

export async function createUser(
  db: Executor,
  input: { name: string; email: string; password: string; role: Role },
  causer: Causer | null = null,
) {
  const now = nowIso();
  const inserted = await db
    .insertInto("users")
    .values({
      name: input.name,
      email: normaliseEmail(input.email),
      password_hash: await hashPassword(input.password),
      role: input.role,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordActivity(db, {
    subjectType: "user",
    subjectId: inserted.id,
    event: "created",
    causer,
    newValues: { name: input.name, email: normaliseEmail(input.email), role: input.role },
  });
  return inserted.id;
}

/**
 * Sets a new password and revokes the user's sessions (other devices must sign in again),
 * except `keepSessionId`, the one the change was made from.
 */
export async function setPassword(
  db: Executor,
  userId: number,
  password: string,
  causer: Causer | null,
  event: string,
  keepSessionId: string | null = null,
) {
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
    .where("id", "=", userId)
    .execute();
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .$if(keepSessionId !== null, (qb) => qb.where("id", "!=", keepSessionId as string))
    .execute();
  await recordActivity(db, { subjectType: "user", subjectId: userId, event, causer, newValues: { password: "changed" } });
}

/** Changes the user's own password after checking the old one; false when the old one is wrong. */
export async function changePassword(
  db: Executor,
  user: SessionUser,
  oldPassword: string,
  newPassword: string,
  currentSessionId: string | null,
): Promise<boolean> {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirst();
  if (!row || !(await verifyPassword(oldPassword, row.password_hash))) return false;
  await setPassword(db, user.id, newPassword, user, "password_changed", currentSessionId);
  return true;
}
