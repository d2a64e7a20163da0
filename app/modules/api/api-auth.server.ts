import { sql } from "kysely";
import { activeApiKeyId } from "~/modules/settings/api-keys.server";
import type { Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { env } from "~/server/env.server";

/** The header other instances (the template import) send the key in. */
export const API_KEY_HEADER = "X-Api-Key";

const json = (body: unknown, status: number, headers: Record<string, string> = {}) => Response.json(body, { status, headers });

/** The minute a request falls in, as the rate limit's window (ISO, UTC). */
export const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();

/**
 * Counts a request against the key's limit for this minute; true while within it. The count is one
 * upsert in the database, so the limit holds across several app servers.
 */
export async function withinRateLimit(db: Executor, keyId: number, now = new Date(), limit = env().API_RATE_LIMIT): Promise<boolean> {
  const window = windowStart(now);
  const row = await db
    .insertInto("api_request_counts")
    .values({ key_id: keyId, window_start: window, count: 1 })
    .onConflict((oc) => oc.columns(["key_id", "window_start"]).doUpdateSet({ count: sql`api_request_counts.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  // The first request of a window clears the key's older windows.
  if (count === 1) await db.deleteFrom("api_request_counts").where("key_id", "=", keyId).where("window_start", "<", window).execute();
  return count <= limit;
}

/**
 * The catalogue API's guard: the active key from the Api-Key settings (checked against its stored
 * hash) and its rate limit. A missing, wrong or rotated-away key gets 401 and no data; too many
 * requests 429 with Retry-After — both as JSON, like every API answer.
 */
export async function requireApiKey(request: Request): Promise<void> {
  const keyId = await activeApiKeyId(getDb(), request.headers.get(API_KEY_HEADER));
  if (keyId === null) throw json({ message: "Unauthenticated." }, 401, { "WWW-Authenticate": `ApiKey header="${API_KEY_HEADER}"` });
  if (!(await withinRateLimit(getDb(), keyId))) throw json({ message: "Too Many Attempts." }, 429, { "Retry-After": String(60 - new Date().getUTCSeconds()) });
}
