import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { addMonthsIso } from "~/lib/months";
import type { Database } from "./schema";

export type DB = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

const DEFAULT_SQLITE_FILE = "data/servicehub.db";

export function dialectOf(url: string | undefined): Dialect {
  return url && /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

/** `file:path` or a bare path; unset → data/servicehub.db. `:memory:` is allowed for tests. */
export function sqlitePath(url: string | undefined): string {
  if (!url) return DEFAULT_SQLITE_FILE;
  const p = url.startsWith("file:") ? url.slice("file:".length) : url;
  return p || DEFAULT_SQLITE_FILE;
}

/**
 * Kysely prepares every query afresh; on SQLite that compiling was ~2 % of a list page's server
 * time (docs/benchmarks.md). The app issues a few hundred distinct statements (values are bound
 * parameters), so prepared statements are kept by their SQL text. Nothing iterates a statement
 * (no `.stream()`), which better-sqlite3 would refuse to share; SQLite re-prepares a kept
 * statement itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= 1000) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

export function createDb(url: string | undefined = process.env.DATABASE_URL): DB {
  if (dialectOf(url) === "postgres") {
    // Postgres returns bigint/numeric as strings by default; our ids and counts fit in JS numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle pooled connection that the server ends (restart, failover, a dropped database)
    // emits "error" on the pool; without a listener Node treats it as fatal and the process dies.
    // The pool has already discarded that client, so the next query simply opens a new one.
    pool.on("error", (error) => console.error(`[db] idle Postgres connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = sqlitePath(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // SQLite's lower() folds ASCII only ("Ü" stays "Ü"); case-insensitive search and name checks
  // use this Unicode-aware one. The built-in stays untouched because indexes are built on it.
  sqlite.function("unicode_lower", { deterministic: true }, (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));
  // The review cadence's next date (issue 36 §1); Postgres has the same function from migration 0027.
  sqlite.function("add_months", { deterministic: true }, (base: unknown, months: unknown) =>
    typeof base === "string" && (typeof months === "number" || typeof months === "bigint") ? addMonthsRemembered(base, Number(months)) : null,
  );
  // A translation's source hash (issue 37): Postgres has the same function from migration 0034.
  sqlite.function("source_hash", { deterministic: true }, (value: unknown) => crypto.createHash("sha256").update(typeof value === "string" ? value : "").digest("hex").slice(0, 32));
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const monthsAdded = new Map<string, string | null>();
const MAX_MONTHS_ADDED = 100_000;

/**
 * add_months for SQLite, remembered: "My work" and the review filters compute it for every
 * service a user is responsible for on every request, always for the same (date, interval) pairs,
 * and building three Dates per call was half the time of that list (docs/benchmarks.md).
 */
function addMonthsRemembered(base: string, months: number): string | null {
  const key = `${base}|${months}`;
  let next = monthsAdded.get(key);
  if (next === undefined) {
    next = addMonthsIso(base, months);
    if (monthsAdded.size >= MAX_MONTHS_ADDED) monthsAdded.clear();
    monthsAdded.set(key, next);
  }
  return next;
}

// One handle per process; kept on globalThis so dev-server reloads do not open new pools.
const globalForDb = globalThis as unknown as { __servicehubDb?: DB };

export function getDb(): DB {
  globalForDb.__servicehubDb ??= createDb();
  return globalForDb.__servicehubDb;
}
