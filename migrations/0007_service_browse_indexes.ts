/**
 * Covering indexes for the catalogue browser (docs/benchmarks.md). Every browser page counts the
 * live services of a catalogue, per category and per filter; without these indexes each count
 * reads every service row (≈ 9 KB of HTML each) only to test `deleted_at`. With them the counts,
 * the status/type filters and the list's page of ids are answered from the index alone.
 */
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("services_catalogue_live_idx")
    .on("services")
    .columns(["service_catalogue_id", "deleted_at", "category_id", "position", "status", "servicetype", "statuspercent"])
    .execute();
  await db.schema.createIndex("services_category_live_idx").on("services").columns(["category_id", "deleted_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("services_category_live_idx").ifExists().execute();
  await db.schema.dropIndex("services_catalogue_live_idx").ifExists().execute();
}
