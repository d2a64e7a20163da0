import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, parseForm, refuse, refuseForm } from "~/server/form.server";
import { formVersion } from "~/server/request-body.server";
import { berlinLocalToIso, isMessageActive, isoToBerlinLocal, patchDateInput, patchDateOf } from "./rules";
import { systemHost } from "./remote.server";
import { PatchNoteSchema, SystemMessageSchema } from "./systeminfo-schema";
import {
  createPatchNote,
  createSystemMessage,
  deletePatchNote,
  deleteSystemMessage,
  getPatchNote,
  getSystemMessage,
  listPatchNotes,
  listSystemMessages,
  updatePatchNote,
  updateSystemMessage,
} from "./systeminfo.server";
import { idOr404 } from "~/server/ids.server";

/**
 * Loaders and actions of /admin/systeminfo (patch notes and system messages) and its dialogs.
 * Superadmins only (manage:organisation), refused like support tickets and credit administration.
 */

export const SYSTEMINFO_PATH = "/admin/systeminfo";
const STALE = { stale: "systeminfo.errors.stale" };

/** An organisation-wide screen: the access policy's manage:organisation (superadmins). */
function requireSuperadmin(request: Request) {
  return requirePermission(request, "manage:organisation");
}

async function or404<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    commonRefusal(error, STALE);
    throw error;
  }
}

/** Runs a write; a domain refusal (not found, stale) is answered in the form, with the values kept. */
async function attempt(submission: Parameters<typeof refuse>[0], write: () => Promise<unknown>) {
  try {
    await write();
    return null;
  } catch (error) {
    const refusal = commonRefusal(error, STALE);
    if (!refusal) throw error;
    return refuse(submission, refusal.errors, refusal.status);
  }
}

export async function systemInfoLoader({ request }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  const db = getDb();
  const host = systemHost();
  const [notes, messages, hostVersion] = await Promise.all([listPatchNotes(db), listSystemMessages(db), host ? host.latestVersion() : null]);
  const now = new Date();
  return {
    notes: notes.map(({ id, headline, version, patch_date }) => ({ id, headline, version, patch_date })),
    messages: messages.map((m) => ({ id: m.id, headline: m.headline, expiration_date: m.expiration_date, active: isMessageActive(m.expiration_date, now) })),
    host: host ? { url: host.base, version: hostVersion?.version ?? null, reachable: hostVersion !== null } : null,
  };
}

// ------------------------------------------------------------------------------------ patch notes

const noteValues = (v: { headline: string; version: string; patch_date: string; text: string }) => ({ ...v, patch_date: patchDateOf(v.patch_date) });

export async function newPatchNoteLoader({ request }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  return { note: null, today: isoToBerlinLocal(new Date().toISOString()) };
}

export async function newPatchNoteAction({ request }: ActionFunctionArgs) {
  const causer = await requireSuperadmin(request);
  const { submission } = await parseForm(request, PatchNoteSchema);
  if (submission.status !== "success") return refuse(submission);
  const refused = await attempt(submission, () => createPatchNote(getDb(), noteValues(submission.value), causer));
  return refused ?? redirectWithFlash(request, SYSTEMINFO_PATH, { kind: "success", message: "systeminfo.notes.created", values: { headline: submission.value.headline } });
}

export async function editPatchNoteLoader({ request, params }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  const row = await or404(() => getPatchNote(getDb(), idOr404(params.id)));
  return {
    note: { id: row.id, headline: row.headline, version: row.version ?? "", patch_date: patchDateInput(row.patch_date), text: row.text ?? "", updated_at: row.updated_at },
    today: isoToBerlinLocal(new Date().toISOString()),
  };
}

export async function editPatchNoteAction({ request, params }: ActionFunctionArgs) {
  const causer = await requireSuperadmin(request);
  const id = idOr404(params.id);
  const { form, submission } = await parseForm(request, PatchNoteSchema);
  if (submission.status !== "success") return refuse(submission);
  let changed = false;
  const refused = await attempt(submission, async () => {
    changed = await updatePatchNote(getDb(), id, noteValues(submission.value), formVersion(form), causer);
  });
  if (refused) return refused;
  const headline = submission.value.headline;
  return redirectWithFlash(request, SYSTEMINFO_PATH, changed ? { kind: "success", message: "systeminfo.notes.updated", values: { headline } } : { kind: "info", message: "systeminfo.unchanged" });
}

export async function deletePatchNoteLoader({ request, params }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  const row = await or404(() => getPatchNote(getDb(), idOr404(params.id)));
  return { kind: "note" as const, record: { id: row.id, headline: row.headline } };
}

export async function deletePatchNoteAction({ request, params }: ActionFunctionArgs) {
  const causer = await requireSuperadmin(request);
  const id = idOr404(params.id);
  try {
    const deleted = await deletePatchNote(getDb(), id, causer);
    return redirectWithFlash(request, SYSTEMINFO_PATH, { kind: "success", message: "systeminfo.notes.deleted", values: { headline: deleted.headline } });
  } catch (error) {
    const refusal = commonRefusal(error, STALE);
    if (!refusal) throw error;
    return refuseForm(refusal.errors, refusal.status);
  }
}

// -------------------------------------------------------------------------------- system messages

const messageValues = (v: { headline: string; text: string; expiration_date?: string }) => ({
  headline: v.headline,
  text: v.text,
  expiration_date: v.expiration_date ? berlinLocalToIso(v.expiration_date) : null,
});

export async function newMessageLoader({ request }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  return { message: null };
}

export async function newMessageAction({ request }: ActionFunctionArgs) {
  const causer = await requireSuperadmin(request);
  const { submission } = await parseForm(request, SystemMessageSchema);
  if (submission.status !== "success") return refuse(submission);
  const refused = await attempt(submission, () => createSystemMessage(getDb(), messageValues(submission.value), causer));
  return refused ?? redirectWithFlash(request, SYSTEMINFO_PATH, { kind: "success", message: "systeminfo.messages.created", values: { headline: submission.value.headline } });
}

export async function editMessageLoader({ request, params }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  const row = await or404(() => getSystemMessage(getDb(), idOr404(params.id)));
  return { message: { id: row.id, headline: row.headline, text: row.text ?? "", expiration_date: isoToBerlinLocal(row.expiration_date), updated_at: row.updated_at } };
}

export async function editMessageAction({ request, params }: ActionFunctionArgs) {
  const causer = await requireSuperadmin(request);
  const id = idOr404(params.id);
  const { form, submission } = await parseForm(request, SystemMessageSchema);
  if (submission.status !== "success") return refuse(submission);
  let changed = false;
  const refused = await attempt(submission, async () => {
    changed = await updateSystemMessage(getDb(), id, messageValues(submission.value), formVersion(form), causer);
  });
  if (refused) return refused;
  const headline = submission.value.headline;
  return redirectWithFlash(request, SYSTEMINFO_PATH, changed ? { kind: "success", message: "systeminfo.messages.updated", values: { headline } } : { kind: "info", message: "systeminfo.unchanged" });
}

export async function deleteMessageLoader({ request, params }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  const row = await or404(() => getSystemMessage(getDb(), idOr404(params.id)));
  return { kind: "message" as const, record: { id: row.id, headline: row.headline } };
}

export async function deleteMessageAction({ request, params }: ActionFunctionArgs) {
  const causer = await requireSuperadmin(request);
  const id = idOr404(params.id);
  try {
    const deleted = await deleteSystemMessage(getDb(), id, causer);
    return redirectWithFlash(request, SYSTEMINFO_PATH, { kind: "success", message: "systeminfo.messages.deleted", values: { headline: deleted.headline } });
  } catch (error) {
    const refusal = commonRefusal(error, STALE);
    if (!refusal) throw error;
    return refuseForm(refusal.errors, refusal.status);
  }
}
