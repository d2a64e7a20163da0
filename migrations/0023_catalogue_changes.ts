/**
 * A change counter for what the catalogue API publishes (issue 34 §4, decision 0062): one row whose
 * `version` moves with every insert, update or delete on the tables the API reads, in the writing
 * transaction itself. A cached API page is reused only while the counter is unchanged, so every
 * write path (including ones added later and writes from other app servers) invalidates it without
 * having to remember to. The whole-database stamps of the reports memo cannot serve here: every API
 * request writes its key's rate-limit count.
 *
 * SQLite: row triggers (SQLite serialises writers anyway). Postgres: deferred constraint triggers,
 * so the counter row is locked only while the writing transaction commits (no long-held hot-row
 * lock, no lock-order deadlock with the rows the transaction wrote before), bumped once per
 * transaction however many rows it wrote.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./lib/columns";

/** Every table whose rows the catalogue API shows (services, their children, relations and the names they point to). */
const TABLES = [
  "service_catalogues",
  "service_areas",
  "service_categories",
  "services",
  "service_options",
  "responsibilities",
  "service_links",
  "service_dependencies",
  "service_owners",
  "service_providers",
  "service_kpis",
  "service_tags",
  "owners",
  "providers",
  "kpis",
  "tags",
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table catalogue_changes (id integer primary key, version bigint not null, last_tx bigint)`.execute(db);
  await sql`insert into catalogue_changes (id, version) values (1, 0)`.execute(db);
  if (isPostgres(db)) {
    await sql`create function catalogue_changes_bump() returns trigger language plpgsql as $$
      begin
        -- One bump per transaction is enough: the other rows of a bulk write skip the row update.
        update catalogue_changes set version = version + 1, last_tx = txid_current() where id = 1 and last_tx is distinct from txid_current();
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql`create constraint trigger ${sql.raw(`${table}_catalogue_changes`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function catalogue_changes_bump()`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.raw(`${table}_catalogue_changes_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
        update catalogue_changes set version = version + 1 where id = 1;
      end`.execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of TABLES) await sql`drop trigger if exists ${sql.raw(`${table}_catalogue_changes`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists catalogue_changes_bump()`.execute(db);
  } else {
    for (const table of TABLES) for (const event of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.raw(`${table}_catalogue_changes_${event}`)}`.execute(db);
  }
  await sql`drop table if exists catalogue_changes`.execute(db);
}
