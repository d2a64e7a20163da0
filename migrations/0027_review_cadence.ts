/**
 * Review cadence (issue 36 §1): a review interval per catalogue (months, default 12, 0 = none)
 * that a service may override, and when and by whom a service was last reviewed. The next review
 * is computed, not stored: `add_months(coalesce(last_reviewed_at, created_at), interval)` —
 * a SQL function on Postgres (created here) and a JS function on SQLite (registered with every
 * connection, app/server/db/db.server.ts), both adding calendar months and keeping the day within
 * the month (31 January + 1 month = 28/29 February).
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("service_catalogues")
    .addColumn("review_interval_months", "integer", (c) => c.notNull().defaultTo(12))
    .execute();
  await db.schema.alterTable("services").addColumn("review_interval_months", "integer").execute();
  await db.schema.alterTable("services").addColumn("last_reviewed_at", "text").execute();
  await db.schema.alterTable("services").addColumn("last_reviewed_by", "integer").execute();
  if (isPostgres(db)) {
    await sql`
      create or replace function add_months(base text, months integer) returns text as $$
        select to_char((base::timestamp + make_interval(months => months)), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      $$ language sql immutable strict
    `.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`drop function if exists add_months(text, integer)`.execute(db);
  await db.schema.alterTable("services").dropColumn("last_reviewed_by").execute();
  await db.schema.alterTable("services").dropColumn("last_reviewed_at").execute();
  await db.schema.alterTable("services").dropColumn("review_interval_months").execute();
  await db.schema.alterTable("service_catalogues").dropColumn("review_interval_months").execute();
}
