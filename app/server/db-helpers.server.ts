import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import type { Executor } from "./audit.server";

/** Conflicts that a second try resolves: SQLite busy, Postgres deadlock or serialization failure. */
function isRetryable(error: unknown): boolean {
  const code = error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "40P01" || code === "40001");
}

const BUSY_RETRIES = 50;

type AfterCommit = (db: Kysely<Database>) => void;
const pending = new WeakMap<Transaction<Database>, AfterCommit[]>();

/**
 * Runs `callback` once the transaction `db` belongs to has committed (at once outside one), with
 * the database handle it ran on: work outside the database (a mail) must not start for a change
 * that may still roll back. A rolled back transaction drops its callbacks.
 */
export function afterCommit(db: Executor, callback: AfterCommit): void {
  const callbacks = db.isTransaction ? pending.get(db as Transaction<Database>) : undefined;
  if (callbacks) callbacks.push(callback);
  else if (!db.isTransaction) callback(db as Kysely<Database>);
  // A transaction not opened by inTransaction (none should exist) leaves the work to the next scheduled run.
}

/**
 * Runs `fn` in a transaction, joining the caller's if there already is one. On SQLite a
 * transaction that read first and then wants to write fails at once with SQLITE_BUSY when another
 * connection (a second process, a script) is writing; busy_timeout does not cover that upgrade.
 * The whole transaction is retried after a short pause, so it then sees the other's commit;
 * the same for a Postgres deadlock or serialization failure, where the database chose a victim.
 */
export async function inTransaction<T>(db: Executor, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  for (let attempt = 0; ; attempt++) {
    const callbacks: AfterCommit[] = [];
    try {
      // eslint-disable-next-line no-restricted-syntax -- the one place that opens transactions
      const result = await (db as Kysely<Database>).transaction().execute((trx) => {
        pending.set(trx, callbacks);
        return fn(trx);
      });
      for (const callback of callbacks) callback(db as Kysely<Database>);
      return result;
    } catch (error) {
      if (!isRetryable(error) || attempt >= BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
    }
  }
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Unicode-aware lower case on both databases (SQLite's built-in lower() folds ASCII only). */
export function foldCase(db: Executor, expression: RawBuilder<unknown> | ReturnType<typeof sql.ref>): RawBuilder<string> {
  return isPostgresDb(db) ? sql<string>`lower(${expression})` : sql<string>`unicode_lower(${expression})`;
}

/** Case-insensitive substring match that behaves the same on SQLite and Postgres, umlauts included. */
export function containsIgnoreCase(db: Executor, column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`${foldCase(db, sql.ref(column))} like ${likePattern(term)} escape '\\'`;
}

/** A timestamp strictly after `previous`, so two saves in one millisecond still differ (stale-form detection). */
export function nextTimestamp(previous: string | null | undefined): string {
  const now = Date.now();
  const prev = previous ? Date.parse(previous) : NaN;
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}

/** The dialect of this handle (not of the environment: tests pass their own databases). */
export function isPostgresDb(db: Executor): boolean {
  const adapter = db.getExecutor().adapter;
  return adapter instanceof PostgresAdapter || adapter.constructor?.name === "PostgresAdapter";
}
