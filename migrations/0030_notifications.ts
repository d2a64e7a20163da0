/**
 * In-app notifications (issue 36 §5): one row per recipient and event — a service sent to review,
 * approved or sent back; later mentions and reviews falling due. Read rows keep their read time.
 */
import { type Kysely } from "kysely";
import { id, index, nowIso } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await id(db, db.schema.createTable("notifications"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("service_id", "integer", (c) => c.references("services.id").onDelete("cascade"))
    .addColumn("actor_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .addColumn("read_at", "text")
    .execute();
  await index(db, "notifications", ["user_id", "read_at"]);
  await index(db, "notifications", ["user_id", "id"]);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("notifications").execute();
}
