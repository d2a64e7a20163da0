import type { Kysely } from "kysely";
import { ENTITIES, type EntityKey, type RecordValues } from "~/modules/basedata/entities";
import type { Database } from "~/server/db/schema";
import type { Factories, ServiceRelations } from "../factories";
import { anyDb } from "./helpers";

/** What the base-data model tests share: the entities' tables, audit subjects, usages and sample values. */

/** Every base-data entity. */
export const KEYS = Object.keys(ENTITIES) as EntityKey[];

/** The table of each entity. */
export const TABLE: Record<EntityKey, keyof Database & string> = {
  owner: "owners",
  kpis: "kpis",
  provider: "providers",
  termdefinitions: "term_definitions",
  tags: "tags",
};

/** The subject_type of each entity's activities. */
export const SUBJECT: Record<EntityKey, string> = {
  owner: "owner",
  kpis: "kpi",
  provider: "provider",
  termdefinitions: "term_definition",
  tags: "tag",
};

/** The entities services use: the link table, its column for the record, and the factories' relation. */
export const USAGE: Partial<Record<EntityKey, { table: string; fk: string; relation: keyof ServiceRelations }>> = {
  owner: { table: "service_owners", fk: "owner_id", relation: "owners" },
  kpis: { table: "service_kpis", fk: "kpi_id", relation: "kpis" },
  provider: { table: "service_providers", fk: "provider_id", relation: "providers" },
  tags: { table: "service_tags", fk: "tag_id", relation: "tags" },
};
export const USED_KEYS = Object.keys(USAGE) as EntityKey[];

/** The stored row of a record, or undefined. */
export async function rowOf(db: Kysely<Database>, key: EntityKey, id: number) {
  return anyDb(db).selectFrom(TABLE[key]).selectAll().where("id", "=", id).executeTakeFirst();
}

/** Complete values of a record, as the full form would deliver them after validation. */
export function sample(key: EntityKey, name: string): RecordValues {
  switch (key) {
    case "owner":
      return { name, representatives: ["Rita Rep", "Sam Second"] };
    case "kpis":
      return { name, definition: "Availability per month", calculation: "uptime / total time", measuring_points: "Monitoring" };
    case "provider":
      return {
        name,
        description: "Hosting partner",
        street: "Main Street 1",
        zipcode: "12345",
        city: "Berlin",
        country: "Germany",
        contact_person: "Pat Provider",
        email_contact: "pat@provider.example",
        website_link: "https://provider.example",
        company_profile: "Since 1999",
      };
    case "termdefinitions":
      return { term: name, definition: "What the word means", link: "https://glossary.example/term" };
    case "tags":
      return { name, description: "A label" };
  }
}

/** A service that uses base data; binned ones must never count as users. */
export function usingService(make: Factories, name: string, binned = false) {
  return make.service(null, null, { name, deleted_at: binned ? "2030-01-01T00:00:00.000Z" : null });
}

/** Links the services to a record of `key`, as the service page's relations do. */
export async function linkServices(make: Factories, key: EntityKey, recordId: number, serviceIds: number[]) {
  const { relation } = USAGE[key]!;
  for (const serviceId of serviceIds) await make.relate(serviceId, { [relation]: [recordId] });
}
