import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { userHasPermission } from "~/modules/access/policy";
import { getCatalogue, getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { answerDomainError, commonRefusal, parseForm, refuse, refuseForm } from "~/server/form.server";
import { idOr404 } from "~/server/ids.server";
import { refusal } from "~/server/refusal.server";
import { readFormData, RICH_FORM_MAX_BYTES } from "~/server/request-body.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { customerViewOf, setCustomerView } from "./customer-view.server";
import { CustomerViewSchema, PublishSchema, WithdrawSchema } from "./releases-schema";
import { deleteRelease, getRelease, latestRelease, listReleases, publishPreview, publishRelease, reinstateRelease, withdrawRelease, type ReleaseRow } from "./releases.server";

/**
 * Loaders and actions of /servicecatalog/releases (the current catalogue's releases) and its
 * dialogs: publish, withdraw, re-instate, delete. Everyone who reads the catalogue sees the list;
 * withdrawn releases only those who may publish (they withdrew them).
 */

export const RELEASES_PATH = "/servicecatalog/releases";
const MESSAGES = { stale: "releases.labelTaken" };

export { readableRelease } from "./customer-view.server";

export async function releasesLoader({ request }: LoaderFunctionArgs) {
  // The list and what changed between releases are the publishers' and editors' tools; customers read the release they are shown.
  const user = await requirePermission(request, "read:working-copy");
  const db = getDb();
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  const catalogue = await getCatalogue(db, catalogueId);
  const canPublish = userHasPermission(user, "publish:release");
  const [releases, customerView, shown] = await Promise.all([
    listReleases(db, catalogueId, { withWithdrawn: canPublish }),
    customerViewOf(db, catalogueId),
    latestRelease(db, catalogueId),
  ]);
  return {
    catalogue: { id: catalogueId, title: catalogue?.title ?? null },
    /** What customers read now: the setting, and the release it gives them (null: the working copy). */
    customers: { view: customerView, release: customerView === "release" && shown ? { id: shown.id, label: shown.label } : null },
    releases: releases.map((r) => ({ ...r, note: r.note ? sanitizeRichText(r.note) : null })),
    canPublish,
    canDelete: userHasPermission(user, "delete:release"),
    canShare: userHasPermission(user, "share:release"),
  };
}

/** The list's own form: what customers of the current catalogue read (issue 35 §6). */
export async function customerViewAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "publish:release");
  const { submission } = await parseForm(request, CustomerViewSchema);
  if (submission.status !== "success") return refuse(submission);
  const db = getDb();
  const changed = await setCustomerView(db, await getCurrentCatalogueId(db, user.id), submission.value.customerView, user);
  return redirectWithFlash(request, RELEASES_PATH, changed ? { kind: "success", message: "releases.customers.saved" } : { kind: "info", message: "releases.customers.unchanged" });
}

// ------------------------------------------------------------------------------------ publish

export async function publishLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "publish:release");
  const db = getDb();
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  return { preview: await publishPreview(db, catalogueId) };
}

export async function publishAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "publish:release");
  const { submission } = await parseForm(request, PublishSchema, { maxBytes: RICH_FORM_MAX_BYTES });
  if (submission.status !== "success") return refuse(submission);
  const db = getDb();
  const { label, note } = submission.value;
  let id: number;
  try {
    const clean = sanitizeRichText(note);
    id = await publishRelease(db, await getCurrentCatalogueId(db, user.id), { label, note: clean.trim() ? clean : null }, user);
  } catch (error) {
    return answerDomainError(error, submission, MESSAGES);
  }
  return redirectWithFlash(request, `${RELEASES_PATH}/${id}`, { kind: "success", message: "releases.publishDialog.done", values: { label } });
}

// ------------------------------------------------------------------------------------ withdraw, re-instate, delete

async function managedRelease(request: Request, rawId: string | undefined, permission: "publish:release" | "delete:release") {
  const user = await requirePermission(request, permission);
  const release = await getRelease(getDb(), idOr404(rawId));
  if (!release) throw refusal(404);
  return { user, release };
}

const dialogData = (release: ReleaseRow) => ({ release: { id: release.id, label: release.label, state: release.state } });

export async function withdrawLoader({ request, params }: LoaderFunctionArgs) {
  const { release } = await managedRelease(request, params.id, "publish:release");
  return dialogData(release);
}

export async function withdrawAction({ request, params }: ActionFunctionArgs) {
  const { user, release } = await managedRelease(request, params.id, "publish:release");
  const { submission } = await parseForm(request, WithdrawSchema);
  if (submission.status !== "success") return refuse(submission);
  if (!(await withdrawRelease(getDb(), release.id, submission.value.reason, user))) return refuse(submission, { form: "releases.alreadyWithdrawn" });
  return redirectWithFlash(request, RELEASES_PATH, { kind: "success", message: "releases.withdrawDialog.done", values: { label: release.label } });
}

export async function reinstateLoader({ request, params }: LoaderFunctionArgs) {
  const { release } = await managedRelease(request, params.id, "publish:release");
  return dialogData(release);
}

export async function reinstateAction({ request, params }: ActionFunctionArgs) {
  const { user, release } = await managedRelease(request, params.id, "publish:release");
  await readFormData(request); // the confirmation is a form post: anything else is refused first
  if (!(await reinstateRelease(getDb(), release.id, user))) return refuseForm({ form: "releases.reinstateOnlyWithdrawn" });
  return redirectWithFlash(request, RELEASES_PATH, { kind: "success", message: "releases.reinstateDialog.done", values: { label: release.label } });
}

export async function deleteLoader({ request, params }: LoaderFunctionArgs) {
  const { release } = await managedRelease(request, params.id, "delete:release");
  // A published release is not deleted: the dialog says so instead of offering to.
  return dialogData(release);
}

export async function deleteAction({ request, params }: ActionFunctionArgs) {
  const { user, release } = await managedRelease(request, params.id, "delete:release");
  await readFormData(request);
  try {
    await deleteRelease(getDb(), release.id, user);
  } catch (error) {
    const answer = commonRefusal(error, MESSAGES);
    if (!answer) throw error;
    return refuseForm(answer.errors, answer.status);
  }
  return redirectWithFlash(request, RELEASES_PATH, { kind: "success", message: "releases.deleteDialog.done", values: { label: release.label } });
}
