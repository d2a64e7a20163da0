/**
 * The AI assistant (issue 19 §1–§4): what it generated and the user has not yet accepted or
 * discarded, kept on the server for the session that asked for it — a proposal for one service
 * (the diff on the service page) or a generated new service (the create flow without JS). A
 * draft ends with its session (sign-out, "sign out everywhere"), its user or its service.
 * Portable column conventions: see ./lib/columns.ts.
 */
import { sql, type Kysely } from "kysely";
import { id, index, optionalRef, requiredRef, timestamp } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  let drafts = id(db, db.schema.createTable("ai_drafts"))
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('proposal', 'response')`));
  drafts = requiredRef(drafts, "user_id", "users.id");
  drafts = optionalRef(drafts, "service_id", "services.id", "cascade")
    .addColumn("requested_name", "text")
    .addColumn("delay", "integer", (c) => c.notNull().defaultTo(0).check(sql`delay >= 0`))
    // JSON: the proposal (values, options, responsibilities) or the generated service.
    .addColumn("payload", "text", (c) => c.notNull())
    // A proposal: the service version it was generated for (accepting checks it, as a form does).
    .addColumn("based_on", "text");
  await timestamp(db, drafts, "created_at").execute();
  await index(db, "ai_drafts", ["session_id", "kind", "service_id"]);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("ai_drafts_session_id_kind_service_id_idx").ifExists().execute();
  await db.schema.dropTable("ai_drafts").ifExists().execute();
}
