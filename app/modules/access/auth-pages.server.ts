import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { getT } from "~/i18n/i18next.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { inTransaction } from "~/server/db-helpers.server";
import { getDb } from "~/server/db/db.server";
import { appOrigin } from "~/server/env.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse } from "~/server/form.server";
import { sendMail } from "~/server/mailer.server";
import { LoginError, authenticator, clientIp } from "./authenticator.server";
import { azureMode, mayChangePassword } from "./azure-config.server";
import { rememberDevice } from "./known-device.server";
import { admitResetRequest } from "./login-attempt.server";
import { createPasswordResetToken, findValidResetToken, resetPasswordWithToken } from "./password-reset.server";
import { ChangePasswordSchema, LoginSchema, ResetPasswordSchema, ResetRequestSchema } from "./schemas";
import { endUserSession, getSessionId, getUser, requireUser, startUserSession } from "./session.server";
import { azureLogoutUrl } from "./azure.server";
import { changePassword } from "./user.server";
import { refusal } from "~/server/refusal.server";

/** /login — a signed-in visitor goes straight to the dashboard. */
export async function loginLoader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/dashboard");
  return { azureMode: azureMode() };
}

export async function loginAction({ request }: ActionFunctionArgs) {
  // The strategy reads the body again, so the form is validated on a copy.
  const { submission } = await parseForm(request.clone(), LoginSchema);
  if (submission.status !== "success") return refuse(submission);
  // Signing in while signed in (another tab, another account) is a new sign-in: the new
  // credentials win and startUserSession ends the old session.
  try {
    const user = await authenticator.authenticate("form", request);
    const response = await startUserSession(request, user, safeRedirectPath(submission.value.redirectTo));
    // From now on this browser is a known device for the account (decision 0046).
    response.headers.append("Set-Cookie", await rememberDevice(request, user.id));
    return response;
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const reply = refuse(submission, { form: error.formError }, error.status);
    if (error.retryAfterSeconds) reply.init = { ...reply.init, headers: { "Retry-After": String(error.retryAfterSeconds) } };
    return reply;
  }
}

/** A page answer takes only cookies from the action unless the route says more: a throttled try keeps its Retry-After. */
export const loginHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** /reset-password — asks for a reset mail. */
export async function resetRequestAction({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, ResetRequestSchema);
  if (submission.status !== "success") return refuse(submission);
  const { email } = submission.value;
  const db = getDb();
  const admitted = await admitResetRequest(db, email, clientIp(request));
  if (admitted === "refused") return refuse(submission, { form: "errors.tooManyRequests" }, 429);
  // Past the address's hourly mails: the same neutral answer, no new token, no mail.
  const reset = admitted === "mail" ? await inTransaction(db, (trx) => createPasswordResetToken(trx, email)) : undefined;
  if (reset) {
    const t = await getT(request);
    const link = `${appOrigin()}/reset-password/${reset.token}`;
    await sendMail({ to: reset.user.email, subject: t("auth.resetMailSubject"), text: t("auth.resetMailBody", { name: reset.user.name, link }) });
  }
  // The same answer whether or not the account exists, so the form cannot be used to find accounts.
  return { sent: true as const };
}

/** /reset-password/:token — sets a new password with a mailed token. */
export async function resetPasswordLoader({ params }: LoaderFunctionArgs) {
  const valid = Boolean(params.token && (await findValidResetToken(getDb(), params.token)));
  return { valid };
}

export async function resetPasswordAction({ request, params }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, ResetPasswordSchema);
  if (submission.status !== "success") return refuse(submission);
  const { password } = submission.value;
  const ok = await inTransaction(getDb(), (trx) => resetPasswordWithToken(trx, params.token ?? "", password));
  if (!ok) return data({ invalid: true as const }, { status: 400 });
  return redirectWithFlash(request, "/login", { kind: "success", message: "auth.resetDone" });
}

/** /settings/password — accounts from the identity provider have no local password (spec 01 §2). */
export async function changePasswordLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!mayChangePassword(user)) throw refusal(404);
  return null;
}

export async function changePasswordAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!mayChangePassword(user)) throw refusal(403);
  const { submission } = await parseForm(request, ChangePasswordSchema);
  if (submission.status !== "success") return refuse(submission);
  const { old_password, new_password, redirectTo } = submission.value;
  const sessionId = await getSessionId(request);
  const ok = await inTransaction(getDb(), (trx) => changePassword(trx, user, old_password, new_password, sessionId));
  if (!ok) return refuse(submission, { fields: { old_password: "auth.oldPasswordWrong" } });
  return redirectWithFlash(request, safeRedirectPath(redirectTo, "/settings"), { kind: "success", message: "auth.passwordChanged" });
}

/**
 * POST /logout — ends the session. An SSO user in Azure mode goes on to Entra ID's front-channel
 * logout, which returns to /login (a full page load); everyone else lands on /login at once.
 */
export async function logoutAction({ request }: ActionFunctionArgs) {
  const user = await getUser(request);
  const clear = await endUserSession(request);
  const idpLogout = user?.azureUser ? await azureLogoutUrl(`${appOrigin()}/login`) : null;
  if (idpLogout) return redirect(idpLogout, { headers: { "Set-Cookie": clear } });
  return redirectWithFlash(request, "/login", { kind: "info", message: "auth.loggedOut" }, { headers: { "Set-Cookie": clear } });
}
