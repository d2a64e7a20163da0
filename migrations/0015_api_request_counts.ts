/**
 * Requests per API key and minute (issue 18): the catalogue API's rate limit holds across several
 * app servers because the count lives in the database. Old windows are deleted as new ones start.
 */
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_request_counts")
    .addColumn("key_id", "integer", (c) => c.notNull().references("api_keys.id").onDelete("cascade"))
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("api_request_counts_pk", ["key_id", "window_start"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_request_counts").ifExists().execute();
}
