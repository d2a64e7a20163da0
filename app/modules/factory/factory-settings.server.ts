import { z } from "zod";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { getSetting } from "~/server/settings.server";
import { createFactoryClient, FACTORY_TEST_TIMEOUT_MS, factoryBase, type ClientOptions, type FactoryConnection } from "./factory-client.server";

/**
 * The template server's address and key (issue 18 §2), one row of the settings store. The key
 * must be kept in clear — it is sent with every call — but it never travels back to a browser:
 * screens and the audit trail see its first characters only (`keyHint`).
 */
export const FACTORY_SETTING_KEY = "factory_connection";

const StoredSchema = z.object({ url: z.string().min(1), key: z.string().min(1), release: z.number().int().positive().nullish() });

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
  /** The release imported from (issue 35 §8); null: the approved services now. */
  release: number | null;
}

export async function factoryConnectionInfo(db: Executor): Promise<FactoryConnectionInfo | null> {
  const row = await db.selectFrom("settings").select("updated_at").where("key", "=", FACTORY_SETTING_KEY).executeTakeFirst();
  const connection = await getFactoryConnection(db);
  return connection ? { url: connection.url, keyHint: keyHint(connection.key), updatedAt: row?.updated_at ?? null, release: connection.release ?? null } : null;
}

/** A form's connection, or the field error (i18n key) that refuses it. */
export type FormConnection = { connection: FactoryConnection } | { keyError: string };

/**
 * The connection a form names: its key, or — key field left empty — the stored key, but only
 * for the stored address: the key must never go to an address it was not saved for
 * (issue 31 §6), so a new address needs the key typed again.
 */
export async function connectionFromForm(db: Executor, url: string, key: string | null | undefined): Promise<FormConnection> {
  const base = factoryBase(url);
  const typed = key?.trim();
  if (typed) return { connection: { url: base, key: typed } };
  const stored = await getFactoryConnection(db);
  if (!stored) return { keyError: "factory.settings.keyRequired" };
  if (factoryBase(stored.url) !== base) return { keyError: "factory.settings.keyForNewUrl" };
  return { connection: stored };
}

/** What a connection test found; `ok: false` says nothing more (one message for every failure). */
export type TestOutcome = { ok: true; catalogues: number; services: number } | { ok: false };

/**
 * Tries a connection with `GET /api/servicecatalog` and records the attempt — address, key hint,
 * outcome — as an audit activity whether it worked or not: a test sends the key out, so who sent
 * it where is on record (issue 31 §6).
 */
export async function testFactoryConnection(db: Executor, connection: FactoryConnection, causer: Causer, options: ClientOptions = {}): Promise<TestOutcome> {
  let outcome: TestOutcome;
  try {
    const catalogues = await createFactoryClient(connection, { timeoutMs: FACTORY_TEST_TIMEOUT_MS, ...options }).catalogues();
    outcome = { ok: true, catalogues: catalogues.length, services: catalogues.reduce((sum, c) => sum + c.services_count, 0) };
  } catch (error) {
    console.error("[factory] connection test:", error instanceof Error ? error.message : error);
    outcome = { ok: false };
  }
  await recordActivity(db, {
    subjectType: "setting",
    subjectId: FACTORY_SETTING_KEY,
    event: "connection_tested",
    causer,
    newValues: { url: connection.url, key: keyHint(connection.key), result: outcome.ok ? "ok" : "failed" },
  });
  return outcome;
}

/** Stores the connection; a release only when one is chosen (none: the approved services now). */
async function writeConnection(db: Executor, { url, key, release }: FactoryConnection) {
  const json = JSON.stringify(release ? { url, key, release } : { url, key });
  await db
    .insertInto("settings")
    .values({ key: FACTORY_SETTING_KEY, value: json, updated_at: nowIso() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: nowIso() }))
    .execute();
}

/** Stores address and key (the chosen release stays for the same server); audited with the key's hint only. */
export async function saveFactoryConnection(db: Executor, connection: FactoryConnection, causer: Causer): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await getFactoryConnection(trx);
    // A release belongs to its server: another address starts with its approved services again.
    const release = before && factoryBase(before.url) === factoryBase(connection.url) ? (before.release ?? null) : null;
    const value = { url: factoryBase(connection.url), key: connection.key, release };
    await writeConnection(trx, value);
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

/**
 * What the import reads from the template server (issue 35 §8): one of its releases, or (null) its
 * approved services now. False when there is no connection or nothing changes.
 */
export async function setFactorySource(db: Executor, release: number | null, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getFactoryConnection(trx);
    if (!before || (before.release ?? null) === release) return false;
    await writeConnection(trx, { ...before, release });
    await recordActivity(trx, { subjectType: "setting", subjectId: FACTORY_SETTING_KEY, event: "updated", causer, oldValues: { release: before.release ?? null }, newValues: { release } });
    return true;
  });
}

/** How long the settings page waits for the template server's releases: it must not hang on a server that does not answer. */
const RELEASES_TIMEOUT_MS = 2_000;

/** The template server's published releases to choose from; null when it cannot say (unreachable, an older version). */
export async function templateReleases(connection: FactoryConnection, options: ClientOptions = {}) {
  try {
    return await createFactoryClient(connection, { timeoutMs: RELEASES_TIMEOUT_MS, ...options }).releases();
  } catch (error) {
    console.error("[factory] releases:", error instanceof Error ? error.message : error);
    return null;
  }
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
