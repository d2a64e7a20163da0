/**
 * The assistant's translation proposals (issue 37 §3, docs/decisions/0082): one row per user,
 * service, language and field, with the original it was made from, until the user accepts
 * (it becomes a translation made from that original) or discards it.
 */
import { type Kysely } from "kysely";
import { nowIso } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("translation_proposals")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("service_id", "integer", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("source_value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .addPrimaryKeyConstraint("translation_proposals_pkey", ["user_id", "service_id", "language", "field"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("translation_proposals").execute();
}
