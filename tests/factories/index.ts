import crypto from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Role } from "~/modules/access/roles";
import { createUser } from "~/modules/access/user.server";
import type { Database, DropdownSlot } from "~/server/db/schema";

/**
 * The one way tests create rows: users, catalogues, areas, categories, services with their
 * children and relations, and base data. Used by model tests (on their fresh database), e2e
 * specs (on the running app's database) and the demo seed's shapes. Every name gets a unique
 * suffix unless given, so parallel tests never collide on unique names.
 */

export const TEST_PASSWORD = "e2e-password-123";

type Row<T extends keyof Database> = Partial<Insertable<Database[T]>>;

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** Base data and other services a service is related to (ids). */
export interface ServiceRelations {
  owners?: number[];
  providers?: number[];
  kpis?: number[];
  tags?: number[];
  dependsOn?: number[];
}

export interface ServiceSpec extends Row<"services">, ServiceRelations {
  options?: (string | Row<"service_options">)[];
  responsibilities?: (string | Row<"responsibilities">)[];
  links?: (string | Row<"service_links">)[];
}

/** A short random suffix that keeps names unique across parallel workers. */
export function unique(prefix = ""): string {
  return `${prefix}${prefix ? " " : ""}${crypto.randomBytes(4).toString("hex")}`;
}

/** `db` may be a function, so a factory can be made before a beforeAll has opened the database. */
export function factories(source: Kysely<Database> | (() => Kysely<Database>)) {
  const db = typeof source === "function" ? source : () => source;
  const insertId = async <T extends keyof Database & string>(table: T, values: Insertable<Database[T]>) =>
    // Every table with a generated id answers `returning("id")`; Kysely cannot prove that generically.
    ((await db().insertInto(table).values(values as never).returning("id" as never).executeTakeFirstOrThrow()) as unknown as { id: number }).id;

  const f = {
    async user(role: Role = "keyuser", values: { name?: string; email?: string; password?: string; wordExport?: boolean; settings?: string } = {}): Promise<TestUser> {
      const email = values.email ?? `test-${role}-${crypto.randomBytes(5).toString("hex")}@example.com`;
      const name = values.name ?? `Test ${role}`;
      const password = values.password ?? TEST_PASSWORD;
      const id = await createUser(db(), { name, email, password, role });
      if (values.wordExport) await db().updateTable("users").set({ word_export: 1 }).where("id", "=", id).execute();
      // The stored JSON as is (also a broken one), for tests of how settings are read.
      if (values.settings !== undefined) await db().updateTable("users").set({ settings: values.settings }).where("id", "=", id).execute();
      return { id, name, email, password, role };
    },

    catalogue: (values: Row<"service_catalogues"> = {}) => insertId("service_catalogues", { title: unique("Katalog"), ...values }),

    area: (catalogueId: number, values: Row<"service_areas"> = {}) =>
      insertId("service_areas", { service_catalogue_id: catalogueId, name: unique("Bereich"), position: 0, ...values }),

    category: (catalogueId: number, values: Row<"service_categories"> = {}) =>
      insertId("service_categories", { service_catalogue_id: catalogueId, service_area_id: null, name: unique("Kategorie"), position: 0, ...values }),

    /**
     * A service with, if asked, its options, responsibilities, links and relations (in the given order).
     * `catalogueId` null: a service in no catalogue, for tests where only its existence matters
     * (e.g. as a user of base data).
     */
    async service(catalogueId: number | null, categoryId: number | null, spec: ServiceSpec = {}): Promise<number> {
      const { options = [], responsibilities = [], links = [], owners, providers, kpis, tags, dependsOn, ...values } = spec;
      const id = await insertId("services", { service_catalogue_id: catalogueId, category_id: categoryId, name: unique("Dienst"), ...values });
      // One insert per row: a multi-row insert would write NULL (not the default) into columns
      // only some rows set on SQLite.
      const each = async <T>(table: "service_options" | "responsibilities" | "service_links", items: T[], make: (item: T, position: number) => object) => {
        for (const [i, item] of items.entries()) await db().insertInto(table).values(make(item, i + 1) as never).execute();
      };
      await each("service_options", options, (o, position) => ({ service_id: id, position, ...(typeof o === "string" ? { name: o } : { name: unique("Option"), ...o }) }));
      await each("responsibilities", responsibilities, (r, pos) => ({ service_id: id, pos, ...(typeof r === "string" ? { description: r } : r) }));
      await each("service_links", links, (l, position) => ({ service_id: id, position, ...(typeof l === "string" ? { url: l } : { url: `https://example.com/${unique()}`, ...l }) }));
      await f.relate(id, { owners, providers, kpis, tags, dependsOn });
      return id;
    },

    /** Relates an existing service to base data and other services, as `service`'s spec does. */
    async relate(serviceId: number, relations: ServiceRelations) {
      const { owners = [], providers = [], kpis = [], tags = [], dependsOn = [] } = relations;
      const add = async <T extends "service_owners" | "service_providers" | "service_kpis" | "service_tags" | "service_dependencies">(table: T, column: string, ids: number[]) => {
        if (ids.length) await db().insertInto(table).values(ids.map((other) => ({ service_id: serviceId, [column]: other })) as never).execute();
      };
      await add("service_owners", "owner_id", owners);
      await add("service_providers", "provider_id", providers);
      await add("service_kpis", "kpi_id", kpis);
      await add("service_tags", "tag_id", tags);
      await add("service_dependencies", "required_service_id", dependsOn);
    },

    owner: (values: Row<"owners"> = {}) => insertId("owners", { name: unique("Owner"), ...values }),
    kpi: (values: Row<"kpis"> = {}) => insertId("kpis", { name: unique("KPI"), ...values }),
    provider: (values: Row<"providers"> = {}) => insertId("providers", { name: unique("Anbieter"), ...values }),
    tag: (values: Row<"tags"> = {}) => insertId("tags", { name: unique("Tag"), ...values }),
    term: (values: Row<"term_definitions"> = {}) => insertId("term_definitions", { term: unique("Begriff"), ...values } as Insertable<Database["term_definitions"]>),

    /**
     * A custom service attribute (what admins define); a dropdown with its slots, e.g.
     * `{ one: ["Mo–Fr", true], two: ["Alt", false] }` (value, active).
     */
    async attribute(values: Row<"service_attribute_items"> & { slots?: Partial<Record<DropdownSlot, [string, boolean]>> } = {}) {
      const { slots, ...item } = values;
      const id = await insertId("service_attribute_items", { designation: unique("Merkmal"), type: slots ? "dropdown" : "text", active: 1, ...item });
      if (slots) {
        const columns: Record<string, string | number> = {};
        for (const [slot, [value, active]] of Object.entries(slots)) {
          columns[`drop_down_${slot}_value`] = value;
          columns[`drop_down_${slot}_active`] = active ? 1 : 0;
        }
        await db().insertInto("attribute_dropdowns").values({ attribute_item_id: id, ...columns }).execute();
      }
      return id;
    },

    /** A service's value of a custom attribute: its text, or the dropdown slot chosen. */
    async attributeValue(serviceId: number, attributeId: number, value: { text: string } | { slot: DropdownSlot }) {
      if ("text" in value)
        await db().insertInto("service_attribute_text_items").values({ service_id: serviceId, service_attribute_item_id: attributeId, text: value.text }).execute();
      else await db().insertInto("service_dropdown_items").values({ service_id: serviceId, items_id: attributeId, value_reference: value.slot }).execute();
    },

    /** Lets a `user` edit the services of a category, or one service (user management's grants). */
    async grant(userId: number, scope: { categoryId?: number; serviceId?: number }) {
      if (scope.categoryId) await db().insertInto("user_category_permissions").values({ user_id: userId, category_id: scope.categoryId }).execute();
      if (scope.serviceId) await db().insertInto("user_service_permissions").values({ user_id: userId, service_id: scope.serviceId }).execute();
    },

    /** Makes the catalogue the user's current one (what the catalogue switcher stores). */
    async useCatalogue(userId: number, catalogueId: number) {
      await db().updateTable("users").set({ settings: JSON.stringify({ currentCatalogueId: catalogueId }) }).where("id", "=", userId).execute();
    },

    /** A catalogue with one category holding `count` services: the usual start of a browser test. */
    async catalogueWithServices(count: number, values: { title?: string; service?: ServiceSpec } = {}) {
      const catalogueId = await f.catalogue(values.title ? { title: values.title } : {});
      const categoryId = await f.category(catalogueId);
      const serviceIds: number[] = [];
      for (let i = 0; i < count; i++) serviceIds.push(await f.service(catalogueId, categoryId, { position: i, ...values.service }));
      return { catalogueId, categoryId, serviceIds };
    },
  };
  return f;
}

export type Factories = ReturnType<typeof factories>;
