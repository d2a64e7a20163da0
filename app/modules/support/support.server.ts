import { nowIso } from "~/lib/time";
import { recordActivity, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { ValidationError } from "~/server/errors.server";
import type { Mail } from "~/server/mailer.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { asRichText, hasText, richTextToMailText, supportSubject } from "./support-mail";

/**
 * Support tickets (issue 16 §6): stored first (who, when, host, sanitised message), then mailed to
 * SUPPORT_EMAIL. A ticket whose mail failed stays stored with the reason, so nothing a user wrote
 * is lost and superadmins see it in /admin/supporttickets.
 */

export const TICKETS_PAGE_SIZE = 25;

/** Longest mail error kept (an SMTP answer can quote a whole transcript). */
const MAIL_ERROR_MAX = 1000;

export interface Sender {
  id: number;
  name: string;
  email: string;
}

export interface TicketInput {
  /** As posted: HTML from the editor, or plain text from the textarea without JS. */
  message: string;
  /** The instance's host name (from APP_URL, never the request's Host header). */
  host: string;
}

/** Stores a ticket with its audit activity; an empty message (also once sanitised) is refused beside the field. */
export async function createTicket(db: Executor, sender: Sender, input: TicketInput) {
  const message = sanitizeRichText(asRichText(input.message));
  if (!hasText(message)) throw new ValidationError({ message: "support.messageEmpty" });
  const subject = supportSubject(input.host);
  return inTransaction(db, async (trx) => {
    const ticket = await trx
      .insertInto("support_tickets")
      .values({ user_id: sender.id, user_name: sender.name, user_email: sender.email, host: input.host, subject, message, status: "open" })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "support_ticket", subjectId: ticket.id, event: "created", causer: sender, newValues: { subject, host: input.host } });
    return ticket;
  });
}

type StoredTicket = Awaited<ReturnType<typeof createTicket>>;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The mail to support: the spec's subject, a line saying who sent it from where, the message as text and HTML; replies go to the sender. */
export function ticketMail(ticket: StoredTicket, to: string, intro: string): Mail {
  return {
    to,
    subject: ticket.subject,
    replyTo: ticket.user_email ?? undefined,
    text: `${intro}\n\n${richTextToMailText(ticket.message)}\n`,
    // The message is sanitised already; only our own line needs escaping.
    html: `<p>${escapeHtml(intro)}</p><hr>${ticket.message}`,
  };
}

export interface MailDeps {
  /** SUPPORT_EMAIL; unset → the ticket is only stored ('unaddressed'): admins read it in their list. */
  to: string | undefined;
  send: (mail: Mail) => Promise<void>;
  /** "Support ticket from {name} <{email}> on {host}" in the sender's language. */
  intro: (ticket: StoredTicket) => string;
}

/**
 * Stores the ticket, then mails it; the mail's outcome is written to the ticket. Without a support
 * address there is nothing to try: the ticket is 'unaddressed' (issue 32 §1 — received all the same).
 */
export async function submitTicket(db: Executor, sender: Sender, input: TicketInput, deps: MailDeps) {
  const ticket = await createTicket(db, sender, input);
  if (!deps.to) {
    await db.updateTable("support_tickets").set({ status: "unaddressed", updated_at: nowIso() }).where("id", "=", ticket.id).execute();
    return { id: ticket.id, mailed: false };
  }
  // Outside the transaction: the ticket is kept whatever the mail server does, and no write waits on SMTP.
  let error: string | null = null;
  try {
    await deps.send(ticketMail(ticket, deps.to, deps.intro(ticket)));
  } catch (cause) {
    error = (cause instanceof Error ? cause.message : String(cause)).slice(0, MAIL_ERROR_MAX) || "unknown error";
    console.error(`support ticket ${ticket.id} not mailed: ${error}`);
  }
  const now = nowIso();
  await db
    .updateTable("support_tickets")
    .set(error ? { status: "failed", mail_error: error, updated_at: now } : { status: "sent", sent_at: now, updated_at: now })
    .where("id", "=", ticket.id)
    .execute();
  return { id: ticket.id, mailed: error === null };
}

/** One page of tickets, newest first, for superadmins. */
export async function listTickets(db: Executor, requestedPage: number) {
  const { count } = await db
    .selectFrom("support_tickets")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const tickets = await db
    .selectFrom("support_tickets")
    .select(["id", "user_id", "user_name", "user_email", "host", "subject", "message", "status", "sent_at", "mail_error", "created_at"])
    .orderBy("id", "desc")
    .limit(TICKETS_PAGE_SIZE)
    .offset((page - 1) * TICKETS_PAGE_SIZE)
    .execute();
  return { tickets, page, pageCount, total };
}

export type TicketRow = Awaited<ReturnType<typeof listTickets>>["tickets"][number];
