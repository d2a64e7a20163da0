import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { Executor } from "./audit.server";

/** Runs `fn` in a transaction, joining the caller's if there already is one. */
export function inTransaction<T>(db: Executor, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  return (db as Kysely<Database>).transaction().execute(fn);
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match that behaves the same on SQLite and Postgres. */
export function containsIgnoreCase(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(term)} escape '\\'`;
}

/** A timestamp strictly after `previous`, so two saves in one millisecond still differ (stale-form detection). */
export function nextTimestamp(previous: string | null | undefined): string {
  const now = Date.now();
  const prev = previous ? Date.parse(previous) : NaN;
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}
