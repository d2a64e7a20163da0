import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/server/env.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML version beside the text (already safe: sanitised or escaped by the caller). */
  html?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe for notification mails). */
  headers?: Record<string, string>;
}

let transport: Transporter | null | undefined;

/**
 * Keeps SMTP connections open for the next mail (unless SMTP_URL says `pool=false`): the weekly
 * digest sends a thousand mails in a row, and a new connection per mail cost 146 ms against 45 ms
 * (measured on loopback, docs/benchmarks.md).
 */
function pooled(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has("pool")) parsed.searchParams.set("pool", "true");
  return parsed.toString();
}

function getTransport(): Transporter | null {
  if (transport === undefined) {
    const url = env().SMTP_URL;
    transport = url ? nodemailer.createTransport(pooled(url)) : null;
  }
  return transport;
}

/** The one way the app sends mail: SMTP when SMTP_URL is set, otherwise the server log (development). */
export async function sendMail(mail: Mail): Promise<void> {
  const t = getTransport();
  if (!t) {
    console.info(`[mail] to=${mail.to}${mail.replyTo ? ` reply-to=${mail.replyTo}` : ""} subject=${JSON.stringify(mail.subject)}\n${mail.text}`);
    return;
  }
  await t.sendMail({ from: env().MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo, headers: mail.headers });
}
