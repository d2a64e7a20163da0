/**
 * Name-only substring index for the search box's suggestions: the eight-field index of 0006
 * answers "name contains" too, but its trigram lists cover every HTML field, so a common word
 * costs milliseconds per keystroke at 100,000 services (docs/benchmarks.md). SQLite: a second
 * FTS5 trigram table over the name, kept in sync by triggers; Postgres: pg_trgm on lower(name).
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index services_name_trgm_idx on services using gin ((lower(name)) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table services_name_fts using fts5(name, content='services', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger services_name_fts_ai after insert on services begin
    insert into services_name_fts(rowid, name) values (new.id, new.name);
  end`.execute(db);
  await sql`create trigger services_name_fts_ad after delete on services begin
    insert into services_name_fts(services_name_fts, rowid, name) values ('delete', old.id, old.name);
  end`.execute(db);
  await sql`create trigger services_name_fts_au after update of name on services begin
    insert into services_name_fts(services_name_fts, rowid, name) values ('delete', old.id, old.name);
    insert into services_name_fts(rowid, name) values (new.id, new.name);
  end`.execute(db);
  await sql`insert into services_name_fts(services_name_fts) values ('rebuild')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists services_name_trgm_idx`.execute(db);
    return;
  }
  for (const t of ["services_name_fts_ai", "services_name_fts_ad", "services_name_fts_au"]) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists services_name_fts`.execute(db);
}
