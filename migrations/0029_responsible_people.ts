/**
 * Who is responsible for a service (issue 36 §3), as user accounts: the accounts a service names
 * directly, and the accounts an owner names as its representatives (besides the names it already
 * lists). Together they are the service's responsible people (docs/decisions/0076).
 */
import { type Kysely } from "kysely";
import { index } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

async function joinTable(db: Db, table: string, left: [string, string], right: [string, string]) {
  await db.schema
    .createTable(table)
    .addColumn(left[0], "integer", (c) => c.notNull().references(left[1]).onDelete("cascade"))
    .addColumn(right[0], "integer", (c) => c.notNull().references(right[1]).onDelete("cascade"))
    .addPrimaryKeyConstraint(`${table}_pkey`, [left[0], right[0]])
    .execute();
  await index(db, table, [right[0]]);
}

export async function up(db: Db): Promise<void> {
  await joinTable(db, "service_responsible_users", ["service_id", "services.id"], ["user_id", "users.id"]);
  await joinTable(db, "owner_users", ["owner_id", "owners.id"], ["user_id", "users.id"]);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("owner_users").execute();
  await db.schema.dropTable("service_responsible_users").execute();
}
