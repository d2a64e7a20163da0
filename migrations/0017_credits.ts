/**
 * Credits (issue 19 §5): the token configuration (one row, id 1), reservations that hold tokens
 * while an AI call runs (reserve, then settle or release), and what orders and usage need on top
 * of 0004: an order's package, its customer data at ordering time, when its credits expire and
 * how many of them were used; per usage row, how many tokens came from the monthly contingent and
 * how many from bought credits. Portable column conventions: see ./lib/columns.ts.
 */
import { sql, type Kysely } from "kysely";
import { flag, id, index, optionalRef, timestamp } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  let config = db.schema
    .createTable("token_configuration")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("current_mode", "text", (c) => c.notNull().defaultTo("contingent").check(sql`current_mode in ('unlimitedUse', 'contingent')`))
    .addColumn("monthly_contingent", "integer", (c) => c.notNull().defaultTo(0).check(sql`monthly_contingent >= 0`));
  config = flag(config, "is_active", 0);
  await timestamp(db, config, "updated_at").execute();
  // Switched off until a superadmin switches it on: a new installation spends nothing by itself.
  await db.insertInto("token_configuration").values({ id: 1 }).execute();

  // closed_at: set when settled or released. An open reservation older than its lifetime
  // (a crashed request) no longer holds tokens; the model decides that by created_at.
  const reservations = optionalRef(id(db, db.schema.createTable("token_reservations")), "user_id", "users.id")
    .addColumn("tokens", "integer", (c) => c.notNull().check(sql`tokens > 0`))
    .addColumn("closed_at", "text");
  await timestamp(db, reservations, "created_at").execute();
  await index(db, "token_reservations", ["closed_at", "created_at"]);

  // SQLite adds one column per statement.
  await db.schema
    .alterTable("token_orders")
    .addColumn("package", "text", (c) => c.check(sql`package in ('starter', 'professional', 'enterprise')`))
    .execute();
  await db.schema.alterTable("token_orders").addColumn("customer", "text").execute();
  await db.schema.alterTable("token_orders").addColumn("expires_at", "text").execute();
  await db.schema
    .alterTable("token_orders")
    .addColumn("consumed", "integer", (c) => c.notNull().defaultTo(0).check(sql`consumed >= 0`))
    .execute();
  await index(db, "token_orders", ["status", "expires_at"]);

  await db.schema.alterTable("token_usage").addColumn("monthly_tokens", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("token_usage").addColumn("bought_tokens", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of ["monthly_tokens", "bought_tokens"]) await db.schema.alterTable("token_usage").dropColumn(column).execute();
  await db.schema.dropIndex("token_orders_status_expires_at_idx").ifExists().execute();
  for (const column of ["consumed", "expires_at", "customer", "package"]) await db.schema.alterTable("token_orders").dropColumn(column).execute();
  await db.schema.dropTable("token_reservations").ifExists().execute();
  await db.schema.dropTable("token_configuration").ifExists().execute();
}
