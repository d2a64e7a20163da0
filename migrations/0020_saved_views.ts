/**
 * Saved views (issue 20 §1): a name and a catalogue-browser state (view mode, search, filters,
 * sort — JSON, normalised by the views module) that a user keeps for themselves or shares with
 * everyone. The catalogue the view was saved in is kept so opening it shows the same services;
 * a deleted catalogue leaves the view (it then opens in the current one). A user's views go with
 * the account. One name per owner, case-insensitive. Portable column conventions: ./lib/columns.ts.
 */
import { sql, type Kysely } from "kysely";
import { flag, id, index, optionalRef, requiredRef, timestamps } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  let table = requiredRef(id(db, db.schema.createTable("saved_views")), "user_id", "users.id");
  table = optionalRef(table, "catalogue_id", "service_catalogues.id")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull());
  table = flag(table, "shared", 0);
  await timestamps(db, table).execute();
  await sql`create unique index saved_views_user_id_name_unique on saved_views (user_id, lower(name))`.execute(db);
  await index(db, "saved_views", ["shared"]);
  // A deleted catalogue sets the views' catalogue_id to null through this column.
  await index(db, "saved_views", ["catalogue_id"]);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("saved_views").ifExists().execute();
}
