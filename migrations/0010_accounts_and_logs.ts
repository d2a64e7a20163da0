/**
 * User management and activity logs (issue 13): when a user last signed in (the users list shows
 * it), when a session was last used (the own-sessions list shows it), and indexes that keep the
 * logs list fast at a million activities — keyset paging newest first by id, alone or filtered by
 * who, what kind of subject or which event (each index ends in id, so the filter and the order
 * come from one index).
 */
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("last_login_at", "text").execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
  for (const column of ["causer_id", "subject_type", "event"]) {
    await db.schema.createIndex(`activities_${column}_id_idx`).on("activities").columns([column, "id"]).execute();
  }
  // (causer_id, id) serves every lookup the single-column index did.
  await db.schema.dropIndex("activities_causer_id_idx").ifExists().execute();
  // The users list sorts by name and by last sign-in.
  await db.schema.createIndex("users_name_idx").on("users").expression(sql`lower(name)`).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_name_idx").ifExists().execute();
  await db.schema.createIndex("activities_causer_id_idx").on("activities").column("causer_id").execute();
  for (const column of ["causer_id", "subject_type", "event"]) await db.schema.dropIndex(`activities_${column}_id_idx`).ifExists().execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("users").dropColumn("last_login_at").execute();
}
