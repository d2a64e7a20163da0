import type { Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import { nowIso } from "~/lib/time";
import type { Role } from "~/modules/access/roles";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction, isPostgresDb } from "../../server/db-helpers.server";
import { CrossCatalogueMoveError, ForbiddenError, NotFoundError } from "../../server/errors.server";
import { canEditCategory, canEditService } from "../access/permissions.server";
import { moveTo, orderedRows } from "../../server/positions.server";
import { categoryList, closeCategoryGaps, lockCategories } from "./service-placement.server";

/** Who moves: the audit's causer, with the role whose grants decide where they may place a service. */
export type Mover = Causer & { role: Role };

/**
 * Moves a service to `index` within `targetCategoryId` (its own or another category of its
 * catalogue). Every write that changes a service's category comes through here, so here the
 * mover's grants are checked for the service *and* the target (ForbiddenError), and a category
 * of another catalogue is refused for everyone (CrossCatalogueMoveError). Both
 * categories end with contiguous positions 0..n-1. On Postgres the category rows are locked in
 * id order, so concurrent moves serialise instead of interleaving; SQLite transactions already
 * serialise writers.
 */
export async function moveService(db: Executor, serviceId: number, targetCategoryId: number, index: number, causer: Mover) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(db, (trx) => moveOnce(trx, serviceId, targetCategoryId, index, causer));
    } catch (error) {
      if (!(error instanceof MovedMeanwhile) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8));
    }
  }
}

/** The service changed category between the first read and the locks: start over. */
class MovedMeanwhile extends Error {}

async function moveOnce(trx: Transaction<Database>, serviceId: number, targetCategoryId: number, index: number, causer: Mover) {
  const service = await trx
    .selectFrom("services")
    .select(["id", "category_id", "position", "service_catalogue_id"])
    .where("id", "=", serviceId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!service) throw new NotFoundError("service");
  const target = await trx.selectFrom("service_categories").select(["id", "service_catalogue_id"]).where("id", "=", targetCategoryId).executeTakeFirst();
  if (!target) throw new NotFoundError("category");
  if (service.service_catalogue_id !== null && target.service_catalogue_id !== service.service_catalogue_id) throw new CrossCatalogueMoveError();
  if (!(await canEditService(trx, causer, serviceId)) || !(await canEditCategory(trx, causer, targetCategoryId))) throw new ForbiddenError("move");
  let sourceCategoryId = service.category_id;
  if (isPostgresDb(trx)) {
    // Category rows are the only locks a move takes, always in id order, so moves never deadlock.
    const ids = await lockCategories(trx, [targetCategoryId, sourceCategoryId]);
    // Another move may have finished while we waited: where is the service now?
    const now = await trx.selectFrom("services").select(["category_id", "position"]).where("id", "=", serviceId).executeTakeFirst();
    if (!now) throw new NotFoundError("service");
    if (now.category_id !== sourceCategoryId && (now.category_id === null || !ids.includes(now.category_id))) throw new MovedMeanwhile();
    sourceCategoryId = now.category_id;
    service.position = now.position;
  }
  if (sourceCategoryId !== targetCategoryId) {
    await trx
      .updateTable("services")
      .set({ category_id: targetCategoryId, service_catalogue_id: target.service_catalogue_id, updated_at: nowIso(), updated_by: causer.id })
      .where("id", "=", serviceId)
      .execute();
    await closeCategoryGaps(trx, [sourceCategoryId]);
  }
  const { to: at } = await moveTo(trx, categoryList(targetCategoryId), serviceId, index);
  await recordActivity(trx, {
    subjectType: "service",
    subjectId: serviceId,
    event: "moved",
    causer,
    oldValues: { category_id: sourceCategoryId, position: service.position },
    newValues: { category_id: targetCategoryId, position: at },
  });
  return { categoryId: targetCategoryId, position: at };
}

/** The index a service has in its category's display order (for up/down buttons). */
export async function positionInCategory(db: Executor, serviceId: number) {
  const service = await db.selectFrom("services").select(["category_id"]).where("id", "=", serviceId).executeTakeFirst();
  if (!service?.category_id) return null;
  const ids = (await orderedRows(db, categoryList(service.category_id))).map((r) => r.id);
  return { categoryId: service.category_id, index: ids.indexOf(serviceId), count: ids.length };
}
