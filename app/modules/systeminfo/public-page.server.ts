import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { version } from "../../../package.json";
import { requireUser } from "~/modules/access/session.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { getDb } from "~/server/db/db.server";
import { parseForm } from "~/server/form.server";
import { currentMessageKey, shownPatchNotes } from "./feed.server";
import { ReadMessageSchema } from "./systeminfo-schema";
import { latestActiveMessage, latestPatchNote, listPatchNotes, markMessageRead } from "./systeminfo.server";
import { refusal } from "~/server/refusal.server";

/**
 * The signed-in side of issue 16 §7 — /patch-notes (the dialog as a page without JS, and the
 * data of the dialog a fetcher loads with JS), the OK of the system-message dialog, the shell's
 * message — and the public JSON endpoints other instances read when this one is their system host.
 */

/** /patch-notes?n=2&redirectTo=/x — every note (the dialog pages through them), which one (n counts from 1) and where OK returns. */
export async function patchNotesLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const notes = await shownPatchNotes(getDb());
  const n = Number(params.get("n"));
  const index = Number.isSafeInteger(n) && n >= 1 ? Math.min(n, Math.max(notes.length, 1)) - 1 : 0;
  return { notes, index, back: safeRedirectPath(params.get("redirectTo")) };
}

/**
 * POST /system-message/read — OK in the system-message dialog: records that this user has seen
 * the current message (once; only the message the dialog shows now) and returns to the page.
 */
export async function readMessageAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, ReadMessageSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const db = getDb();
  if (submission.value.key === (await currentMessageKey(db))) await markMessageRead(db, user.id, submission.value.key);
  return redirect(safeRedirectPath(submission.value.redirectTo));
}

/** GET /system-message/read has nothing to show. */
export function readMessageLoader() {
  return redirect("/dashboard");
}

// ----------------------------------------------------------------------- JSON for other instances

/** GET /api/latest-version — this app's version and its newest patch note (or null). */
export async function latestVersionApi() {
  return Response.json({ version, patch: await latestPatchNote(getDb()) });
}

/** GET /api/latest-message — the newest message whose expiration date is set and not passed; 404 when there is none. */
export async function latestMessageApi() {
  const message = await latestActiveMessage(getDb());
  return message ? Response.json(message) : Response.json({ error: "No current system message" }, { status: 404 });
}

/** Any other method than GET on the endpoints: they only read. */
export function readOnlyApi() {
  return refusal(405, { allow: "GET, HEAD" });
}

/** GET /api/patch-notes — every patch note, newest first. */
export async function patchNotesApi() {
  return Response.json(await listPatchNotes(getDb()));
}
