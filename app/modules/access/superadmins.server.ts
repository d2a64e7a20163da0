import { sql } from "kysely";
import type { Executor } from "~/server/audit.server";
import { isPostgresDb } from "~/server/db-helpers.server";

/**
 * How many superadmins exist, for the rule that the last one keeps the role (decision 0020).
 * Call inside the write's transaction: on Postgres the superadmin rows stay locked until it ends,
 * so two concurrent demotions cannot both see "two left" (SQLite writes one at a time anyway).
 */
export async function superadminCount(db: Executor): Promise<number> {
  if (isPostgresDb(db)) {
    const locked = await sql<{ id: number }>`select id from users where role = 'superadmin' for update`.execute(db);
    return locked.rows.length;
  }
  const { count } = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")).where("role", "=", "superadmin").executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The last-superadmin rule: the one account of that role keeps it and is not deleted, so the
 * organisation is never locked out. It counts accounts of exactly that role, which is why it lives
 * here with the role names (issue 33 §2).
 */
export async function isLastSuperadmin(db: Executor, role: string): Promise<boolean> {
  return role === "superadmin" && (await superadminCount(db)) <= 1;
}
