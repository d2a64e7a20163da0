import { sql } from "kysely";
import type { Executor } from "~/server/audit.server";
import { isPostgresDb } from "~/server/db-helpers.server";

/**
 * A per-process memo for the reports page (docs/decisions/0035-sla-and-reports.md). Completeness
 * and staleness need every service row (≈ 9 KB of HTML each), about 0.1–0.3 s at 10k services;
 * the page must stay under 300 ms at 10 connections. A result is reused only while the database
 * is provably unchanged, by a stamp that any committed write moves:
 *
 * - SQLite: `total_changes()` (rows this connection changed) with `PRAGMA data_version` (moves
 *   when another connection — another server process, a script — committed);
 * - Postgres: the WAL position `pg_current_wal_lsn()` (moves with every write in the cluster, so
 *   it errs towards recomputing).
 *
 * Without a stamp (an error reading it) nothing is cached. Requests with the same key and stamp
 * share one computation.
 */

const MAX_ENTRIES = 64;

interface Entry {
  stamp: string;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

export async function dataStamp(db: Executor): Promise<string | null> {
  try {
    if (isPostgresDb(db)) {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db);
      return rows[0] ? `pg:${rows[0].lsn}` : null;
    }
    const { rows } = await sql<{ changes: number; version: number }>`select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(db);
    return rows[0] ? `sqlite:${rows[0].changes}:${rows[0].version}` : null;
  } catch {
    return null;
  }
}

/** `compute()` for this key, or its result from an earlier call if the database has not changed since. */
export async function memoized<T>(db: Executor, key: string, compute: () => Promise<T>): Promise<T> {
  const stamp = await dataStamp(db);
  if (stamp === null) return compute();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) {
    // Most recently used last: the oldest entry is the first to go.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  cache.set(key, { stamp, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
