import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18next.server";
import { requireUser } from "~/modules/access/session.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse } from "~/server/form.server";
import { refusal } from "~/server/refusal.server";
import { readFormData } from "~/server/request-body.server";
import { returnPath } from "~/server/return-to.server";
import { DEFAULT_DELIVERY, NOTIFICATION_PREFS_PATH, type NotificationPrefs } from "./notifications";
import { NotificationPrefsSchema } from "./prefs-schema";
import { readPrefs, readUnsubscribeToken, savePrefs } from "./prefs.server";

/** /settings/notifications — the user's delivery per kind (issue 36 §5); everyone has their own. */
export async function notificationPrefsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { prefs: await readPrefs(getDb(), user.id) };
}

/** Saves the choices, and the language the user reads now as the language of their mails. */
export async function notificationPrefsAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, NotificationPrefsSchema);
  if (submission.status !== "success") return refuse(submission, { form: "validation.invalidChoice" });
  const changed = await savePrefs(getDb(), user.id, submission.value as Partial<NotificationPrefs>, await getLanguage(request), user);
  return redirectWithFlash(request, returnPath(request, NOTIFICATION_PREFS_PATH), changed ? { kind: "success", message: "settings.saved" } : { kind: "info", message: "notifications.prefs.unchanged" });
}

/**
 * /unsubscribe/:token — the link of a notification mail: works without signing in (the token is
 * signed). The page asks for one click; a POST (that button, or the mail client's one-click
 * unsubscribe of RFC 8058) switches the kind to "in the app only". A visit alone changes nothing,
 * so a mail scanner that follows links unsubscribes nobody.
 */
export async function unsubscribeLoader({ params }: LoaderFunctionArgs) {
  const target = readUnsubscribeToken(params.token ?? "");
  if (!target) throw refusal(404);
  const prefs = await readPrefs(getDb(), target.userId);
  return { kind: target.kind, done: prefs[target.kind] === DEFAULT_DELIVERY };
}

export async function unsubscribeAction({ request, params }: ActionFunctionArgs) {
  const target = readUnsubscribeToken(params.token ?? "");
  if (!target) throw refusal(404);
  await readFormData(request);
  const db = getDb();
  const exists = await db.selectFrom("users").select("id").where("id", "=", target.userId).executeTakeFirst();
  if (!exists) throw refusal(404);
  await savePrefs(db, target.userId, { [target.kind]: DEFAULT_DELIVERY }, null, null);
  return { kind: target.kind, done: true };
}

export type UnsubscribeData = Awaited<ReturnType<typeof unsubscribeLoader>>;
