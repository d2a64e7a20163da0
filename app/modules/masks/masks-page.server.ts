import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, parseForm, refuse, refuseForm } from "~/server/form.server";
import { formVersion } from "~/server/request-body.server";
import { listHeadlines } from "./headlines.server";
import { createMask, deleteMask, getMask, listMasks, maskTargets, maskableAttributes, updateMask } from "./masks.server";
import { MaskSchema, maskValuesOf } from "./masks-schema";
import { idOr404 } from "~/server/ids.server";

/**
 * Loaders and actions of /admin/attributemasks (list), /new and /:id/delete (dialogs over the
 * list) and /:id (the edit page). Admin guard on every request: others are sent to /unauthorized
 * (pages) or get 403 (posts) before anything is read or written.
 */

const LIST = "/admin/attributemasks";
const requireAdmin = (request: Request) => requirePermission(request, "access:admin");

async function maskOr404(raw: string | undefined) {
  const id = idOr404(raw);
  try {
    return await getMask(getDb(), id);
  } catch (error) {
    commonRefusal(error, { stale: "masks.stale" });
    throw error;
  }
}

export async function masksLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { masks: await listMasks(getDb()) };
}

/** What the mask form offers: the targets, the custom attributes and the sections' current headings. */
async function formOptions() {
  const db = getDb();
  const [targets, attributes, headlines] = await Promise.all([maskTargets(db), maskableAttributes(db), listHeadlines(db)]);
  return { targets, attributes, headlines: Object.fromEntries(headlines.filter((h) => h.headline_text_custom).map((h) => [h.position, h.headline_text_custom!])) as Record<number, string> };
}

export async function newMaskLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { mask: null, ...(await formOptions()) };
}

export async function newMaskAction({ request }: ActionFunctionArgs) {
  const causer = await requireAdmin(request);
  const { submission } = await parseForm(request, MaskSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    await createMask(getDb(), maskValuesOf(submission.value), causer);
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "masks.stale" });
    if (!refusal) throw error;
    return refuse(submission, refusal.errors, refusal.status);
  }
  return redirectWithFlash(request, LIST, { kind: "success", message: "masks.created", values: { name: submission.value.name } });
}

export async function editMaskLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const mask = await maskOr404(params.id);
  return { mask, ...(await formOptions()) };
}

export async function editMaskAction({ request, params }: ActionFunctionArgs) {
  const causer = await requireAdmin(request);
  const id = idOr404(params.id);
  const { form, submission } = await parseForm(request, MaskSchema);
  if (submission.status !== "success") return refuse(submission);
  let changed: boolean;
  try {
    changed = await updateMask(getDb(), id, maskValuesOf(submission.value), formVersion(form), causer);
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "masks.stale" });
    if (!refusal) throw error;
    return refuse(submission, refusal.errors, refusal.status);
  }
  return redirectWithFlash(request, LIST, changed ? { kind: "success", message: "masks.updated", values: { name: submission.value.name } } : { kind: "info", message: "masks.unchanged" });
}

export async function deleteMaskLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const mask = await maskOr404(params.id);
  return { mask: { id: mask.id, name: mask.name } };
}

export async function deleteMaskAction({ request, params }: ActionFunctionArgs) {
  const causer = await requireAdmin(request);
  const id = idOr404(params.id);
  try {
    const deleted = await deleteMask(getDb(), id, causer);
    return redirectWithFlash(request, LIST, { kind: "success", message: "masks.deleted", values: { name: deleted.name } });
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "masks.stale" });
    if (!refusal) throw error;
    return refuseForm(refusal.errors, refusal.status);
  }
}
