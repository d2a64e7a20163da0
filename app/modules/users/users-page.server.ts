import type { LoaderFunctionArgs } from "@remix-run/node";
import { INVITATION_TTL_MS, createPasswordResetToken } from "~/modules/access/password-reset.server";
import { assignableRoles, mayManageAccount, roleHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { forbid } from "~/modules/access/session.server";
import { getT } from "~/i18n/i18next.server";
import { getDb } from "~/server/db/db.server";
import { inTransaction } from "~/server/db-helpers.server";
import { appOrigin } from "~/server/env.server";
import { ValidationError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, parseForm, refuse, refuseForm } from "~/server/form.server";
import { sendMail } from "~/server/mailer.server";
import { SETTING_KEYS, getLocalLoginEnabled, putSetting } from "~/server/settings.server";
import { azureMode } from "~/modules/access/azure-config.server";
import { z } from "zod";
import { createAccount, deleteAccount, findAccount, listUsers, updateAccount } from "./users.server";
import { parseUserListQuery, userListHref } from "./users-query";
import { EditUserSchema, NewUserSchema } from "./users-schema";
import { refusal } from "~/server/refusal.server";
import { idOr404 } from "~/server/ids.server";

/**
 * Loaders and actions of /admin/usermanagement and its dialogs (new, edit, delete). The dialogs
 * carry the list's search in their own URL, so closing or saving returns to the same page of the list.
 */

const requireUserAdmin = (request: Request) => requirePermission(request, "manage:users");

/** The list the dialog was opened from (rebuilt from parsed values, so never an outside URL). */
const listOf = (request: Request) => userListHref(parseUserListQuery(new URL(request.url).searchParams));

async function accountOr404(raw: string | undefined) {
  const id = idOr404(raw);
  try {
    return await findAccount(getDb(), id);
  } catch (error) {
    commonRefusal(error, { stale: "" });
    throw error;
  }
}

export async function usersLoader({ request }: LoaderFunctionArgs) {
  const me = await requireUserAdmin(request);
  const query = parseUserListQuery(new URL(request.url).searchParams);
  const db = getDb();
  // Only in Azure mode, and only a superadmin (who can always still sign in) may switch password sign-in off.
  const localLogin = azureMode() && roleHasPermission(me, "manage:organisation") ? await getLocalLoginEnabled(db) : null;
  const list = await listUsers(db, query);
  // Rows the viewer may not touch (a superadmin, for a keysuperuser) show no edit or delete link.
  const items = list.items.map((item) => ({ ...item, manageable: mayManageAccount(me, item.role) }));
  return { ...list, items, query, meId: me.id, localLogin };
}

const LocalLoginSchema = z.object({ intent: z.literal("local-login"), enabled: z.enum(["true", "false"]) });

/** The list's own form: whether local accounts may still sign in with a password in Azure mode. */
export async function usersAction({ request }: LoaderFunctionArgs) {
  const me = await requireUserAdmin(request);
  if (!roleHasPermission(me, "manage:organisation") || !azureMode()) throw refusal(403);
  const { submission } = await parseForm(request, LocalLoginSchema);
  if (submission.status !== "success") return refuse(submission);
  const enabled = submission.value.enabled === "true";
  await inTransaction(getDb(), (trx) => putSetting(trx, SETTING_KEYS.localLogin, enabled, me));
  return redirectWithFlash(request, listOf(request), { kind: "success", message: enabled ? "users.localLoginOn" : "users.localLoginOff" });
}

export async function newUserLoader({ request }: LoaderFunctionArgs) {
  const me = await requireUserAdmin(request);
  return { back: listOf(request), roles: assignableRoles(me) };
}

/** The account of a dialog: 404 when unknown, and refused (issue 31 §1) when the viewer may not manage it. */
async function manageableAccountOr404(request: Request, raw: string | undefined, me: { role: string }) {
  const account = await accountOr404(raw);
  if (!mayManageAccount(me, account.role)) forbid(request);
  return account;
}

/** Creates the account; with "invitation" it mails a link to choose a password (the reset-token flow, valid 7 days). */
export async function newUserAction({ request }: LoaderFunctionArgs) {
  const causer = await requireUserAdmin(request);
  const { submission } = await parseForm(request, NewUserSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  // A role the picker does not offer is a forged request: 403 before anything is written.
  if (!mayManageAccount(causer, input.role)) forbid(request);
  const db = getDb();
  let invitation: { token: string } | undefined;
  try {
    invitation = await inTransaction(db, async (trx) => {
      await createAccount(trx, { name: input.name, email: input.email, role: input.role, password: input.access === "password" ? (input.password ?? "") : null }, causer);
      return input.access === "invite" ? createPasswordResetToken(trx, input.email, { ttlMs: INVITATION_TTL_MS, event: "invited" }) : undefined;
    });
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "" });
    if (!refusal) throw error;
    return refuse(submission, refusal.errors, refusal.status);
  }
  if (invitation) {
    const t = await getT(request);
    try {
      const link = `${appOrigin()}/reset-password/${invitation.token}`;
      await sendMail({ to: input.email, subject: t("users.inviteMailSubject"), text: t("users.inviteMailBody", { name: input.name, inviter: causer.name, link }) });
    } catch (error) {
      // The account exists; the admin can send a new link with "reset password" from the login page.
      console.error(error);
      return redirectWithFlash(request, listOf(request), { kind: "error", message: "users.inviteFailed", values: { email: input.email } });
    }
  }
  const message = invitation ? "users.invited" : "users.created";
  return redirectWithFlash(request, listOf(request), { kind: "success", message, values: { name: input.name, email: input.email } });
}

export async function editUserLoader({ request, params }: LoaderFunctionArgs) {
  const me = await requireUserAdmin(request);
  const user = await manageableAccountOr404(request, params.id, me);
  return { user: { id: user.id, name: user.name, email: user.email, role: user.role, azureUser: user.azure_user === 1 }, isSelf: me.id === user.id, back: listOf(request), roles: assignableRoles(me) };
}

/** Name, e-mail, role. A refused role change also says the spec's "Failed to update user role.". */
export async function editUserAction({ request, params }: LoaderFunctionArgs) {
  const causer = await requireUserAdmin(request);
  const { id } = await manageableAccountOr404(request, params.id, causer);
  const { submission } = await parseForm(request, EditUserSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const result = await updateAccount(getDb(), id, submission.value, causer);
    const message = result.sessionsEnded ? "users.updatedSignedOut" : "users.updated";
    return redirectWithFlash(request, listOf(request), { kind: "success", message, values: { name: submission.value.name } });
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "" });
    if (!refusal) {
      console.error(error);
      return refuse(submission, { form: "users.roleUpdateFailed" }, 500);
    }
    if (error instanceof ValidationError && error.errors.role) refusal.errors.form = "users.roleUpdateFailed";
    return refuse(submission, refusal.errors, refusal.status);
  }
}

export async function deleteUserLoader({ request, params }: LoaderFunctionArgs) {
  const me = await requireUserAdmin(request);
  const user = await manageableAccountOr404(request, params.id, me);
  return { user: { id: user.id, name: user.name, email: user.email, role: user.role }, isSelf: me.id === user.id, back: listOf(request) };
}

export async function deleteUserAction({ request, params }: LoaderFunctionArgs) {
  const causer = await requireUserAdmin(request);
  const { id } = await manageableAccountOr404(request, params.id, causer);
  try {
    const deleted = await deleteAccount(getDb(), id, causer);
    return redirectWithFlash(request, listOf(request), { kind: "success", message: "users.deleted", values: { name: deleted.name } });
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "" });
    if (!refusal) throw error;
    return refuseForm(refusal.errors, refusal.status);
  }
}
