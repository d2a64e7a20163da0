/**
 * Base data ("Stammdaten"): owners with representatives, service levels (KPIs), providers, glossary
 * terms, tags and the customer's company data. Names are unique case-insensitively.
 */
import type { Kysely } from "kysely";
import { id, index, nowIso, position, requiredRef, texts, timestamps, uniqueLower } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(db, id(db, db.schema.createTable("owners")).addColumn("name", "text", (c) => c.notNull())).execute();
  await uniqueLower(db, "owners", "name");

  const reps = requiredRef(id(db, db.schema.createTable("owner_representatives")), "owner_id", "owners.id")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text");
  await position(reps).execute();
  await index(db, "owner_representatives", ["owner_id", "position"]);

  const kpis = texts(
    id(db, db.schema.createTable("kpis")).addColumn("name", "text", (c) => c.notNull()),
    "definition",
    "calculation",
    "measuring_points",
  );
  await timestamps(db, kpis).execute();
  await uniqueLower(db, "kpis", "name");

  const providers = texts(
    id(db, db.schema.createTable("providers")).addColumn("name", "text", (c) => c.notNull()),
    "description",
    "street",
    "zipcode",
    "city",
    "country",
    "contact_person",
    "email_contact",
    "website_link",
    "company_profile",
  );
  await timestamps(db, providers).execute();
  await uniqueLower(db, "providers", "name");

  const terms = texts(
    id(db, db.schema.createTable("term_definitions")).addColumn("term", "text", (c) => c.notNull()),
    "link",
    "definition",
  );
  await timestamps(db, terms).execute();
  await uniqueLower(db, "term_definitions", "term");

  const tags = texts(id(db, db.schema.createTable("tags")).addColumn("name", "text", (c) => c.notNull()), "description");
  await timestamps(db, tags).execute();
  await uniqueLower(db, "tags", "name");

  // One row (id 1 by convention), written by the customer-data screen or the seed.
  await texts(id(db, db.schema.createTable("customer_data")), "company", "companyadditional", "street", "zipcode", "city", "country")
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["customer_data", "tags", "term_definitions", "providers", "kpis", "owner_representatives", "owners"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
