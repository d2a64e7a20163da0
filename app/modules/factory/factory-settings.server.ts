import { z } from "zod";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { getSetting } from "~/server/settings.server";
import { factoryBase, type FactoryConnection } from "./factory-client.server";

/**
 * The template server's address and key (issue 18 §2), one row of the settings store. The key
 * must be kept in clear — it is sent with every call — but it never travels back to a browser:
 * screens and the audit trail see its first characters only (`keyHint`).
 */
export const FACTORY_SETTING_KEY = "factory_connection";

const StoredSchema = z.object({ url: z.string().min(1), key: z.string().min(1) });

/** The stored connection, or null when none is set (or the row is unreadable). */
export async function getFactoryConnection(db: Executor): Promise<FactoryConnection | null> {
  const parsed = StoredSchema.safeParse(await getSetting(db, FACTORY_SETTING_KEY));
  return parsed.success ? parsed.data : null;
}

/** What a screen may show of a key: its first 8 characters. */
export function keyHint(key: string): string {
  return key.length <= 8 ? "…" : `${key.slice(0, 8)}…`;
}

/** The connection as the settings panel shows it. */
export interface FactoryConnectionInfo {
  url: string;
  keyHint: string;
  updatedAt: string | null;
}

export async function factoryConnectionInfo(db: Executor): Promise<FactoryConnectionInfo | null> {
  const row = await db.selectFrom("settings").select("updated_at").where("key", "=", FACTORY_SETTING_KEY).executeTakeFirst();
  const connection = await getFactoryConnection(db);
  return connection ? { url: connection.url, keyHint: keyHint(connection.key), updatedAt: row?.updated_at ?? null } : null;
}

/** The connection a form names: its key, or the stored one when the key field was left empty. */
export async function connectionFromForm(db: Executor, url: string, key: string | null | undefined): Promise<FactoryConnection | null> {
  const stored = await getFactoryConnection(db);
  const chosen = key?.trim() || stored?.key;
  return chosen ? { url: factoryBase(url), key: chosen } : null;
}

/** Stores address and key; audited with the key's hint only. */
export async function saveFactoryConnection(db: Executor, connection: FactoryConnection, causer: Causer): Promise<void> {
  const value = { url: factoryBase(connection.url), key: connection.key };
  const json = JSON.stringify(value);
  await inTransaction(db, async (trx) => {
    const before = await getFactoryConnection(trx);
    await trx
      .insertInto("settings")
      .values({ key: FACTORY_SETTING_KEY, value: json, updated_at: nowIso() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: nowIso() }))
      .execute();
    await recordActivity(trx, {
      subjectType: "setting",
      subjectId: FACTORY_SETTING_KEY,
      event: "updated",
      causer,
      oldValues: before ? { url: before.url, key: keyHint(before.key) } : null,
      newValues: { url: value.url, key: keyHint(value.key) },
    });
  });
}

/** Forgets the connection (the factory screens then ask for one). */
export async function removeFactoryConnection(db: Executor, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getFactoryConnection(trx);
    if (!before) return false;
    await trx.deleteFrom("settings").where("key", "=", FACTORY_SETTING_KEY).execute();
    await recordActivity(trx, {
      subjectType: "setting",
      subjectId: FACTORY_SETTING_KEY,
      event: "deleted",
      causer,
      oldValues: { url: before.url, key: keyHint(before.key) },
    });
    return true;
  });
}
