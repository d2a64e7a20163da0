/**
 * How notifications reach people (issue 36 §5–§6, docs/decisions/0079): each user's choice per
 * kind (in the app only, a mail at once, a weekly digest) and the language their mails are written
 * in; on each notification how it is delivered and whether its mail went out (an outbox, claimed
 * with a lease so two servers never send one twice); and the scheduled runs per job, period and
 * user, which make the daily and weekly runs happen once per user and period.
 */
import { sql, type Kysely } from "kysely";
import { index } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("notification_prefs")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("delivery", "text", (c) => c.notNull().check(sql`delivery in ('inapp', 'mail', 'digest')`))
    .addPrimaryKeyConstraint("notification_prefs_pkey", ["user_id", "kind"])
    .execute();
  await db.schema.alterTable("users").addColumn("mail_language", "text").execute();
  await db.schema.alterTable("notifications").addColumn("delivery", "text", (c) => c.notNull().defaultTo("inapp")).execute();
  await db.schema.alterTable("notifications").addColumn("mailed_at", "text").execute();
  await db.schema.alterTable("notifications").addColumn("mail_claimed_until", "text").execute();
  await index(db, "notifications", ["delivery", "mailed_at"]);
  await db.schema
    .createTable("schedule_runs")
    .addColumn("job", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("claimed_until", "text")
    .addColumn("done_at", "text")
    .addPrimaryKeyConstraint("schedule_runs_pkey", ["job", "period", "user_id"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("schedule_runs").execute();
  await db.schema.dropIndex("notifications_delivery_mailed_at_idx").ifExists().execute();
  await db.schema.alterTable("notifications").dropColumn("mail_claimed_until").execute();
  await db.schema.alterTable("notifications").dropColumn("mailed_at").execute();
  await db.schema.alterTable("notifications").dropColumn("delivery").execute();
  await db.schema.alterTable("users").dropColumn("mail_language").execute();
  await db.schema.dropTable("notification_prefs").execute();
}
