import { sql, type Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { ROLES } from "~/modules/access/roles";
import { roleHasPermission } from "~/modules/access/policy";
import { responsibleUsersSql } from "~/modules/service/responsible.server";
import { nowIso } from "~/lib/time";
import type { Causer, Executor } from "~/server/audit.server";
import { afterCommit } from "~/server/db-helpers.server";
import { DEFAULT_DELIVERY, NOTIFICATIONS_PAGE_SIZE, type NotificationKind, type NotificationRow } from "./notifications";
import { deliveriesFor } from "./prefs.server";

/**
 * Who is told what (issue 36 §5): a service sent to review → everyone who may approve it; approved
 * or sent back → its last editor and its responsible people. Never the person who acted. Written
 * in the transaction of the change, so a refused change tells nobody.
 */
export async function notifyStatusChange(trx: Executor, service: { id: number; updated_by: number | null }, from: string, to: string, actor: Causer) {
  let kind: NotificationKind | null = null;
  if (to === "checking" && from !== "checking") kind = "review_requested";
  else if (to === "closed" && from !== "closed") kind = "approved";
  else if (from === "checking" && to === "open") kind = "sent_back";
  if (!kind) return;
  let recipients: number[];
  if (kind === "review_requested") {
    // Approving is for those who manage the structure, in every category (decision 0014).
    const approvers = ROLES.filter((role) => roleHasPermission(role, "manage:structure"));
    recipients = (await trx.selectFrom("users").select("id").where("role", "in", approvers).execute()).map((u) => u.id);
  } else {
    const responsible = await sql<{ user_id: number }>`select x.user_id from ${responsibleUsersSql} x where x.service_id = ${service.id}`.execute(trx);
    recipients = [...responsible.rows.map((r) => r.user_id), ...(service.updated_by !== null ? [service.updated_by] : [])];
  }
  await notify(trx, { kind, serviceId: service.id, actor, recipients });
}

/**
 * Writes one notification per recipient (never the actor), each with the delivery its recipient
 * chose for the kind; mails wanted at once go out after the transaction commits (the outbox,
 * delivery.server.ts), so a refused change mails nobody.
 */
export async function notify(trx: Executor, event: { kind: NotificationKind; serviceId: number; actor: Causer | null; recipients: number[] }) {
  const unique = [...new Set(event.recipients)].filter((id) => id !== event.actor?.id);
  if (!unique.length) return;
  const deliveries = await deliveriesFor(trx, unique, event.kind);
  const at = nowIso();
  await trx
    .insertInto("notifications")
    .values(unique.map((user_id) => ({ user_id, kind: event.kind, service_id: event.serviceId, actor_name: event.actor?.name ?? null, created_at: at, delivery: deliveries.get(user_id) ?? DEFAULT_DELIVERY })))
    .execute();
  const sender = mailSender;
  if (sender && unique.some((id) => deliveries.get(id) === "mail")) afterCommit(trx, (db) => void sender(db).catch((error) => console.error("[mail] notifications:", error)));
}

/*
 * Who sends waiting mails at once: delivery.server.ts registers itself when loaded (the server
 * loads it with the schedule). Not imported from here, so every page that shows the bell does not
 * carry the mail texts; without a sender, the next scheduled run sends them.
 */
let mailSender: ((db: Kysely<Database>) => Promise<unknown>) | null = null;
export function registerMailSender(sender: typeof mailSender): void {
  mailSender = sender;
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom("notifications").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).where("read_at", "is", null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's notifications, newest first, a page at a time. */
export async function listNotifications(db: Executor, userId: number, page = 1): Promise<{ rows: NotificationRow[]; total: number; page: number; pageCount: number }> {
  const count = await db.selectFrom("notifications").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .selectFrom("notifications as n")
    .leftJoin("services as s", "s.id", "n.service_id")
    .select(["n.id", "n.kind", "n.service_id", "s.name as service_name", "n.actor_name", "n.created_at", "n.read_at"])
    .where("n.user_id", "=", userId)
    .orderBy("n.id", "desc")
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .offset((current - 1) * NOTIFICATIONS_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((r) => ({ id: r.id, kind: r.kind as NotificationKind, serviceId: r.service_id, serviceName: r.service_name, actorName: r.actor_name, createdAt: r.created_at, readAt: r.read_at })),
    total,
    page: current,
    pageCount,
  };
}

/** Marks one of the user's notifications read (another user's id changes nothing). */
export async function markRead(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db.updateTable("notifications").set({ read_at: nowIso() }).where("id", "=", id).where("user_id", "=", userId).where("read_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAllRead(db: Executor, userId: number): Promise<number> {
  const result = await db.updateTable("notifications").set({ read_at: nowIso() }).where("user_id", "=", userId).where("read_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
