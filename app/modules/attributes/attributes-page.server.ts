import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, parseForm, refuse, refuseForm, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import {
  AttributeChangeNeedsConfirmation,
  createAttribute,
  deleteAttribute,
  getAttribute,
  listAttributes,
  moveAttribute,
  servicesWithValues,
  updateAttribute,
} from "./attributes.server";
import { AttributeSchema, MoveSchema, type AttributeAnswerMeta } from "./attributes-schema";
import { idOr404 } from "~/server/ids.server";

/*
 * Loader and action bodies of /admin/serviceattributes (list, reorder), /new, /:id (edit) and
 * /:id/delete. The admin guard comes first (a page redirects to /unauthorized, a POST answers
 * 403 before anything is read); an unknown or malformed id is a 404.
 */

export const LIST_PATH = "/admin/serviceattributes";

const guard = (request: Request) => requirePermission(request, "access:admin");

async function attributeOr404(id: number) {
  try {
    return await getAttribute(getDb(), id);
  } catch (error) {
    commonRefusal(error, { stale: "" });
    throw error;
  }
}

export async function attributesLoader({ request }: LoaderFunctionArgs) {
  await guard(request);
  return { items: await listAttributes(getDb()) };
}

/** The list's up/down buttons (plain POST forms). */
export async function attributesAction({ request }: ActionFunctionArgs) {
  const causer = await guard(request);
  const submission = validateForm(await readFormData(request), MoveSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  try {
    const { id, direction } = submission.value;
    const result = await moveAttribute(getDb(), id, direction, causer);
    return redirectWithFlash(request, LIST_PATH, { kind: result.moved ? "success" : "info", message: result.moved ? "attributes.moved" : "attributes.notMoved", values: { name: result.designation } });
  } catch (error) {
    commonRefusal(error, { stale: "" });
    throw error;
  }
}

export async function newAttributeLoader({ request }: LoaderFunctionArgs) {
  await guard(request);
  return { attribute: null };
}

export async function newAttributeAction({ request }: ActionFunctionArgs) {
  const causer = await guard(request);
  const { submission } = await parseForm(request, AttributeSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    await createAttribute(getDb(), submission.value, causer);
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "attributes.stale" });
    if (!refusal) throw error;
    return refuse(submission, refusal.errors, refusal.status);
  }
  return redirectWithFlash(request, LIST_PATH, { kind: "success", message: "attributes.created", values: { name: submission.value.designation } });
}

export async function editAttributeLoader({ request, params }: LoaderFunctionArgs) {
  await guard(request);
  return { attribute: await attributeOr404(idOr404(params.id)) };
}

/**
 * Saves the attribute. A change that affects values services hold answers 409 with the services
 * and what would happen to their values; the page asks, and its confirming submit carries the
 * change's fingerprint as `confirm`.
 */
export async function editAttributeAction({ request, params }: ActionFunctionArgs) {
  const causer = await guard(request);
  const id = idOr404(params.id);
  const { submission } = await parseForm(request, AttributeSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const result = await updateAttribute(getDb(), id, submission.value, causer);
    const message = !result.changed ? "attributes.unchanged" : result.deleted ? "attributes.updatedCleared" : "attributes.updated";
    return redirectWithFlash(request, LIST_PATH, { kind: result.changed ? "success" : "info", message, values: { name: submission.value.designation, count: result.deleted } });
  } catch (error) {
    if (error instanceof AttributeChangeNeedsConfirmation)
      return refuse<AttributeAnswerMeta>(submission, { form: "attributes.confirm.needed" }, 409, { meta: { impact: error.impact } });
    const refusal = commonRefusal(error, { stale: "attributes.stale" });
    if (!refusal) throw error;
    return refuse(submission, refusal.errors, refusal.status);
  }
}

export async function deleteAttributeLoader({ request, params }: LoaderFunctionArgs) {
  await guard(request);
  const attribute = await attributeOr404(idOr404(params.id));
  const usage = await servicesWithValues(getDb(), attribute.id);
  return { attribute: { id: attribute.id, designation: attribute.designation, type: attribute.type }, usage };
}

/** Deletes the attribute and every value services hold of it; the page said how many. */
export async function deleteAttributeAction({ request, params }: ActionFunctionArgs) {
  const causer = await guard(request);
  const id = idOr404(params.id);
  const seen = Number((await readFormData(request)).get("seen"));
  try {
    const deleted = await deleteAttribute(getDb(), id, causer, Number.isSafeInteger(seen) && seen >= 0 ? seen : 0);
    return redirectWithFlash(request, LIST_PATH, { kind: "success", message: "attributes.deleted", values: { name: deleted.designation } });
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "" });
    if (!refusal) throw error;
    return refuseForm(refusal.errors, refusal.status);
  }
}
