/**
 * Attribute masks (issue 15 §2): which area or category a mask applies to. `target_model` says
 * whether `target_id` names a service area or a service category; one column cannot reference two
 * tables, so there is no foreign key. A mask whose area or category is deleted stays inert (it
 * matches no service; ids are never reused) and the masks list marks its target as gone.
 */
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attribute_masks").addColumn("target_id", "integer").execute();
  // The service page reads the masks of one category and one area.
  await db.schema.createIndex("attribute_masks_target_idx").on("attribute_masks").columns(["target_model", "target_id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("attribute_masks_target_idx").ifExists().execute();
  await db.schema.alterTable("attribute_masks").dropColumn("target_id").execute();
}
