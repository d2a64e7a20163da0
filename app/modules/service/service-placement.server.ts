/**
 * Where a service sits (issue 33 §1, decision 0060). Every write that puts a service into a
 * category, takes one out of it or creates one comes through here, on the shared positions
 * helper, so the rule holds in one place: the live services of a category are numbered 0..n-1
 * (binned ones are out of the list and keep their old position until restored). A catalogue's
 * services without category form one more such list.
 *
 * On Postgres every placement locks the category rows it touches, in id order, so concurrent
 * writes serialise instead of handing out one position twice; SQLite transactions already
 * serialise writers.
 */
import { sql } from "kysely";
import type { NewService } from "~/server/db/schema";
import type { Executor } from "~/server/audit.server";
import { isPostgresDb } from "~/server/db-helpers.server";
import { appendPosition, closeGap, type OrderedList } from "~/server/positions.server";

/** A service's place: its category (null: none) and its catalogue. */
export interface Place {
  categoryId: number | null;
  catalogueId: number | null;
}

/** The live services of a category; binned ones keep their position. */
export function categoryList(categoryId: number): OrderedList {
  return { table: "services", parent: { column: "category_id", value: categoryId }, excludeWhereSet: "deleted_at" };
}

/** The live services at a place: a category's, or a catalogue's without category. */
function placeList(place: Place): OrderedList {
  if (place.categoryId !== null) return categoryList(place.categoryId);
  return {
    table: "services",
    parent: [
      { column: "category_id", value: null },
      { column: "service_catalogue_id", value: place.catalogueId },
    ],
    excludeWhereSet: "deleted_at",
  };
}

/** The one category lock: the rows of these categories, in id order (Postgres), so lockers never deadlock. */
export async function lockCategories(db: Executor, ids: readonly (number | null)[]): Promise<number[]> {
  const unique = [...new Set(ids.filter((x): x is number => x != null))].sort((a, b) => a - b);
  if (unique.length && isPostgresDb(db)) await sql`select id from service_categories where id in (${sql.join(unique)}) order by id for update`.execute(db);
  return unique;
}

/** What a new service row holds besides its place. */
export type NewServiceValues = Omit<NewService, "id" | "category_id" | "service_catalogue_id" | "position">;

/**
 * Inserts a new service at the end of its place (create, duplicate, derive, template import):
 * the only insert into `services` outside the seed. Returns its id and position.
 */
export async function insertService(db: Executor, values: NewServiceValues, place: Place): Promise<{ id: number; position: number }> {
  await lockCategories(db, [place.categoryId]);
  const position = await appendPosition(db, placeList(place));
  const { id } = await db
    .insertInto("services")
    .values({ ...values, category_id: place.categoryId, service_catalogue_id: place.catalogueId, position })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(id), position };
}

/**
 * Puts an existing service that is out of every list (a binned one being restored) at the end of
 * a category, writing `also` in the same update. Returns the position it got.
 */
export async function placeAtEnd(
  db: Executor,
  serviceId: number,
  place: Place & { categoryId: number },
  also: Partial<Pick<NewService, "deleted_at" | "deleted_by">> = {},
): Promise<number> {
  await lockCategories(db, [place.categoryId]);
  const position = await appendPosition(db, placeList(place));
  await db
    .updateTable("services")
    .set({ ...also, category_id: place.categoryId, service_catalogue_id: place.catalogueId, position })
    .where("id", "=", serviceId)
    .execute();
  return position;
}

/**
 * Closes the gaps services left in these categories (binned, moved to another category or
 * catalogue). The caller has locked them (`lockCategories`) before the services left.
 */
export async function closeCategoryGaps(db: Executor, categoryIds: readonly (number | null)[]): Promise<void> {
  for (const id of new Set(categoryIds)) if (id != null) await closeGap(db, categoryList(id));
}
