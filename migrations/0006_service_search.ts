/**
 * Substring search over the eight searchable service fields (spec 01 §4) backed by an index:
 * SQLite FTS5 with the trigram tokenizer (kept in sync by triggers), Postgres pg_trgm GIN over
 * the lower-cased concatenation. Also an index for the exact, case-insensitive name match.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./lib/columns";

const FIELDS = ["name", "content", "advantages", "description", "short_description", "art_nr", "user", "booking"];
const cols = sql.raw(FIELDS.map((f) => `"${f}"`).join(", "));
const newCols = sql.raw(FIELDS.map((f) => `new."${f}"`).join(", "));
const oldCols = sql.raw(FIELDS.map((f) => `old."${f}"`).join(", "));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index services_name_lower_idx on services (lower(name))`.execute(db);
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    // Must stay textually equal to SEARCH_DOCUMENT in app/models/service-search.server.ts.
    await sql`create index services_search_trgm_idx on services using gin ((lower(
      coalesce(name, '') || ' ' || coalesce(content, '') || ' ' || coalesce(advantages, '') || ' ' ||
      coalesce(description, '') || ' ' || coalesce(short_description, '') || ' ' || coalesce(art_nr, '') || ' ' ||
      coalesce("user", '') || ' ' || coalesce(booking, ''))) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table services_fts using fts5(${cols}, content='services', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger services_fts_ai after insert on services begin
    insert into services_fts(rowid, ${cols}) values (new.id, ${newCols});
  end`.execute(db);
  await sql`create trigger services_fts_ad after delete on services begin
    insert into services_fts(services_fts, rowid, ${cols}) values ('delete', old.id, ${oldCols});
  end`.execute(db);
  await sql`create trigger services_fts_au after update of ${cols} on services begin
    insert into services_fts(services_fts, rowid, ${cols}) values ('delete', old.id, ${oldCols});
    insert into services_fts(rowid, ${cols}) values (new.id, ${newCols});
  end`.execute(db);
  await sql`insert into services_fts(services_fts) values ('rebuild')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists services_search_trgm_idx`.execute(db);
  } else {
    for (const t of ["services_fts_ai", "services_fts_ad", "services_fts_au"]) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`drop table if exists services_fts`.execute(db);
  }
  await sql`drop index if exists services_name_lower_idx`.execute(db);
}
