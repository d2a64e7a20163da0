import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";

/** The live services of a category in display order, with their positions (what the browser lists). */
export async function categoryOrder(db: Kysely<Database>, categoryId: number): Promise<{ id: number; position: number }[]> {
  const rows = await db
    .selectFrom("services")
    .select(["id", "position"])
    .where("category_id", "=", categoryId)
    .where("deleted_at", "is", null)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, position: Number(r.position) }));
}
