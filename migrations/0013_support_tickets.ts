/**
 * Support tickets (issue 16 §6). 0004 made the table (user, subject, sanitised message, status,
 * sent_at); a ticket now also keeps who sent it as they were then (name and e-mail, so the list
 * still names them once the account is gone and user_id is null), the host it was sent from, and
 * why mailing it failed. status: 'open' (stored) → 'sent' (sent_at set) or 'failed' (mail_error set).
 */
import type { Kysely } from "kysely";

// SQLite adds one column per ALTER TABLE.
const COLUMNS = ["user_name", "user_email", "host", "mail_error"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("support_tickets").addColumn(column, "text").execute();
  // A deleted user's tickets are set to null through this column.
  await db.schema.createIndex("support_tickets_user_id_idx").on("support_tickets").column("user_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("support_tickets_user_id_idx").ifExists().execute();
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("support_tickets").dropColumn(column).execute();
}
