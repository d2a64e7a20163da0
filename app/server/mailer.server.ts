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

function getTransport(): Transporter | null {
  if (transport === undefined) {
    const url = env().SMTP_URL;
    transport = url ? nodemailer.createTransport(url) : null;
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
