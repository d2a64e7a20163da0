/**
 * Sign-in throttling without lockout (issue 31 item 4, decision 0046): a failure made by a
 * browser that holds a known-device cookie for the account is counted against that device
 * (`device`, the cookie's random id), not against the account or the client address, so the
 * guessers' failures and the owner's are told apart.
 */
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("login_attempts").addColumn("device", "text").execute();
  await db.schema.createIndex("login_attempts_device_idx").on("login_attempts").columns(["device", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("login_attempts_device_idx").ifExists().execute();
  await db.schema.alterTable("login_attempts").dropColumn("device").execute();
}
