import type { Insertable, Kysely } from "kysely";
import type { Database } from "~/server/db/schema";

export type ServiceValues = Partial<Insertable<Database["services"]>>;

/**
 * Row builders for catalogue model tests: catalogues, areas, categories, services and the base
 * data they link to. `db` is read on each call, so it can be the test database of a beforeAll.
 */
export function catalogueRows(db: () => Kysely<Database>) {
  const id = (row: { id: number }) => row.id;
  return {
    addCatalogue: async (title: string | null) => id(await db().insertInto("service_catalogues").values({ title }).returning("id").executeTakeFirstOrThrow()),
    addArea: async (catalogueId: number, name: string, position = 0) =>
      id(await db().insertInto("service_areas").values({ service_catalogue_id: catalogueId, name, position }).returning("id").executeTakeFirstOrThrow()),
    addCategory: async (catalogueId: number, areaId: number | null, name: string, position = 0) =>
      id(
        await db()
          .insertInto("service_categories")
          .values({ service_catalogue_id: catalogueId, service_area_id: areaId, name, position })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
    addService: async (catalogueId: number, categoryId: number | null, name: string, values: ServiceValues = {}) =>
      id(
        await db()
          .insertInto("services")
          .values({ service_catalogue_id: catalogueId, category_id: categoryId, name, ...values })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
    addOwner: async (name: string) => id(await db().insertInto("owners").values({ name }).returning("id").executeTakeFirstOrThrow()),
    addKpi: async (name: string) => id(await db().insertInto("kpis").values({ name }).returning("id").executeTakeFirstOrThrow()),
    addTag: async (name: string) => id(await db().insertInto("tags").values({ name }).returning("id").executeTakeFirstOrThrow()),
  };
}
