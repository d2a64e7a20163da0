/**
 * Limits on password-reset requests (issue 10): every request is recorded with the client
 * address and whether a mail went out, so limits per client and per address hold across
 * several server processes. Login failures already have `login_attempts`; an index on
 * (email, ip) serves the lockout per account and client.
 */
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor?.name === "PostgresAdapter";
  const now = postgres
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  let table = db.schema.createTable("password_reset_requests");
  table = postgres ? table.addColumn("id", "serial", (c) => c.primaryKey()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("mailed", "integer", (c) => c.notNull().defaultTo(0).check(sql`mailed in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("password_reset_requests_email_idx").on("password_reset_requests").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("password_reset_requests_ip_idx").on("password_reset_requests").columns(["ip", "created_at"]).execute();
  await db.schema.createIndex("login_attempts_email_ip_idx").on("login_attempts").columns(["email", "ip", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("login_attempts_email_ip_idx").ifExists().execute();
  await db.schema.dropTable("password_reset_requests").ifExists().execute();
}
