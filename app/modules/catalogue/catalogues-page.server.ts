import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { setCatalogueReviewInterval } from "~/modules/service/review-cadence.server";
import { getDb } from "~/server/db/db.server";
import { NotFoundError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { refuse, validateForm } from "~/server/form.server";
import { refusal } from "~/server/refusal.server";
import { readFormData } from "~/server/request-body.server";
import { browserAction } from "./browser.server";
import { getCurrentCatalogueId, listCatalogues } from "./catalogue.server";
import { ReviewIntervalSchema } from "./catalogue-schemas";

export const CATALOGUES_PATH = "/servicecatalog/catalogues";

export async function cataloguesLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const db = getDb();
  const [catalogues, current, intervals] = await Promise.all([
    listCatalogues(db),
    getCurrentCatalogueId(db, user.id),
    db.selectFrom("service_catalogues").select(["id", "review_interval_months"]).execute(),
  ]);
  const interval = new Map(intervals.map((r) => [r.id, r.review_interval_months]));
  return {
    catalogues: catalogues.map((c) => ({ ...c, reviewInterval: interval.get(c.id) ?? 0 })),
    current,
    canCreate: userHasPermission(user, "access:admin"),
    // The review cadence (issue 36 §1) is set by those who approve services.
    canSetReview: userHasPermission(user, "manage:structure"),
  };
}

export type CataloguesData = Awaited<ReturnType<typeof cataloguesLoader>>;

/** The answer target of one catalogue's review-interval form. */
export const reviewTarget = (catalogueId: number | string) => `reviewInterval-${catalogueId}`;

// Same intents as the browser (pick / create a catalogue): one implementation; plus a catalogue's review interval.
export async function cataloguesAction({ request }: ActionFunctionArgs) {
  const form = await readFormData(request.clone());
  if (form.get("intent") !== "reviewInterval") return browserAction(request);
  const user = await requirePermission(request, "manage:structure");
  const submission = validateForm(form, ReviewIntervalSchema);
  if (submission.status !== "success") return refuse(submission, {}, 400, { target: reviewTarget(String(form.get("catalogue") ?? "")) });
  try {
    const changed = await setCatalogueReviewInterval(getDb(), submission.value.catalogue, submission.value.review_interval_months, user);
    return redirectWithFlash(request, CATALOGUES_PATH, { kind: "success", message: changed ? "catalogue.reviewInterval.saved" : "catalogue.reviewInterval.unchanged" });
  } catch (error) {
    if (error instanceof NotFoundError) throw refusal(404);
    throw error;
  }
}
