/**
 * Lifecycle stage (issue 36 §2): besides the review status, where a service stands in the
 * portfolio — "pipeline" (planned, not yet offered), "live" (offered) or "retired" (no longer
 * offered, kept for reference, with the day it was retired and optionally the service that
 * replaces it). Every existing service is live.
 */
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("services")
    .addColumn("stage", "text", (c) => c.notNull().defaultTo("live").check(sql`stage in ('pipeline', 'live', 'retired')`))
    .execute();
  await db.schema.alterTable("services").addColumn("retired_at", "text").execute();
  await db.schema.alterTable("services").addColumn("successor_id", "integer").execute();
  await db.schema.createIndex("services_catalogue_stage").on("services").columns(["service_catalogue_id", "stage"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("services_catalogue_stage").execute();
  await db.schema.alterTable("services").dropColumn("successor_id").execute();
  await db.schema.alterTable("services").dropColumn("retired_at").execute();
  await db.schema.alterTable("services").dropColumn("stage").execute();
}
