/**
 * Column helpers shared by the migrations. They exist so that one migration set creates the same
 * logical schema on SQLite and Postgres (DESIGN.md, principle 4):
 *
 * - ids: Postgres `serial primary key`, SQLite `integer primary key autoincrement`;
 * - timestamps: `text` holding ISO-8601 UTC strings (`2026-01-31T12:00:00.000Z`, the format of
 *   `new Date().toISOString()`), with a database default in exactly that format, so both databases
 *   return the same strings and inserts may omit them;
 * - booleans: `integer` 0/1 with a CHECK;
 * - JSON: `text`;
 * - pictures: base64 `text` plus a `*_mime` text column (portable; no bytea/blob difference);
 * - money: amounts that are numbers (service option costs) are `double precision` (a JS number on
 *   both databases; Postgres `real` would be float4 and lose cents). Free-form cost descriptions on a
 *   service (`services.costs`, e.g. "49,00 € pro Monat") are `text`.
 *
 * This file lives in `migrations/lib/` because the migration provider imports every top-level file
 * of `migrations/` as a migration. Like the migrations, it is frozen once released: change behaviour
 * by adding a new helper, not by editing one that an applied migration used.
 */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;

export function isPostgres(db: AnyDb): boolean {
  const adapter = db.getExecutor().adapter;
  // The name check covers a second copy of kysely loaded by a different module loader.
  return adapter instanceof PostgresAdapter || adapter.constructor?.name === "PostgresAdapter";
}

/** The current time as an ISO-8601 UTC string with milliseconds, computed by the database. */
export function nowIso(db: AnyDb): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** Auto-incrementing integer primary key named `id`. */
export function id(db: AnyDb, t: Table): Table {
  return isPostgres(db)
    ? t.addColumn("id", "serial", (c) => c.primaryKey())
    : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** `created_at` and `updated_at`, ISO text, not null, defaulting to now. */
export function timestamps(db: AnyDb, t: Table): Table {
  return t
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowIso(db)));
}

/** A single ISO timestamp column, not null, defaulting to now. */
export function timestamp(db: AnyDb, t: Table, name: string): Table {
  return t.addColumn(name, "text", (c) => c.notNull().defaultTo(nowIso(db)));
}

/** Boolean stored as integer 0/1, not null, with a default and a CHECK. */
export function flag(t: Table, name: string, defaultValue: 0 | 1 = 0): Table {
  return t.addColumn(name, "integer", (c) =>
    c.notNull().defaultTo(defaultValue).check(sql`${sql.ref(name)} in (0, 1)`),
  );
}

/** Nullable text columns (plain text, HTML or JSON). */
export function texts(t: Table, ...names: string[]): Table {
  return names.reduce((acc, name) => acc.addColumn(name, "text"), t);
}

/** Base64 picture plus its MIME type, both nullable: `<name>` and `<name>_mime`. */
export function picture(t: Table, name = "picture"): Table {
  return t.addColumn(name, "text").addColumn(`${name}_mime`, "text");
}

/** `position integer not null default 0`. */
export function position(t: Table, name = "position"): Table {
  return t.addColumn(name, "integer", (c) => c.notNull().defaultTo(0));
}

/** Nullable integer foreign key. */
export function optionalRef(t: Table, name: string, target: string, onDelete: "set null" | "cascade" = "set null"): Table {
  return t.addColumn(name, "integer", (c) => c.references(target).onDelete(onDelete));
}

/** Not-null integer foreign key (cascade by default: the row belongs to its parent). */
export function requiredRef(t: Table, name: string, target: string, onDelete: "cascade" | "restrict" = "cascade"): Table {
  return t.addColumn(name, "integer", (c) => c.notNull().references(target).onDelete(onDelete));
}

/** Plain index. */
export async function index(db: AnyDb, table: string, columns: string[], name = `${table}_${columns.join("_")}_idx`) {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Case-insensitive unique index on `lower(column)`. */
export async function uniqueLower(db: AnyDb, table: string, column: string) {
  await db.schema
    .createIndex(`${table}_${column}_lower_unique`)
    .on(table)
    .unique()
    .expression(sql`lower(${sql.ref(column)})`)
    .execute();
}
