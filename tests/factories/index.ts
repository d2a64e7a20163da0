import crypto from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Role } from "~/modules/access/roles";
import { createUser } from "~/modules/access/user.server";
import { publishRelease, withdrawRelease } from "~/modules/releases/releases.server";
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

    /**
     * A user row as is, without the sign-up path: no password unless given, no activity. For SSO
     * accounts (`azure_user: 1`) and tests of what the row itself allows.
     */
    userRow: (values: Row<"users"> = {}) =>
      insertId("users", { name: unique("Konto"), email: `row-${crypto.randomBytes(5).toString("hex")}@example.com`, password_hash: null, ...values }),

    /** A service option of an existing service (the service factory makes them with the service). */
    option: (serviceId: number, values: Row<"service_options"> = {}) => insertId("service_options", { service_id: serviceId, name: unique("Option"), position: 0, ...values }),

    /** A responsibility of an existing service. */
    responsibility: (serviceId: number, values: Row<"responsibilities"> = {}) => insertId("responsibilities", { service_id: serviceId, pos: 1, ...values }),

    /** A link of an existing service. */
    link: (serviceId: number, values: Row<"service_links"> = {}) => insertId("service_links", { service_id: serviceId, url: `https://example.com/${unique()}`, position: 0, ...values }),

    /** A mask hiding fields, sections or attributes (JSON list) in an area or category. */
    mask: (values: Row<"attribute_masks"> = {}) => insertId("attribute_masks", { name: unique("Maske"), target_model: "category", target_id: null, hidden_attributes: "[]", ...values }),

    /** A saved view of the catalogue browser. */
    view: (userId: number, values: Row<"saved_views"> = {}) => insertId("saved_views", { user_id: userId, name: unique("Ansicht"), state: "{}", ...values }),

    // The catalogue frame (decision 0030): the frame row, its sections and their items.
    frame: (catalogueId: number, values: Row<"catalog_frames"> = {}) => insertId("catalog_frames", { service_catalogue_id: catalogueId, ...values }),
    section: (catalogueId: number, values: Row<"sections"> = {}) => insertId("sections", { service_catalogue_id: catalogueId, name: unique("Abschnitt"), ...values }),
    paragraph: (sectionId: number, values: Row<"paragraphs"> = {}) => insertId("paragraphs", { section_id: sectionId, title: unique("Absatz"), ...values }),
    /** A table of a section with its rows (each a list of cell texts, in order). */
    async table(sectionId: number, values: Row<"section_tables"> & { rows?: string[][] } = {}) {
      const { rows = [], ...table } = values;
      const id = await insertId("section_tables", { section_id: sectionId, title: unique("Tabelle"), ...table });
      for (const [position, cells] of rows.entries()) await db().insertInto("table_rows").values({ table_id: id, row_values: JSON.stringify(cells), position }).execute();
      return id;
    },
    matrix: (sectionId: number, values: Row<"matrix_tables"> = {}) => insertId("matrix_tables", { section_id: sectionId, title: unique("Matrix"), ...values }),

    // System info (decision 0029).
    message: (values: Row<"system_messages"> = {}) => insertId("system_messages", { headline: unique("Meldung"), ...values }),
    patchNote: (values: Row<"patch_notes"> = {}) => insertId("patch_notes", { headline: unique("Version"), ...values }),

    /**
     * A release of the catalogue as it is now (the publishing code itself: a release is only ever
     * made by publishing), optionally withdrawn at once.
     */
    async release(catalogueId: number, values: { label?: string; note?: string | null; withdrawn?: string; by?: { id: number; name: string } } = {}) {
      const by = values.by ?? { id: await f.userRow(), name: "Veröffentlicher" };
      const id = await publishRelease(db(), catalogueId, { label: values.label ?? unique("Version"), note: values.note ?? null }, by);
      if (values.withdrawn) await withdrawRelease(db(), id, values.withdrawn, by);
      return id;
    },

    // Credits (decision 0033).
    tokenOrder: (values: Row<"token_orders"> = {}) => insertId("token_orders", { value: 10, ...values }),
    tokenUsage: (values: Row<"token_usage"> = {}) => insertId("token_usage", { tokens: 0, kind: "generate", ...values }),

    /** A settings row (key → stored text, usually JSON; also a broken one), replacing what was stored. */
    async setting(key: string, value: string) {
      const updated_at = new Date().toISOString();
      await db().insertInto("settings").values({ key, value, updated_at }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
    },

    /** The customer data (one row, id 1), replacing what was stored. */
    async customerData(values: Row<"customer_data">) {
      await db().insertInto("customer_data").values({ id: 1, ...values }).onConflict((oc) => oc.column("id").doUpdateSet(values)).execute();
    },

    /** Whether the catalogue shows service areas (one row, id 1). */
    async serviceAreas(active: boolean) {
      await db().insertInto("service_area_config").values({ id: 1, active: active ? 1 : 0 }).execute();
    },

    /** A failed sign-in (what login throttling counts). */
    loginAttempt: (values: Row<"login_attempts"> & { email: string }) => insertId("login_attempts", { ip: null, ...values }),

    /** An audit activity as stored, for tests of what reads them (logs, dashboard). */
    activity: (values: Row<"activities"> = {}) => insertId("activities", { subject_type: "service", event: "updated", ...values }),

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
