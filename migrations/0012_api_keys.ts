/**
 * API keys (issue 16): the template-import API of another ServiceHub authenticates with them.
 * Only a SHA-256 hash is stored, and a short prefix to recognise the key by; one key is active at a
 * time (revoked_at null), rotation revokes the old one in the same transaction.
 */
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor?.name === "PostgresAdapter";
  const now = postgres
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  let table = db.schema.createTable("api_keys");
  table = postgres ? table.addColumn("id", "serial", (c) => c.primaryKey()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("api_keys_revoked_at_idx").on("api_keys").column("revoked_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_keys").ifExists().execute();
}
