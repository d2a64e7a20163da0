import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "./audit.server";
import { inTransaction } from "./db-helpers.server";
import { NotFoundError } from "./errors.server";

/** Creates a service at the end of its category, in the category's catalogue. */
export async function createService(db: Executor, input: { name: string; categoryId: number }, causer: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const category = await trx
      .selectFrom("service_categories")
      .select(["id", "service_catalogue_id"])
      .where("id", "=", input.categoryId)
      .executeTakeFirst();
    if (!category) throw new NotFoundError("category");
    const count = await trx
      .selectFrom("services")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("category_id", "=", category.id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    const now = nowIso();
    const { id } = await trx
      .insertInto("services")
      .values({
        name: input.name,
        category_id: category.id,
        service_catalogue_id: category.service_catalogue_id,
        position: Number(count?.n ?? 0),
        created_at: now,
        updated_at: now,
        created_by: causer.id,
        updated_by: causer.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      subjectType: "service",
      subjectId: id,
      event: "created",
      causer,
      newValues: { name: input.name, category_id: category.id, service_catalogue_id: category.service_catalogue_id },
    });
    return id;
  });
}
