import crypto from "node:crypto";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";

/**
 * The organisation's API key (issue 16 §3, decision 0025): one active key; a new one revokes the
 * old at once. Only its SHA-256 is stored — the full key is shown once, when it is made — plus a
 * prefix that names it afterwards.
 */
const KEY_PREFIX = "shk_";
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;

const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

export interface ApiKeyInfo {
  prefix: string;
  createdAt: string;
}

export async function currentApiKey(db: Executor): Promise<ApiKeyInfo | null> {
  const row = await db.selectFrom("api_keys").select(["prefix", "created_at"]).where("revoked_at", "is", null).orderBy("id", "desc").executeTakeFirst();
  return row ? { prefix: row.prefix, createdAt: row.created_at } : null;
}

/** Makes a new key, revokes the previous one in the same transaction, and returns the new key in full. */
export async function rotateApiKey(db: Executor, causer: Causer): Promise<string> {
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
  await inTransaction(db, async (trx) => {
    const previous = await currentApiKey(trx);
    const now = nowIso();
    await trx.updateTable("api_keys").set({ revoked_at: now }).where("revoked_at", "is", null).execute();
    await trx.insertInto("api_keys").values({ prefix, key_hash: hashKey(key), created_by: causer.id, created_at: now }).execute();
    await recordActivity(trx, {
      subjectType: "api_key",
      subjectId: prefix,
      event: previous ? "api_key_rotated" : "api_key_created",
      causer,
      oldValues: previous ? { prefix: previous.prefix } : null,
      newValues: { prefix },
    });
  });
  return key;
}

/** The id of the active key a request presents (the API's X-Api-Key header), or null. */
export async function activeApiKeyId(db: Executor, presented: string | null | undefined): Promise<number | null> {
  if (!presented || !presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
  const row = await db.selectFrom("api_keys").select("id").where("key_hash", "=", hashKey(presented)).where("revoked_at", "is", null).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Whether a presented key is the active one. */
export async function isActiveApiKey(db: Executor, presented: string | null | undefined): Promise<boolean> {
  return (await activeApiKeyId(db, presented)) !== null;
}
