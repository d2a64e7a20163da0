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
import { offeredLanguages, setCatalogueLanguages, setOfferedLanguages } from "~/modules/translations/translations.server";
import { ContentLanguagesSchema, LanguageListSchema } from "~/modules/translations/translations-schema";

export const CATALOGUES_PATH = "/servicecatalog/catalogues";

export async function cataloguesLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const db = getDb();
  const [catalogues, current, intervals, further, offered] = await Promise.all([
    listCatalogues(db),
    getCurrentCatalogueId(db, user.id),
    db.selectFrom("service_catalogues").select(["id", "review_interval_months", "content_language"]).execute(),
    db.selectFrom("catalogue_languages").select(["catalogue_id", "language"]).orderBy("language").execute(),
    offeredLanguages(db),
  ]);
  const byId = new Map(intervals.map((r) => [r.id, r]));
  return {
    catalogues: catalogues.map((c) => ({
      ...c,
      reviewInterval: byId.get(c.id)?.review_interval_months ?? 0,
      // Content languages (issue 37 §1): the original and the further ones.
      languages: { primary: byId.get(c.id)?.content_language ?? "de", further: further.filter((l) => l.catalogue_id === c.id).map((l) => l.language) },
    })),
    current,
    canCreate: userHasPermission(user, "access:admin"),
    // The review cadence (issue 36 §1) is set by those who approve services.
    canSetReview: userHasPermission(user, "manage:structure"),
    canSetLanguages: userHasPermission(user, "access:admin"),
    // The languages catalogues may offer (issue 37 §1), and whether this user sets that list.
    offeredLanguages: offered,
    // Whose languages the form edits: `?languages=<id>` (the table's link), else the current catalogue.
    languagesFor: ((wanted) => (catalogues.some((c) => c.id === wanted) ? wanted : current))(Number(new URL(request.url).searchParams.get("languages"))),
    canSetLanguageList: userHasPermission(user, "manage:organisation"),
  };
}

export type CataloguesData = Awaited<ReturnType<typeof cataloguesLoader>>;

/** The answer target of one catalogue's review-interval form. */
export const reviewTarget = (catalogueId: number | string) => `reviewInterval-${catalogueId}`;

// Same intents as the browser (pick / create a catalogue): one implementation; plus a catalogue's review interval.
export async function cataloguesAction({ request }: ActionFunctionArgs) {
  const form = await readFormData(request.clone());
  if (form.get("intent") === "contentLanguages") return contentLanguagesAction(request, form);
  if (form.get("intent") === "languageList") return languageListAction(request, form);
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

/** A catalogue's content languages (issue 37 §1): admins, as they create catalogues. */
async function contentLanguagesAction(request: Request, form: FormData) {
  const user = await requirePermission(request, "access:admin");
  const submission = validateForm(form, ContentLanguagesSchema);
  if (submission.status !== "success") return refuse(submission, { form: "validation.invalidChoice" }, 400);
  try {
    const { catalogue, primary, further } = submission.value;
    const changed = await setCatalogueLanguages(getDb(), catalogue, primary, further, user);
    return redirectWithFlash(request, CATALOGUES_PATH, { kind: changed ? "success" : "info", message: changed ? "translations.saved" : "translations.unchanged" });
  } catch (error) {
    if (error instanceof NotFoundError) throw refusal(404);
    throw error;
  }
}

/** The languages catalogues may offer (issue 37 §1): superadmins, as they set up the organisation. */
async function languageListAction(request: Request, form: FormData) {
  const user = await requirePermission(request, "manage:organisation");
  const submission = validateForm(form, LanguageListSchema);
  if (submission.status !== "success") return refuse(submission, {}, 400, { target: "languageList" });
  const changed = await setOfferedLanguages(getDb(), submission.value.codes, user);
  return redirectWithFlash(request, CATALOGUES_PATH, { kind: changed ? "success" : "info", message: changed ? "translations.listSaved" : "translations.unchanged" });
}
