/**
 * The catalogue API now shows translations and a catalogue's languages (issue 37 §4): writes to
 * them move the change counter of migration 0023 too, so a cached API page is never served after
 * a translation changed. The same triggers as there (the bump function exists on Postgres).
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./lib/columns";

const TABLES = ["content_translations", "catalogue_languages"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql`create constraint trigger ${sql.raw(`${table}_catalogue_changes`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function catalogue_changes_bump()`.execute(db);
      continue;
    }
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.raw(`${table}_catalogue_changes_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
        update catalogue_changes set version = version + 1 where id = 1;
      end`.execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) await sql`drop trigger if exists ${sql.raw(`${table}_catalogue_changes`)} on ${sql.table(table)}`.execute(db);
    else for (const event of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.raw(`${table}_catalogue_changes_${event}`)}`.execute(db);
  }
}
