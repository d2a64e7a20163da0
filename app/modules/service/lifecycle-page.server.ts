import { requirePermission } from "~/modules/access/policy.server";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { SessionUser } from "~/modules/access/user.server";
import { CategoryChoiceSchema, DeleteServiceSchema } from "./lifecycle-schemas";
import { getDb } from "~/server/db/db.server";
import { idOr404 } from "~/server/ids.server";
import { getT } from "~/i18n/i18next.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse, refuseForm } from "~/server/form.server";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import {
  CategoryGoneError,
  DerivativesChangedError,
  SameCatalogueError,
  TargetCategoryNotFoundError,
  categoryChoices,
  copyService,
  derivativesOf,
  findServiceHead,
  restoreService,
  trashService,
  type ServiceHead,
} from "~/modules/service/service-lifecycle.server";
import { refusal } from "~/server/refusal.server";

/**
 * Loaders and actions of the lifecycle dialogs (delete, duplicate, derivative under the service
 * page; the restore step under /bin). The route modules only wire these up.
 */


const notFound = (): never => {
  throw refusal(404);
};

export const servicePath = (id: number) => `/servicecatalog/service/${id}`;

/** Create/delete of services is keyuser and above (DESIGN.md); a role without it gets /unauthorized or 403. */
async function requireStructure(request: Request, rawId: string | undefined): Promise<{ user: SessionUser; id: number }> {
  const user = await requirePermission(request, "manage:structure");
  const id = idOr404(rawId);
  await requirePermission(request, "update:service", { serviceId: id });
  return { user, id };
}

async function liveServiceOr404(id: number): Promise<ServiceHead> {
  return (await findServiceHead(getDb(), id, "live")) ?? notFound();
}


// --------------------------------------------------------------------------------------- delete

export async function deleteLoader(request: Request, rawId: string | undefined) {
  const { id } = await requireStructure(request, rawId);
  const service = await liveServiceOr404(id);
  const derivatives = await derivativesOf(getDb(), id);
  return { service: { id: service.id, name: service.name, updated_at: service.updated_at }, derivatives };
}

export async function deleteAction(request: Request, rawId: string | undefined) {
  const { user, id } = await requireStructure(request, rawId);
  const { submission } = await parseForm(request, DeleteServiceSchema);
  if (submission.status !== "success") return refuseForm({ form: "errors.badRequest" });
  const db = getDb();
  try {
    const service = await liveServiceOr404(id);
    const { trashedIds } = await trashService(db, id, submission.value.updated_at, user, { expectedDerivativeIds: submission.value.derivatives });
    const count = trashedIds.length - 1;
    return redirectWithFlash(request, "/servicecatalog", {
      kind: "success",
      message: count > 0 ? "lifecycle.delete.doneWithDerivatives" : "lifecycle.delete.done",
      values: { name: service.name, count },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof NotFoundError) notFound();
    if (error instanceof StaleRecordError) return refuseForm({ form: "lifecycle.delete.stale" }, 409);
    if (error instanceof DerivativesChangedError) return refuseForm({ form: "lifecycle.delete.derivativesChanged" }, 409);
    console.error(error);
    return refuseForm({ form: "lifecycle.delete.failed" }, 500);
  }
}

// --------------------------------------------------------------------------- duplicate, derivative

export type CopyKind = "duplicate" | "derivative";

export async function copyLoader(request: Request, rawId: string | undefined, kind: CopyKind) {
  const { id } = await requireStructure(request, rawId);
  const service = await liveServiceOr404(id);
  const groups = await categoryChoices(getDb(), kind === "derivative" ? { excludeCatalogueId: service.service_catalogue_id } : {});
  // A duplicate goes to the same category unless the user picks another one.
  const defaultCategoryId = kind === "duplicate" && service.category_id != null ? String(service.category_id) : "";
  return { kind, service: { id: service.id, name: service.name }, groups, defaultCategoryId };
}

export async function copyAction(request: Request, rawId: string | undefined, kind: CopyKind) {
  const { user, id } = await requireStructure(request, rawId);
  const { submission } = await parseForm(request, CategoryChoiceSchema);
  if (submission.status !== "success") return refuse(submission);
  const t = await getT(request);
  try {
    const newId = await copyService(
      getDb(),
      id,
      { categoryId: submission.value.categoryId, asDerivative: kind === "derivative", copySuffix: ` (${t("lifecycle.copySuffix")})` },
      user,
    );
    return redirectWithFlash(request, servicePath(newId), { kind: "success", message: `lifecycle.${kind}.done` });
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    if (error instanceof TargetCategoryNotFoundError) return refuse(submission, { fields: { categoryId: "lifecycle.categoryInvalid" } });
    if (error instanceof SameCatalogueError) return refuse(submission, { fields: { categoryId: "lifecycle.derivative.sameCatalogue" } });
    console.error(error);
    return refuse(submission, { form: `lifecycle.${kind}.failed` }, 500);
  }
}

// ------------------------------------------------------------------------------------------ bin

const RestoreSchema = z.object({ id: z.coerce.number().int().positive() });

/** The bin's Restore button: back into its own category, or on to the step that asks for one. */
export async function binRestoreAction(request: Request, backTo: string) {
  const user = await requirePermission(request, "access:admin");
  const { submission } = await parseForm(request, RestoreSchema);
  if (submission.status !== "success") return redirectWithFlash(request, backTo, { kind: "error", message: "lifecycle.bin.notFound" });
  const id = submission.value.id;
  try {
    const { name } = await restoreService(getDb(), id, null, user);
    return redirectWithFlash(request, backTo, { kind: "success", message: "lifecycle.bin.restored", values: { name } });
  } catch (error) {
    return restoreFailure(request, error, backTo, id);
  }
}

function restoreFailure(request: Request, error: unknown, backTo: string, id: number) {
  if (error instanceof CategoryGoneError) {
    // The step says why it asks; no toast on top of it.
    return redirect(`/bin/${id}/restore${new URL(backTo, "http://servicehub.invalid").search}`);
  }
  if (error instanceof NotFoundError) return redirectWithFlash(request, backTo, { kind: "error", message: "lifecycle.bin.notFound" });
  console.error(error);
  return redirectWithFlash(request, backTo, { kind: "error", message: "lifecycle.bin.restoreFailed" });
}

/** Where the bin's restore step returns to: the bin, on the page it came from. */
export function binPath(request: Request): string {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isSafeInteger(page) && page > 1 ? `/bin?page=${page}` : "/bin";
}

export async function restoreStepLoader(request: Request, rawId: string | undefined) {
  await requirePermission(request, "access:admin");
  const id = idOr404(rawId);
  const db = getDb();
  const service = await findServiceHead(db, id, "trashed");
  if (!service) throw await redirectWithFlash(request, binPath(request), { kind: "error", message: "lifecycle.bin.notFound" });
  const [groups, category] = await Promise.all([
    categoryChoices(db),
    service.category_id == null ? undefined : db.selectFrom("service_categories").select("id").where("id", "=", service.category_id).executeTakeFirst(),
  ]);
  return { service: { id: service.id, name: service.name }, groups, categoryGone: !category, defaultCategoryId: category ? String(category.id) : "" };
}

export async function restoreStepAction(request: Request, rawId: string | undefined) {
  const user = await requirePermission(request, "access:admin");
  const id = idOr404(rawId);
  const backTo = binPath(request);
  const { submission } = await parseForm(request, CategoryChoiceSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const { name } = await restoreService(getDb(), id, submission.value.categoryId, user);
    return redirectWithFlash(request, backTo, { kind: "success", message: "lifecycle.bin.restored", values: { name } });
  } catch (error) {
    if (error instanceof TargetCategoryNotFoundError) return refuse(submission, { fields: { categoryId: "lifecycle.categoryInvalid" } });
    if (error instanceof NotFoundError) return redirectWithFlash(request, backTo, { kind: "error", message: "lifecycle.bin.notFound" });
    console.error(error);
    return refuse(submission, { form: "lifecycle.bin.restoreFailed" }, 500);
  }
}
