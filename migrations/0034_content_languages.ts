/**
 * Service content in more than one language (issue 37, docs/decisions/0081): a catalogue's
 * primary content language and its further ones; translations of text fields, one row per
 * subject, field and language, each with the source text it was made from (its hash says whether
 * the source changed since; the text gives the diff). Untranslated fields store nothing.
 */
import { sql, type Kysely } from "kysely";
import { index, isPostgres, nowIso } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("service_catalogues").addColumn("content_language", "text", (c) => c.notNull().defaultTo("de")).execute();
  await db.schema
    .createTable("catalogue_languages")
    .addColumn("catalogue_id", "integer", (c) => c.notNull().references("service_catalogues.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("catalogue_languages_pkey", ["catalogue_id", "language"])
    .execute();
  await db.schema
    .createTable("content_translations")
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "integer", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("source_hash", "text", (c) => c.notNull())
    .addColumn("source_value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addPrimaryKeyConstraint("content_translations_pkey", ["subject_type", "subject_id", "field", "language"])
    .execute();
  await index(db, "content_translations", ["language", "subject_type"]);
  // A text's hash as the translations store it (first 32 hex digits of SHA-256 of its UTF-8), so
  // the coverage report compares in SQL; SQLite gets the same function on every connection.
  if (isPostgres(db)) {
    await sql`
      create or replace function source_hash(value text) returns text as $$
        select substr(encode(sha256(convert_to(coalesce(value, ''), 'UTF8')), 'hex'), 1, 32)
      $$ language sql immutable
    `.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`drop function if exists source_hash(text)`.execute(db);
  await db.schema.dropTable("content_translations").execute();
  await db.schema.dropTable("catalogue_languages").execute();
  await db.schema.alterTable("service_catalogues").dropColumn("content_language").execute();
}
