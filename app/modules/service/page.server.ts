import { requirePermission } from "~/modules/access/policy.server";
import { userHasPermission } from "~/modules/access/policy";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { writeLastVisited } from "~/modules/catalogue/browser-state.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, dispatchIntent, refuse, refuseForm, validateForm, type Refusal } from "~/server/form.server";
import type { z } from "zod";
import type { ServiceMeta } from "./types";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import {
  BasicsSchema,
  ConfirmReviewSchema,
  DependencySchema,
  DetailsSchema,
  PersonalDataSchema,
  RICH_FIELDS,
  RelationsSchema,
  PeopleSchema,
  RichSchema,
  TranslationSchema,
  TRANSLATED_FIELDS,
  StageSchema,
  TagsSchema,
} from "~/modules/service/service-sections";
import { allowedStatuses, type Status } from "~/modules/service/service-status";
import { parseImageUpload } from "~/server/upload.server";
import { historyFor, type Executor } from "~/server/audit.server";
import { CrossCatalogueMoveError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { canEditService, editScope } from "~/modules/access/permissions.server";
import { loadServiceChildren } from "~/modules/service/service-children.server";
import {
  ForbiddenTransitionError,
  addDependency,
  dependencyCandidates,
  getServiceDetail,
  mayCreateTags,
  removeDependency,
  relationChoices,
  serviceCategoryOptions,
  type RelationKind,
  setServicePicture,
  setServiceRelations,
  updateServiceBasics,
  updateServiceFields,
  updateServiceRichText,
} from "~/modules/service/service.server";
import { idOr404 } from "~/server/ids.server";
import { parseIdList } from "~/lib/ids";
import { formVersion, RICH_FORM_MAX_BYTES, readFormData } from "~/server/request-body.server";
import { hiddenForService, withoutHidden } from "~/modules/masks/mask-rules.server";
import { mayExportWord } from "~/modules/wordexport/export-access.server";
import { aiPanelData, aiServiceIntents } from "~/modules/ai/service-ai.server";
import { refusal } from "~/server/refusal.server";
import { confirmReview, reviewInfo } from "~/modules/service/review-cadence.server";
import { RequiredByOthersError, setServiceStage, stageInfo } from "~/modules/service/service-stage.server";
import { responsibleChoices, responsiblePeople, setResponsibleUsers } from "~/modules/service/responsible.server";
import { readableStages, type StagePanel } from "~/modules/service/service-stage";
import type { PeoplePanel } from "~/modules/service/responsible";
import { getLanguage } from "~/i18n/i18next.server";
import { catalogueLanguages, contentPanel, saveTranslation } from "~/modules/translations/translations.server";
import { translationAssist, translationAssistIntents } from "~/modules/translations/ai-translate.server";
import { subjectTexts } from "~/modules/translations/subject-texts.server";
import { TRANSLATED_DETAILS } from "~/modules/translations/subject-types";
import { subjectTranslationPath } from "~/modules/translations/subject-types";
import { aiConfig } from "~/modules/ai/provider.server";
import { askedContentLanguage, rememberContentLanguage } from "~/modules/translations/content-language.server";
import { historyWithDiffs } from "~/ui/history/history-diff.server";

/** The service page's data: the service, its children, and what the user may change. */
export async function servicePageLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const id = idOr404(params.id);
  const db = getDb();
  const detail = await getServiceDetail(db, id);
  // A customer reads live services only (issue 36 §2).
  if (!detail || !(readableStages(user)?.includes(detail.service.stage) ?? true)) throw refusal(404);
  const url = new URL(request.url);
  const tab: "content" | "history" = url.searchParams.get("tab") === "history" ? "history" : "content";
  const depq = (url.searchParams.get("depq") ?? "").slice(0, 100);
  // The lifecycle form's successor search (a GET submit of that form, like the pickers').
  const succq = url.searchParams.has("succq") ? (url.searchParams.get("succq") ?? "").slice(0, 100) : null;
  const canEdit = await canEditService(db, user, id);
  const [children, categories, pickers, history, candidates, hidden, canExport, ai, review, stage, successors, people, peopleChoices, openThreads] = await Promise.all([
    loadServiceChildren(db, id),
    canEdit ? serviceCategoryOptions(db, detail.service.service_catalogue_id) : null,
    canEdit ? relationPickers(db, url.searchParams, detail) : null,
    tab === "history" ? historyFor(db, "service", id).then(historyWithDiffs) : null,
    canEdit && depq ? dependencyCandidates(db, id, depq) : [],
    hiddenForService(db, id),
    mayExportWord(db, user),
    // The AI assistant's panel (issue 19 §2): keyuser and above who may edit, else null.
    tab === "content" ? aiPanelData(db, request, user, id, canEdit) : null,
    reviewInfo(db, id),
    stageInfo(db, detail.service),
    canEdit && succq ? dependencyCandidates(db, id, succq) : [],
    responsiblePeople(db, id),
    // The picker's accounts only while its editor is open (decision 0073): the list can be long.
    canEdit && url.searchParams.get("edit") === "people" ? responsibleChoices(db) : null,
    // Where reviewers approve (the basics editor), the open discussions are pointed at (issue 36 §7).
    canEdit ? openThreadCount(db, id) : 0,
  ]);
  // What the service's attribute masks hide is neither shown nor sent to the browser.
  const visible = { ...detail.service, ...Object.fromEntries(hidden.fields.map((f) => [f, null])) } as typeof detail.service;
  const attributes = { items: children.attributes.items.filter((item) => !hidden.attributes.includes(item.id)) };
  let options = categories ? { categories } : null;
  if (options && !userHasPermission(user, "manage:structure")) {
    // A user with grants may only move the service into categories they were granted (the move checks it too).
    const scope = await editScope(db, user);
    options = { categories: options.categories.filter((c) => c.id === detail.service.category_id || scope.categories.includes(c.id)) };
  }
  // Rich text is sanitised on save; sanitising again on display also covers imported or seeded HTML.
  const rich = Object.fromEntries(RICH_FIELDS.map((f) => [f, sanitizeRichText(visible[f])]));
  // Content in more than one language (issue 37): the language shown and its translations, compared with the sources.
  const content = await contentPanel(db, detail.service.service_catalogue_id, await askedContentLanguage(request), await getLanguage(request), {
    type: "service",
    id,
    sources: { name: detail.service.name, ...Object.fromEntries(RICH_FIELDS.map((f) => [f, detail.service[f]])) },
  });
  if (content?.translations) {
    for (const field of Object.keys(content.translations)) {
      if (!(TRANSLATED_FIELDS as readonly string[]).includes(field) || hidden.fields.includes(field as never)) delete content.translations[field];
      else content.translations[field].value = field === "name" ? htmlToPlainText(content.translations[field].value) : sanitizeRichText(content.translations[field].value);
    }
  }
  // Options, responsibilities and text attributes in the language shown, where translated (issue 37 §1).
  // Readers only: an editor's forms start from the original (a save must never write a translation into it).
  const furtherLanguage = content && content.current !== content.primary ? content.current : null;
  const parts = furtherLanguage && !canEdit ? await subjectTexts(db, "serviceparts", id, furtherLanguage) : null;
  const shownChildren = parts ? translatedParts({ ...children, attributes }, parts) : { ...children, attributes };
  // The assistant's "Übersetzen" in a further language (issue 37 §3): absent without a provider.
  const translate = content && content.current !== content.primary && tab === "content" ? await translationAssist(db, aiConfig(), user, id, content.current, canEdit) : null;
  return data(
    {
      ...detail,
      translate,
      // Its details' free texts in the language shown, where translated (the parts page holds them).
      service: parts ? { ...visible, ...Object.fromEntries(TRANSLATED_DETAILS.flatMap((f) => (parts[`detail.${f}`] ? [[f, parts[`detail.${f}`]]] : []))) } : visible,
      hidden,
      rich,
      children: shownChildren,
      translateParts: furtherLanguage && canEdit ? subjectTranslationPath("serviceparts", id, furtherLanguage) : null,
      options,
      pickers,
      history,
      candidates,
      depq,
      tab,
      canEdit,
      review,
      openThreads,
      content,
      people: { list: people, choices: peopleChoices } as PeoplePanel | null,
      stage: {
        ...stage,
        successors,
        succq,
        // What the form held when its successor search was sent (kept, as the pickers keep their ticks).
        draft: succq !== null ? { stage: url.searchParams.get("stage"), retired_at: url.searchParams.get("retired_at"), successor_id: url.searchParams.get("successor_id") } : null,
      } as StagePanel | null,
      // Why there is no "Bearbeiten" (issue 32 §12): the role edits no services, or lacks a grant here.
      readOnly: canEdit ? null : { reason: userHasPermission(user, "update:service") ? ("grant" as const) : ("role" as const), role: user.role },
      canStructure: userHasPermission(user, "manage:structure"),
      canExport,
      ai,
      canCreateTags: canEdit && mayCreateTags(user.role),
      statuses: canEdit ? allowedStatuses(user.role, detail.service.status as Status) : [],
    },
    { headers: await pageCookies(request, id) },
  );
}

/**
 * The relation and tag pickers. A picker's search is a GET submit of its section's form
 * (`relq` / `tagq`), so the URL also carries what is ticked: a search never loses a tick,
 * with or without JS. Without a search the saved relations are ticked.
 */
async function relationPickers(db: Executor, params: URLSearchParams, detail: NonNullable<Awaited<ReturnType<typeof getServiceDetail>>>) {
  const relq = params.get("relq");
  const tagq = params.get("tagq");
  const ticked = (kind: RelationKind, search: string | null) => (search !== null ? parseIdList(params.getAll(kind)) : detail[kind].map((r) => r.id));
  const [owners, providers, kpis, tags] = await Promise.all([
    relationChoices(db, "owners", ticked("owners", relq), (relq ?? "").slice(0, 100)),
    relationChoices(db, "providers", ticked("providers", relq), (relq ?? "").slice(0, 100)),
    relationChoices(db, "kpis", ticked("kpis", relq), (relq ?? "").slice(0, 100)),
    relationChoices(db, "tags", ticked("tags", tagq), (tagq ?? "").slice(0, 100)),
  ]);
  // Enter in the new-tag box submits the first button, the search: keep what was typed.
  return { owners, providers, kpis, tags, relq, tagq, newTag: tagq !== null ? (params.get("newTag") ?? "").slice(0, 255) : "" };
}

export type ServiceSectionKey = "basics" | "review" | "stage" | "people" | "rich" | "details" | "personaldata" | "relations" | "tags" | "dependencies" | "picture";

const ANCHORS: Record<ServiceSectionKey, string> = {
  basics: "basics",
  review: "review",
  stage: "stage",
  people: "people",
  rich: "short_description",
  details: "cost",
  personaldata: "personaldata",
  relations: "relations",
  tags: "tags",
  dependencies: "dependencies",
  picture: "picture",
};

type Submission = ReturnType<typeof validateForm>;

/**
 * Every section's form posts here with an `intent`; each is guarded, validated, audited. A refusal
 * names its section (`target`); a rich-text field and the stored values of a stale save travel in `meta`.
 */
export async function servicePageAction({ request, params }: ActionFunctionArgs) {
  const id = idOr404(params.id);
  const user = await requirePermission(request, "update:service", { serviceId: id });
  const db = getDb();
  // Whether this save took back the approval is told in its toast (issue 32 §3).
  const statusBefore = await statusOf(db, id);
  const done = (request: Request, id: number, anchor: string) => saveAnswer(request, db, id, anchor, statusBefore);
  let section: ServiceSectionKey = "basics";
  let meta: ServiceMeta = {};
  let submission: Submission | undefined;
  const refused = (errors: Refusal, status: number) =>
    submission ? refuse(submission, errors, status, { target: section, meta }) : refuseForm(errors, status, { target: section, meta });
  /** Validates the section's fields; `save` runs only for a valid form. `invalid`: the form's message when it is refused (pickers show no field errors). */
  const validated = async <S extends z.ZodType>(form: FormData, schema: S, save: (value: z.output<S>) => Promise<unknown>, invalid?: string) => {
    submission = validateForm(form, schema);
    if (submission.status !== "success") return refused({ form: invalid }, 400);
    await save(submission.value as z.output<S>);
    return null;
  };
  try {
    if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
      section = "picture";
      const parsed = await parseImageUpload(request, { field: "picture", required: true });
      if (!parsed.ok) {
        const { _form, ...fields } = parsed.errors;
        return refused({ form: _form, fields }, 400);
      }
      await setServicePicture(db, id, { data: parsed.image!.data, mime: parsed.image!.mime }, formVersion(parsed.fields), user);
      return done(request, id, "picture");
    }
    const form = await readFormData(request, { maxBytes: RICH_FORM_MAX_BYTES });
    const expected = formVersion(form);
    const saved = (key: ServiceSectionKey, anchor = ANCHORS[key]) => done(request, id, anchor);
    return await dispatchIntent(form.get("intent"), {
      basics: async () => {
        section = "basics";
        return (await validated(form, BasicsSchema, (value) => updateServiceBasics(db, id, value, expected, user))) ?? saved("basics");
      },
      // "Still accurate" (issue 36 §1): a review without a change.
      confirmReview: async () => {
        section = "review";
        const invalid = await validated(form, ConfirmReviewSchema, () => confirmReview(db, id, expected, user));
        return invalid ?? redirectWithFlash(request, `/servicecatalog/service/${id}#review`, { kind: "success", message: "service.review.confirmed" });
      },
      people: async () => {
        section = "people";
        return (await validated(form, PeopleSchema, (value) => setResponsibleUsers(db, id, value.users, expected, user), "validation.invalidChoice")) ?? saved("people");
      },
      stage: async () => {
        section = "stage";
        return (await validated(form, StageSchema, (value) => setServiceStage(db, id, value, expected, user))) ?? saved("stage");
      },
      rich: async () => {
        section = "rich";
        meta = { field: String(form.get("field") ?? "") };
        let field: string = meta.field!;
        return (
          (await validated(form, RichSchema, (value) => {
            field = value.field;
            return updateServiceRichText(db, id, value.field, value.value, expected, user);
          })) ?? saved("rich", field)
        );
      },
      // A rich field's translation (issue 37): the same editor, saved beside the source.
      translation: async () => {
        section = "rich";
        meta = { field: String(form.get("field") ?? "") };
        let back = "";
        const invalid = await validated(form, TranslationSchema, async (value) => {
          const service = await db.selectFrom("services").select(["service_catalogue_id", value.field]).where("id", "=", id).executeTakeFirst();
          if (!service) throw refusal(404);
          const languages = await catalogueLanguages(db, service.service_catalogue_id);
          if (!languages.further.includes(value.lang)) throw new ValidationError({ _form: "validation.invalidChoice" });
          await saveTranslation(
            db,
            {
              subjectType: "service",
              subjectId: id,
              field: value.field,
              language: value.lang,
              value: value.field === "name" ? htmlToPlainText(value.value) : sanitizeRichText(value.value),
              source: (service as Record<string, string | null>)[value.field],
              expectedUpdatedAt: value.translation_version,
            },
            user,
          );
          back = `/servicecatalog/service/${id}?lang=${value.lang}#${value.field === "name" ? "name-translation" : value.field}`;
        });
        return invalid ?? redirectWithFlash(request, back, { kind: "success", message: "service.translation.saved" });
      },
      details: async () => {
        section = "details";
        return (await validated(form, DetailsSchema, (value) => updateServiceFields(db, id, value, "details", expected, user))) ?? saved("details");
      },
      personaldata: async () => {
        section = "personaldata";
        return (await validated(form, PersonalDataSchema, (value) => updateServiceFields(db, id, value, "personaldata", expected, user))) ?? saved("personaldata");
      },
      relations: async () => {
        section = "relations";
        // A tick that is no id is a forged or broken form: refused, not silently dropped.
        return (await validated(form, RelationsSchema, (value) => setServiceRelations(db, id, value, expected, user), "validation.invalidChoice")) ?? saved("relations");
      },
      tags: async () => {
        section = "tags";
        return (
          (await validated(form, TagsSchema, (value) => setServiceRelations(db, id, { tags: value.tags }, expected, user, { newTag: value.newTag }), "validation.invalidChoice")) ??
          saved("tags")
        );
      },
      // The AI assistant's forms post here too (target "ai"); it checks use:ai itself.
      ...aiServiceIntents({ request, form, serviceId: id, user, db }),
      ...translationAssistIntents({ request, form, serviceId: id, user, db, config: aiConfig() }),
      "dependency-add": () => dependency("add"),
      "dependency-remove": () => dependency("remove"),
      "picture-remove": async () => {
        section = "picture";
        await setServicePicture(db, id, null, expected, user);
        return saved("picture");
      },
    });

    async function dependency(change: "add" | "remove") {
      section = "dependencies";
      const invalid = await validated(form, DependencySchema, ({ required }) =>
        change === "add" ? addDependency(db, id, required, expected, user) : removeDependency(db, id, required, expected, user),
      );
      return invalid ?? done(request, id, ANCHORS.dependencies);
    }
  } catch (error) {
    if (error instanceof StaleRecordError) meta = { ...meta, current: withoutHidden(error.current, await hiddenForService(db, id)) };
    const common = commonRefusal(error, { stale: "service.stale" });
    if (common) return refused(common.errors, common.status);
    if (error instanceof ForbiddenTransitionError) throw refusal(403);
    // Retiring a service others still require: they are named first, and the user confirms (issue 36 §2).
    if (error instanceof RequiredByOthersError) {
      meta = { ...meta, requiredBy: error.services };
      return refused({ form: "service.stage.requiredBy" }, 409);
    }
    if (error instanceof CrossCatalogueMoveError) return refused({ fields: { category_id: "service.errors.category" } }, 400);
    if (error instanceof Response) throw error;
    console.error(error);
    return redirectWithFlash(request, `/servicecatalog/service/${id}`, { kind: "error", message: "service.updateFailed" });
  }
}

async function statusOf(db: Executor, id: number) {
  return (await db.selectFrom("services").select("status").where("id", "=", id).executeTakeFirst())?.status ?? null;
}

/** Back to the saved section; the toast says when the save sent an approved service back to "open". */
async function saveAnswer(request: Request, db: Executor, id: number, anchor: string, statusBefore: string | null) {
  const reopened = statusBefore === "closed" && (await statusOf(db, id)) === "open";
  return redirectWithFlash(request, `/servicecatalog/service/${id}#${anchor}`, { kind: "success", message: reopened ? "service.updatedReopened" : "service.updated" });
}

/** Open discussions of the service (issue 36 §7; the comments module owns them, this reads their count). */
async function openThreadCount(db: Executor, serviceId: number): Promise<number> {
  const row = await db.selectFrom("service_comments").select((eb) => eb.fn.countAll().as("n")).where("service_id", "=", serviceId).where("thread_id", "is", null).where("resolved_at", "is", null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A service's options, responsibilities and text attributes with their translations (fields as the translations page names them). */
function translatedParts<C extends { options: { id: number; name: string; short_description: string | null; description: string | null }[]; responsibilities: { id: number; description: string | null }[]; attributes: { items: { id: number; text: string | null }[] } }>(
  children: C,
  texts: Record<string, string>,
): C {
  const rich = (value: string | undefined, fallback: string | null) => (value ? sanitizeRichText(value) : fallback);
  return {
    ...children,
    options: children.options.map((o) => ({
      ...o,
      name: texts[`option.${o.id}.name`] ? htmlToPlainText(texts[`option.${o.id}.name`]) : o.name,
      short_description: rich(texts[`option.${o.id}.short_description`], o.short_description),
      description: rich(texts[`option.${o.id}.description`], o.description),
    })),
    responsibilities: children.responsibilities.map((r) => ({ ...r, description: texts[`responsibility.${r.id}.description`] ?? r.description })),
    attributes: { ...children.attributes, items: children.attributes.items.map((a) => ({ ...a, text: texts[`attribute.${a.id}.text`] ?? a.text })) },
  };
}

/** The last visited service, and the content language chosen with the page's switch (issue 37 §4). */
async function pageCookies(request: Request, id: number): Promise<Headers> {
  const headers = new Headers({ "Set-Cookie": await writeLastVisited(request, "service", id) });
  const language = await rememberContentLanguage(request);
  if (language) headers.append("Set-Cookie", language);
  return headers;
}
