/**
 * Catalogue: catalogues (id -1 is the static catalogue), areas, categories, services and their
 * relations, plus the per-user edit permissions on categories and services.
 * Portable column conventions: see ./lib/columns.ts.
 */
import { sql, type Kysely } from "kysely";
import { flag, id, index, optionalRef, picture, position, requiredRef, texts, timestamps } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** A join table with a composite primary key; both sides cascade. */
async function joinTable(db: Db, table: string, left: [string, string], right: [string, string]) {
  await db.schema
    .createTable(table)
    .addColumn(left[0], "integer", (c) => c.notNull().references(left[1]).onDelete("cascade"))
    .addColumn(right[0], "integer", (c) => c.notNull().references(right[1]).onDelete("cascade"))
    .addPrimaryKeyConstraint(`${table}_pkey`, [left[0], right[0]])
    .execute();
  await index(db, table, [right[0]]);
}

export async function up(db: Db): Promise<void> {
  // Catalogues. title may be null: the UI shows "Statischer Katalog" for id -1.
  const catalogues = texts(id(db, db.schema.createTable("service_catalogues")), "title", "introduction");
  await timestamps(db, picture(catalogues)).execute();
  await db.insertInto("service_catalogues").values({ id: -1, title: null, introduction: null }).execute();

  let areas = optionalRef(id(db, db.schema.createTable("service_areas")), "service_catalogue_id", "service_catalogues.id")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text");
  areas = position(picture(areas, "image"));
  await timestamps(db, areas).execute();
  await index(db, "service_areas", ["service_catalogue_id", "position"]);

  let categories = optionalRef(id(db, db.schema.createTable("service_categories")), "service_catalogue_id", "service_catalogues.id");
  categories = optionalRef(categories, "service_area_id", "service_areas.id")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text");
  categories = position(picture(categories, "image"));
  await timestamps(db, categories).execute();
  await index(db, "service_categories", ["service_area_id", "position"]);
  await index(db, "service_categories", ["service_catalogue_id"]);

  // Services: every field of spec 01 §3. Yes/no questions are 0/1 flags; everything else that a
  // user types is nullable text (HTML for the rich-text fields). costs is a free-form description.
  let services = optionalRef(id(db, db.schema.createTable("services")), "service_catalogue_id", "service_catalogues.id")
    .addColumn("name", "text", (c) => c.notNull());
  services = optionalRef(services, "category_id", "service_categories.id");
  services = texts(services, "short_description", "description", "content", "advantages")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open', 'checking', 'closed')`))
    .addColumn("statuspercent", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`statuspercent >= 0 and statuspercent <= 100`),
    )
    .addColumn("servicetype", "text", (c) =>
      c.notNull().defaultTo("customer").check(sql`servicetype in ('customer', 'it')`),
    );
  services = flag(services, "servicechangeplanned");
  services = texts(
    services,
    "art_nr",
    "user",
    "booking",
    "restriction",
    "cancelling",
    "delivery_time",
    "delivery_point",
    "reporting",
    "serviceprovidercontract",
  );
  services = flag(services, "customerspecific");
  services = texts(services, "serviceart", "plannedchanges");
  services = flag(services, "processingpersonaldata");
  services = texts(services, "personaldata");
  services = flag(services, "processingsensitivpersonaldata");
  services = texts(services, "processingpersonaldatalaw", "personaldatastorageduration", "personaldatatransfer");
  services = picture(services);
  services = texts(services, "costs", "system")
    // Id of the template ("factory") service this one was imported from; a remote id, so no FK.
    .addColumn("factory_service_id", "integer");
  services = position(services);
  services = optionalRef(services, "parent_service_id", "services.id")
    .addColumn("deleted_at", "text")
    .addColumn("deleted_by", "integer", (c) => c.references("users.id").onDelete("set null"));
  services = timestamps(db, services)
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"));
  await services.execute();
  await index(db, "services", ["category_id", "position"]);
  await index(db, "services", ["service_catalogue_id"]);
  await index(db, "services", ["deleted_at"]);
  await index(db, "services", ["parent_service_id"]);
  await index(db, "services", ["factory_service_id"]);

  // Options (Optionen). costs: a number in EUR (double precision; see ./lib/columns.ts).
  let options = requiredRef(id(db, db.schema.createTable("service_options")), "service_id", "services.id")
    .addColumn("name", "text", (c) => c.notNull());
  options = texts(options, "short_description", "description", "art_nr");
  options = picture(options).addColumn("costs", "double precision", (c) => c.notNull().defaultTo(0));
  await timestamps(db, position(options)).execute();
  await index(db, "service_options", ["service_id", "position"]);

  // Responsibilities (Verantwortlichkeiten): who does what, client side and/or IT side.
  let resp = position(requiredRef(id(db, db.schema.createTable("responsibilities")), "service_id", "services.id"), "pos")
    .addColumn("description", "text");
  resp = flag(flag(resp, "client"), "it");
  await timestamps(db, resp).execute();
  await index(db, "responsibilities", ["service_id", "pos"]);

  const links = requiredRef(id(db, db.schema.createTable("service_links")), "service_id", "services.id")
    .addColumn("url", "text", (c) => c.notNull());
  await position(links).execute();
  await index(db, "service_links", ["service_id", "position"]);

  await joinTable(db, "service_owners", ["service_id", "services.id"], ["owner_id", "owners.id"]);
  await joinTable(db, "service_providers", ["service_id", "services.id"], ["provider_id", "providers.id"]);
  await joinTable(db, "service_kpis", ["service_id", "services.id"], ["kpi_id", "kpis.id"]);
  await joinTable(db, "service_tags", ["service_id", "services.id"], ["tag_id", "tags.id"]);

  // Required services ("Abhängigkeiten"): service_id depends on required_service_id.
  await db.schema
    .createTable("service_dependencies")
    .addColumn("service_id", "integer", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("required_service_id", "integer", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("service_dependencies_pkey", ["service_id", "required_service_id"])
    .addCheckConstraint("service_dependencies_not_self", sql`service_id <> required_service_id`)
    .execute();
  await index(db, "service_dependencies", ["required_service_id"]);

  // Per-user edit permissions for the role "user".
  await joinTable(db, "user_category_permissions", ["user_id", "users.id"], ["category_id", "service_categories.id"]);
  await joinTable(db, "user_service_permissions", ["user_id", "users.id"], ["service_id", "services.id"]);
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    "user_service_permissions",
    "user_category_permissions",
    "service_dependencies",
    "service_tags",
    "service_kpis",
    "service_providers",
    "service_owners",
    "service_links",
    "responsibilities",
    "service_options",
    "services",
    "service_categories",
    "service_areas",
    "service_catalogues",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
