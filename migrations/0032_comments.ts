/**
 * Comments on services (issue 36 §7, docs/decisions/0080): threads of comments (a reply names its
 * thread's first comment), written in a small Markdown and stored as written, with the accounts
 * each comment mentions; a thread is resolved on its first comment.
 */
import { type Kysely } from "kysely";
import { id, index, nowIso } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await id(db, db.schema.createTable("service_comments"))
    .addColumn("service_id", "integer", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("thread_id", "integer", (c) => c.references("service_comments.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .addColumn("edited_at", "text")
    .addColumn("resolved_at", "text")
    .addColumn("resolved_by", "text")
    .execute();
  await index(db, "service_comments", ["service_id", "id"]);
  await index(db, "service_comments", ["thread_id"]);
  await db.schema
    .createTable("comment_mentions")
    .addColumn("comment_id", "integer", (c) => c.notNull().references("service_comments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("comment_mentions_pkey", ["comment_id", "user_id"])
    .execute();
  await index(db, "comment_mentions", ["user_id"]);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("comment_mentions").execute();
  await db.schema.dropTable("service_comments").execute();
}
