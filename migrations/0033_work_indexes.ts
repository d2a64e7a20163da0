/**
 * "My work" reads services by status (waiting for review, oldest first) and by who edited them
 * last (one's drafts): at 10k services these were scans (issue 36 §4, docs/benchmarks.md).
 */
import { type Kysely } from "kysely";
import { index } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await index(db, "services", ["status", "updated_at"]);
  await index(db, "services", ["updated_by", "status"]);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("services_updated_by_status_idx").execute();
  await db.schema.dropIndex("services_status_updated_at_idx").execute();
}
