import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/modules/access/session.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { dispatchIntent, refuseForm, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { idField } from "~/ui/form/fields";
import { NOTIFICATIONS_PATH } from "./notifications";
import { listNotifications, markAllRead, markRead } from "./notifications.server";

/** /notifications — the signed-in user's notifications, newest first (issue 36 §5). Everyone has their own. */
export async function notificationsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = Math.max(1, Math.min(1_000_000, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1)));
  return listNotifications(getDb(), user.id, page);
}

export type NotificationsData = Awaited<ReturnType<typeof notificationsLoader>>;

const ReadSchema = z.object({ id: idField() });

/** Mark one read (only one's own: another user's id changes nothing) or all. */
export async function notificationsAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const back = `${NOTIFICATIONS_PATH}${new URL(request.url).search}`;
  return dispatchIntent(form.get("intent"), {
    read: async () => {
      const submission = validateForm(form, ReadSchema);
      // Only a forged or broken form sends no id: refused, nothing changed.
      if (submission.status !== "success") return refuseForm({ form: "validation.invalidChoice" }, 400);
      // Says what happened: an already read (or another user's) notification is not "marked" now.
      const marked = await markRead(getDb(), user.id, submission.value.id);
      return redirectWithFlash(request, back, marked ? { kind: "success", message: "notifications.markedRead" } : { kind: "info", message: "notifications.alreadyRead" });
    },
    allRead: async () => {
      await markAllRead(getDb(), user.id);
      return redirectWithFlash(request, NOTIFICATIONS_PATH, { kind: "success", message: "notifications.markedAllRead" });
    },
  });
}
