import crypto from "node:crypto";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { sessionSecrets } from "~/server/env.server";
import { inTransaction } from "~/server/db-helpers.server";
import { DEFAULT_DELIVERY, NOTIFICATION_KINDS, isDelivery, isNotificationKind, type Delivery, type NotificationKind, type NotificationPrefs } from "./notifications";

/**
 * Each user's choice per notification kind (issue 36 §5, decision 0079): in the app only, a mail
 * at once, or the weekly digest. No row means in the app only.
 */
export async function readPrefs(db: Executor, userId: number): Promise<NotificationPrefs> {
  const rows = await db.selectFrom("notification_prefs").select(["kind", "delivery"]).where("user_id", "=", userId).execute();
  const prefs = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, DEFAULT_DELIVERY])) as NotificationPrefs;
  for (const row of rows) if (isNotificationKind(row.kind) && isDelivery(row.delivery)) prefs[row.kind] = row.delivery;
  return prefs;
}

/** The delivery each of `userIds` chose for `kind` (absent: in the app only). */
export async function deliveriesFor(db: Executor, userIds: number[], kind: NotificationKind): Promise<Map<number, Delivery>> {
  if (!userIds.length) return new Map();
  const rows = await db.selectFrom("notification_prefs").select(["user_id", "delivery"]).where("kind", "=", kind).where("user_id", "in", userIds).execute();
  return new Map(rows.filter((r) => isDelivery(r.delivery)).map((r) => [r.user_id, r.delivery as Delivery]));
}

/**
 * Stores the user's choices (the kinds given) and the language their mails are written in; an
 * activity on the account names what changed. Returns whether anything did.
 */
export async function savePrefs(db: Executor, userId: number, wanted: Partial<NotificationPrefs>, language: string | null, causer: Causer | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await readPrefs(trx, userId);
    const changed = Object.fromEntries(Object.entries(wanted).filter(([kind, delivery]) => before[kind as NotificationKind] !== delivery)) as Partial<NotificationPrefs>;
    if (language !== null) await trx.updateTable("users").set({ mail_language: language }).where("id", "=", userId).execute();
    const kinds = Object.keys(changed) as NotificationKind[];
    if (!kinds.length) return false;
    await trx.deleteFrom("notification_prefs").where("user_id", "=", userId).where("kind", "in", kinds).execute();
    await trx
      .insertInto("notification_prefs")
      .values(kinds.map((kind) => ({ user_id: userId, kind, delivery: changed[kind] as Delivery })))
      .execute();
    await recordActivity(trx, {
      subjectType: "user",
      subjectId: userId,
      event: "notification_prefs",
      causer,
      oldValues: Object.fromEntries(kinds.map((kind) => [kind, before[kind]])),
      newValues: changed,
    });
    return true;
  });
}

/*
 * The unsubscribe link of a mail: the account and kind, signed with the session secret, so it
 * works without signing in and cannot be forged for someone else. Any current secret verifies
 * (rotation keeps old links working while the old secret is listed).
 */
const sign = (secret: string, userId: number, kind: string) => crypto.createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");

export function unsubscribeToken(userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${sign(sessionSecrets()[0], userId, kind)}`;
}

export function readUnsubscribeToken(token: string): { userId: number; kind: NotificationKind } | null {
  const [id, kind, signature, ...rest] = token.split(".");
  if (rest.length || !id || !/^\d{1,12}$/.test(id) || !isNotificationKind(kind) || !signature) return null;
  const userId = Number(id);
  const given = Buffer.from(signature);
  const valid = sessionSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, userId, kind));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  return valid ? { userId, kind } : null;
}
