/**
 * Version, patch notes, system messages (issue 16 §7). `patch_notes` and `system_messages` exist
 * since 0004; this adds who has read which system message (each is shown once per user) and the
 * index the shell's per-request lookup of the current message uses.
 *
 * message_key: "local:<id>" for a message of this instance, "<host>:<id or hash>" for one from the
 * system host (SYSTEM_HOST_URL), whose rows live in another database — hence text, not a foreign key.
 */
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor?.name === "PostgresAdapter";
  const now = postgres
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable("system_message_reads")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("message_key", "text", (c) => c.notNull())
    .addColumn("read_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("system_message_reads_pk", ["user_id", "message_key"])
    .execute();
  // The current message: expiration set and not passed, newest first.
  await db.schema.createIndex("system_messages_expiration_date_idx").on("system_messages").columns(["expiration_date", "id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("system_messages_expiration_date_idx").ifExists().execute();
  await db.schema.dropTable("system_message_reads").ifExists().execute();
}
