import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { requireUser } from "~/modules/access/session.server";
import { getT } from "~/i18n/i18next.server";
import { getDb } from "~/server/db/db.server";
import { appOrigin, env } from "~/server/env.server";
import { redirectWithFlash } from "~/server/flash.server";
import { answerDomainError, parseForm, refuse } from "~/server/form.server";
import { sendMail } from "~/server/mailer.server";
import { returnPath } from "~/server/return-to.server";
import { SupportSchema } from "./support-schema";
import { listTickets, submitTicket } from "./support.server";
import { refusal } from "~/server/refusal.server";

/** Where the form returns when it was not opened from a page. */
const HOME = "/dashboard";

/** /support — the support form as a page (without JS; with JS the top bar opens it as a dialog). Everyone signed in. */
export async function supportLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { back: returnPath(request, HOME) };
}

/**
 * Stores and mails a ticket, then returns to the page it was written on with the spec's success
 * toast: once stored, the ticket is received (issue 32 §1). Whether the mail went out is the
 * superadmins' concern — their list shows it — not a reason for the sender to write again.
 */
export async function supportAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, SupportSchema);
  if (submission.status !== "success") return refuse(submission);
  const t = await getT(request);
  // The instance's public name, never the request's Host header: a client chooses that freely.
  const host = new URL(appOrigin()).hostname;
  try {
    await submitTicket(getDb(), user, { message: submission.value.message, host }, {
      to: env().SUPPORT_EMAIL,
      send: sendMail,
      intro: (ticket) => t("support.mailIntro", { name: ticket.user_name, email: ticket.user_email, host, interpolation: { escapeValue: false } }),
    });
  } catch (error) {
    return answerDomainError(error, submission, { stale: "" });
  }
  const to = returnPath(request, HOME);
  return redirectWithFlash(request, to, { kind: "success", message: "support.sent" });
}

/** Superadmins only: an organisation-wide screen, a permission of the access policy (manage:organisation). */
function requireSuperadmin(request: Request) {
  return requirePermission(request, "manage:organisation");
}

function pageOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page") ?? "";
  return /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
}

/** /admin/supporttickets — the stored tickets, newest first, 25 a page; and whether they are mailed at all. */
export async function ticketsLoader({ request }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  return { ...(await listTickets(getDb(), pageOf(request))), mailConfigured: Boolean(env().SUPPORT_EMAIL) };
}

/** The list is read-only: a POST is refused like any other (403 for everyone else), else 405. */
export async function ticketsAction({ request }: ActionFunctionArgs): Promise<never> {
  await requireSuperadmin(request);
  throw refusal(405);
}
