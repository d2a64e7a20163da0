import type { TFunction } from "i18next";
import { i18nInstance } from "~/i18n/i18next.server";
import { formatDateTime } from "~/lib/dates";
import { MINUTE } from "~/lib/time";
import type { Executor } from "~/server/audit.server";
import { appOrigin } from "~/server/env.server";
import { sendMail, type Mail } from "~/server/mailer.server";
import { isNotificationKind, notificationTarget, type NotificationKind } from "./notifications";
import { registerMailSender } from "./notifications.server";
import { unsubscribeToken } from "./prefs.server";

/**
 * Mails of notifications (issue 36 §5–§6, decision 0079). Notifications whose recipient wants a
 * mail at once are an outbox: a sender claims a batch with a lease (an UPDATE … RETURNING, so two
 * servers never claim one row), sends, and marks each sent. A sender that dies leaves its lease
 * to run out; the next run (any server) takes the rows over.
 */
export const MAIL_LEASE_MS = 5 * MINUTE;
const BATCH = 50;

interface MailedNotification {
  id: number;
  kind: string;
  service_id: number | null;
  service_name: string | null;
  actor_name: string | null;
  created_at: string;
  user_id: number;
  email: string;
  name: string;
  mail_language: string | null;
  /** What the recipient wants for this kind now (null: in the app only): an unsubscribe after the event counts. */
  wanted: string | null;
}

async function tFor(language: string | null): Promise<TFunction> {
  const lng = language === "en" ? "en" : "de";
  return (await i18nInstance(lng)).getFixedT(lng, "common");
}

function sentence(t: TFunction, row: MailedNotification): string {
  return t(`notifications.kinds.${row.kind}`, { service: row.service_name ?? t("notifications.goneService"), actor: row.actor_name ?? t("notifications.someone") });
}

function link(row: MailedNotification): string {
  const target = isNotificationKind(row.kind) ? notificationTarget(row.kind, row.service_id) : null;
  return `${appOrigin()}${target ?? "/notifications"}`;
}

export function unsubscribeUrl(userId: number, kind: NotificationKind): string {
  return `${appOrigin()}/unsubscribe/${unsubscribeToken(userId, kind)}`;
}

/** RFC 8058: a mail client may unsubscribe with one POST to the link, without a page. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The mail of one notification, in its recipient's language. */
export async function notificationMail(row: MailedNotification): Promise<Mail> {
  const t = await tFor(row.mail_language);
  const kind = row.kind as NotificationKind;
  const unsubscribe = unsubscribeUrl(row.user_id, kind);
  return {
    to: row.email,
    subject: t(`notifications.mail.subjects.${kind}`, { service: row.service_name ?? t("notifications.goneService") }),
    text: t("notifications.mail.body", { name: row.name, text: sentence(t, row), link: link(row), kindName: t(`notifications.prefs.kinds.${kind}`), unsubscribe }),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** The weekly digest of one user: every collected notification, oldest first. */
export async function digestMail(rows: MailedNotification[]): Promise<Mail> {
  const first = rows[0];
  const lng = first.mail_language === "en" ? "en" : "de";
  const t = await tFor(lng);
  const kinds = [...new Set(rows.map((r) => r.kind))].filter(isNotificationKind);
  const lines = rows.map((row) => t("notifications.mail.digestLine", { when: formatDateTime(row.created_at, lng), text: sentence(t, row), link: link(row) })).join("\n");
  const unsubscribes = kinds.map((kind) => t("notifications.mail.digestUnsubscribe", { kindName: t(`notifications.prefs.kinds.${kind}`), unsubscribe: unsubscribeUrl(first.user_id, kind) })).join("\n");
  return {
    to: first.email,
    subject: t("notifications.mail.digestSubject", { count: rows.length }),
    text: t("notifications.mail.digestBody", { name: first.name, lines, unsubscribes }),
    // One kind: its link is the header's; several: the page that changes them all.
    headers: kinds.length === 1 ? unsubscribeHeaders(unsubscribeUrl(first.user_id, kinds[0])) : undefined,
  };
}

/** The notifications (with recipient and service) of `ids`, oldest first. */
export async function mailedNotifications(db: Executor, ids: number[]): Promise<MailedNotification[]> {
  if (!ids.length) return [];
  return db
    .selectFrom("notifications as n")
    .innerJoin("users as u", "u.id", "n.user_id")
    .leftJoin("services as s", "s.id", "n.service_id")
    .leftJoin("notification_prefs as p", (join) => join.onRef("p.user_id", "=", "n.user_id").onRef("p.kind", "=", "n.kind"))
    .select(["n.id", "n.kind", "n.service_id", "s.name as service_name", "n.actor_name", "n.created_at", "n.user_id", "u.email", "u.name", "u.mail_language", "p.delivery as wanted"])
    .where("n.id", "in", ids)
    .orderBy("n.id")
    .execute();
}

/** Claims up to a batch of unsent mails-at-once for this sender; none that another sender holds. */
async function claimMails(db: Executor, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + MAIL_LEASE_MS).toISOString();
  const rows = await db
    .updateTable("notifications")
    .set({ mail_claimed_until: until })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("notifications")
        .select("id")
        .where("delivery", "=", "mail")
        .where("mailed_at", "is", null)
        .where((w) => w.or([w("mail_claimed_until", "is", null), w("mail_claimed_until", "<", at)]))
        .orderBy("id")
        .limit(BATCH),
    )
    // Checked again on the row itself: Postgres re-reads a row another sender changed meanwhile.
    .where("mailed_at", "is", null)
    .where((w) => w.or([w("mail_claimed_until", "is", null), w("mail_claimed_until", "<", at)]))
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Sends every waiting mail-at-once; returns how many went out. A failed send ends the run (the next retries). */
export async function deliverPendingMails(db: Executor, now: () => Date = () => new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const ids = await claimMails(db, now());
    if (!ids.length) return sent;
    for (const row of await mailedNotifications(db, ids)) {
      if (row.wanted !== "mail") {
        // Switched off since: no mail; the notification follows the new choice.
        await db.updateTable("notifications").set({ delivery: row.wanted ?? "inapp", mail_claimed_until: null }).where("id", "=", row.id).execute();
        continue;
      }
      await sendMail(await notificationMail(row));
      await db.updateTable("notifications").set({ mailed_at: now().toISOString() }).where("id", "=", row.id).execute();
      sent++;
    }
  }
}

registerMailSender((db) => deliverPendingMails(db));
