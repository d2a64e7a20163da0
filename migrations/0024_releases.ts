/**
 * Catalogue releases (issue 35, decision 0068): a frozen, immutable snapshot of one catalogue.
 *
 * - `release_contents`: canonical JSON of one snapshotted thing (a service with its children, an
 *   area, an owner, the catalogue's header …) keyed by its SHA-256. Identical content is stored once
 *   and shared by every release that contains it, so a release where 1 % changed costs ~1 %.
 * - `releases`: the version itself (label unique per catalogue, case-insensitive), its note, who
 *   published it, counts, and its state (published | withdrawn, with who/when/why).
 * - `release_items`: what a release contains — kind + the working-copy id it was taken from, its
 *   place (parent, position), its name (lists and compare without decoding bodies) and its content.
 *
 * Only `releases`' state columns are ever updated (withdraw / re-instate); items and contents are
 * inserted once and deleted only with a withdrawn release.
 */
import { sql, type Kysely } from "kysely";
import { id, index, optionalRef, position, requiredRef, texts, timestamp } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("release_contents")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .execute();

  let releases = requiredRef(id(db, db.schema.createTable("releases")), "service_catalogue_id", "service_catalogues.id");
  releases = releases
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().defaultTo("published").check(sql`state in ('published', 'withdrawn')`));
  releases = texts(releases, "note", "publisher_name", "header_hash", "withdrawn_reason", "withdrawn_at", "withdrawn_by_name");
  releases = optionalRef(releases, "published_by", "users.id");
  releases = optionalRef(releases, "withdrawn_by", "users.id");
  releases = releases
    .addColumn("service_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("area_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("category_count", "integer", (c) => c.notNull().defaultTo(0));
  await timestamp(db, releases, "published_at").execute();
  await sql`create unique index releases_catalogue_label_unique on releases (service_catalogue_id, lower(label))`.execute(db);

  let items = db.schema
    .createTable("release_items")
    .addColumn("release_id", "integer", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("parent_id", "integer")
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""));
  items = position(items)
    .addColumn("content_hash", "text", (c) => c.notNull().references("release_contents.hash"))
    .addPrimaryKeyConstraint("release_items_pk", ["release_id", "kind", "item_id"]);
  await items.execute();
  await index(db, "release_items", ["content_hash"]);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("release_items").ifExists().execute();
  await db.schema.dropTable("releases").ifExists().execute();
  await db.schema.dropTable("release_contents").ifExists().execute();
}
