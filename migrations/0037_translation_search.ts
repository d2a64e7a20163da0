/**
 * Searching translations through an index (issue 37 §6): at 10k services with two languages a
 * scan of every translation made each search ~12 ms slower (docs/benchmarks.md). SQLite gets an
 * FTS5 trigram index like the services' own (migration 0006); an external-content index needs a
 * stable integer key, so the table is rebuilt with `id integer primary key` (an implicit rowid may
 * change on VACUUM, as in the backup's VACUUM INTO) and its key becomes a unique index. Postgres
 * gets a trigram index on the lower-cased text. The change-counter triggers of migration 0035 are
 * made again for the rebuilt table.
 */
import { sql, type Kysely } from "kysely";
import { index, isPostgres, nowIso } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const COLUMNS = sql.raw("subject_type, subject_id, field, language, value, source_hash, source_value, updated_at, updated_by");

export async function up(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table content_translations add column id serial`.execute(db);
    await sql`create index content_translations_value_trgm_idx on content_translations using gin (lower(value) gin_trgm_ops)`.execute(db);
    return;
  }
  await db.schema
    .createTable("content_translations_new")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "integer", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("source_hash", "text", (c) => c.notNull())
    .addColumn("source_value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await sql`insert into content_translations_new (${COLUMNS}) select ${COLUMNS} from content_translations`.execute(db);
  await sql`drop table content_translations`.execute(db);
  await sql`alter table content_translations_new rename to content_translations`.execute(db);
  await sql`create unique index content_translations_key on content_translations (subject_type, subject_id, field, language)`.execute(db);
  await index(db, "content_translations", ["language", "subject_type"]);
  for (const event of ["insert", "update", "delete"]) {
    await sql`create trigger ${sql.raw(`content_translations_catalogue_changes_${event}`)} after ${sql.raw(event)} on content_translations begin
      update catalogue_changes set version = version + 1 where id = 1;
    end`.execute(db);
  }
  await sql`create virtual table translations_fts using fts5(value, content='content_translations', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger translations_fts_ai after insert on content_translations begin
    insert into translations_fts(rowid, value) values (new.id, new.value);
  end`.execute(db);
  await sql`create trigger translations_fts_ad after delete on content_translations begin
    insert into translations_fts(translations_fts, rowid, value) values ('delete', old.id, old.value);
  end`.execute(db);
  await sql`create trigger translations_fts_au after update of value on content_translations begin
    insert into translations_fts(translations_fts, rowid, value) values ('delete', old.id, old.value);
    insert into translations_fts(rowid, value) values (new.id, new.value);
  end`.execute(db);
  await sql`insert into translations_fts(translations_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists content_translations_value_trgm_idx`.execute(db);
    await sql`alter table content_translations drop column id`.execute(db);
    return;
  }
  for (const t of ["translations_fts_ai", "translations_fts_ad", "translations_fts_au"]) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists translations_fts`.execute(db);
}
