import { sql } from "kysely";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction, nextTimestamp } from "~/server/db-helpers.server";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { nowIso } from "~/lib/time";
import { localMessageKey, type PatchNote, type SystemMessage } from "./rules";

/**
 * Patch notes and system messages of this instance (issue 16 §7): what superadmins maintain in
 * /admin/systeminfo, what the shell shows, and what /api/* serves to other instances. Every write
 * is audited; HTML is sanitised here, whoever calls.
 */

export interface PatchNoteValues {
  headline: string;
  version: string;
  /** As entered, "2026-11-20 10:00". */
  patch_date: string;
  text: string;
}

export interface SystemMessageValues {
  headline: string;
  text: string;
  /** ISO UTC, or null: kept but never shown. */
  expiration_date: string | null;
}

/** A system message as /api/latest-message answers it. */
export interface PublicSystemMessage {
  id: number;
  headline: string;
  text: string;
  expiration_date: string;
}

const NOTE_COLUMNS = ["id", "headline", "text", "version", "patch_date"] as const;

const toNote = (row: { id: number; headline: string; text: string | null; version: string | null; patch_date: string | null }): PatchNote => ({
  id: row.id,
  headline: row.headline,
  text: row.text ?? "",
  version: row.version,
  patch_date: row.patch_date,
});

// ------------------------------------------------------------------------------------ patch notes

/** Newest first: by patch_date (none last, on both databases), then the later id. */
function newestNotes(db: Executor) {
  return db.selectFrom("patch_notes").orderBy(sql`patch_date is null`).orderBy("patch_date", "desc").orderBy("id", "desc");
}

export async function listPatchNotes(db: Executor): Promise<PatchNote[]> {
  return (await newestNotes(db).select(NOTE_COLUMNS).execute()).map(toNote);
}

export async function latestPatchNote(db: Executor): Promise<PatchNote | null> {
  const row = await newestNotes(db).select(NOTE_COLUMNS).limit(1).executeTakeFirst();
  return row ? toNote(row) : null;
}

export async function getPatchNote(db: Executor, id: number) {
  const row = await db.selectFrom("patch_notes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("patch note");
  return row;
}

const clean = (values: PatchNoteValues) => ({ ...values, text: sanitizeRichText(values.text) });

export async function createPatchNote(db: Executor, values: PatchNoteValues, causer: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = clean(values);
    const now = nowIso();
    const { id } = await trx.insertInto("patch_notes").values({ ...row, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "patch_note", subjectId: id, event: "created", causer, newValues: row, description: row.headline });
    return id;
  });
}

/** Saves a note loaded at `expectedUpdatedAt`; false when nothing changed. */
export async function updatePatchNote(db: Executor, id: number, values: PatchNoteValues, expectedUpdatedAt: string, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getPatchNote(trx, id);
    if (before.updated_at !== expectedUpdatedAt) throw new StaleRecordError(before, []);
    const after = clean(values);
    const changed = changes({ headline: before.headline, version: before.version, patch_date: before.patch_date, text: before.text ?? "" }, after);
    if (!changed) return false;
    await trx.updateTable("patch_notes").set({ ...after, updated_at: nextTimestamp(before.updated_at) }).where("id", "=", id).execute();
    await recordActivity(trx, { subjectType: "patch_note", subjectId: id, event: "updated", causer, ...changed, description: after.headline });
    return true;
  });
}

export async function deletePatchNote(db: Executor, id: number, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const before = await getPatchNote(trx, id);
    await trx.deleteFrom("patch_notes").where("id", "=", id).execute();
    const { headline, version, patch_date, text } = before;
    await recordActivity(trx, { subjectType: "patch_note", subjectId: id, event: "deleted", causer, oldValues: { headline, version, patch_date, text }, description: headline });
    return before;
  });
}

// -------------------------------------------------------------------------------- system messages

export async function listSystemMessages(db: Executor) {
  return db.selectFrom("system_messages").select(["id", "headline", "text", "expiration_date", "updated_at"]).orderBy("id", "desc").execute();
}

export async function getSystemMessage(db: Executor, id: number) {
  const row = await db.selectFrom("system_messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("system message");
  return row;
}

/** The newest message whose expiration date is set and not passed (spec 01 §5), or null. */
export async function latestActiveMessage(db: Executor, now: Date = new Date()): Promise<PublicSystemMessage | null> {
  const row = await db
    .selectFrom("system_messages")
    .select(["id", "headline", "text", "expiration_date"])
    .where("expiration_date", "is not", null)
    .where("expiration_date", ">=", now.toISOString())
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, headline: row.headline, text: row.text ?? "", expiration_date: row.expiration_date! } : null;
}

/**
 * The current message if this user has not read it yet: one query over the expiration index and
 * the reads' primary key, for every page the shell renders.
 */
export async function unreadLocalMessage(db: Executor, userId: number, now: Date = new Date()): Promise<SystemMessage | null> {
  const row = await db
    .selectFrom("system_messages as m")
    .select(["m.id", "m.headline", "m.text"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("system_message_reads as r")
            .select("r.user_id")
            .where("r.user_id", "=", userId)
            .whereRef("r.message_key", "=", sql<string>`'local:' || m.id`),
        )
        .as("read"),
    )
    .where("m.expiration_date", "is not", null)
    .where("m.expiration_date", ">=", now.toISOString())
    .orderBy("m.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row || Number(row.read)) return null;
  return { key: localMessageKey(row.id), headline: row.headline, text: row.text ?? "" };
}

export async function hasReadMessage(db: Executor, userId: number, key: string): Promise<boolean> {
  const row = await db.selectFrom("system_message_reads").select("user_id").where("user_id", "=", userId).where("message_key", "=", key).executeTakeFirst();
  return Boolean(row);
}

/** Records that the user has seen the message (OK in its dialog); a second OK changes nothing. */
export async function markMessageRead(db: Executor, userId: number, key: string): Promise<void> {
  await db
    .insertInto("system_message_reads")
    .values({ user_id: userId, message_key: key, read_at: nowIso() })
    .onConflict((oc) => oc.columns(["user_id", "message_key"]).doNothing())
    .execute();
}

const cleanMessage = (values: SystemMessageValues) => ({ ...values, text: sanitizeRichText(values.text) });

export async function createSystemMessage(db: Executor, values: SystemMessageValues, causer: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = cleanMessage(values);
    const now = nowIso();
    const { id } = await trx.insertInto("system_messages").values({ ...row, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "system_message", subjectId: id, event: "created", causer, newValues: row, description: row.headline });
    return id;
  });
}

export async function updateSystemMessage(db: Executor, id: number, values: SystemMessageValues, expectedUpdatedAt: string, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getSystemMessage(trx, id);
    if (before.updated_at !== expectedUpdatedAt) throw new StaleRecordError(before, []);
    const after = cleanMessage(values);
    const changed = changes({ headline: before.headline, text: before.text ?? "", expiration_date: before.expiration_date }, after);
    if (!changed) return false;
    await trx.updateTable("system_messages").set({ ...after, updated_at: nextTimestamp(before.updated_at) }).where("id", "=", id).execute();
    await recordActivity(trx, { subjectType: "system_message", subjectId: id, event: "updated", causer, ...changed, description: after.headline });
    return true;
  });
}

/** Deletes a message; its read receipts go too (they would never match again). */
export async function deleteSystemMessage(db: Executor, id: number, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const before = await getSystemMessage(trx, id);
    await trx.deleteFrom("system_messages").where("id", "=", id).execute();
    await trx.deleteFrom("system_message_reads").where("message_key", "=", localMessageKey(id)).execute();
    const { headline, text, expiration_date } = before;
    await recordActivity(trx, { subjectType: "system_message", subjectId: id, event: "deleted", causer, oldValues: { headline, text, expiration_date }, description: headline });
    return before;
  });
}

/** The fields that differ, as the audit's old and new values; null when none does. */
function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  if (!keys.length) return null;
  return { oldValues: Object.fromEntries(keys.map((k) => [k, before[k]])), newValues: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}
