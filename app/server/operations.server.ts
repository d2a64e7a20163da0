import { sql } from "kysely";
import { getDb } from "~/server/db/db.server";

/**
 * What server.mjs asks of the app besides rendering (issue 21 §7). Exported from
 * entry.server.tsx, so the production server reaches the same database handle and module state
 * as the request handler (one bundle, one instance).
 */

type DbHolder = { __servicehubDb?: { destroy(): Promise<void> } };

/** A trivial query on this process's database handle; false when it fails. */
export async function databaseReachable(): Promise<boolean> {
  try {
    await sql`select 1`.execute(getDb());
    return true;
  } catch (error) {
    console.error(`[healthz] database check failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** Closes the database handle at shutdown (the pool's connections, SQLite's file and WAL). */
export async function closeDatabase(): Promise<void> {
  const holder = globalThis as unknown as DbHolder;
  const db = holder.__servicehubDb;
  if (!db) return;
  holder.__servicehubDb = undefined;
  await db.destroy();
}

type UserListener = (requestId: string, userId: number) => void;
let userListener: UserListener | null = null;

/** server.mjs listens here to put the signed-in user's id in its request log line. */
export function onRequestUser(listener: UserListener | null): void {
  userListener = listener;
}

/** Called once a request's session is resolved to a user. */
export function noteRequestUser(request: Request, userId: number): void {
  const requestId = request.headers.get("x-request-id");
  if (userListener && requestId) userListener(requestId, userId);
}
