import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requirePermission } from "~/modules/access/policy.server";
import { htmlToMarkup, markupOrHtml } from "~/lib/light-markup";
import { getDb } from "~/server/db/db.server";
import { StaleRecordError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { dispatchIntent, refuse, validateForm } from "~/server/form.server";
import { refusal } from "~/server/refusal.server";
import { readFormData } from "~/server/request-body.server";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import { idOr404 } from "~/server/ids.server";
import { tooLong } from "~/ui/form/fields";
import { translationForm } from "./translation-form";
import { isSubjectType, subjectTranslationPath, type SubjectType } from "./subject-types";
import { SUBJECTS } from "./subjects.server";
import { subjectLanguages } from "./subject-texts.server";
import { fieldTranslations, saveTranslation, shownLanguage } from "./translations.server";
import type { DiffPart } from "./translations";

/**
 * /translations/:type/:id (issue 37 §1, §2): the translations of an area, a category, a glossary
 * term or a service level, field by field beside the original, into the languages its catalogue
 * (base data: any catalogue) offers. Each field a plain form post (light markup for formatted
 * text), with the stale check of the service page's translations; the original is never touched.
 */

function subjectOr404(params: LoaderFunctionArgs["params"]): { type: SubjectType; id: number } {
  if (!isSubjectType(params.type)) throw refusal(404);
  return { type: params.type, id: idOr404(params.id) };
}

export interface SubjectFieldView {
  field: string;
  kind: "plain" | "rich";
  label: { key: string; values?: Record<string, string> };
  /** The original as text (light markup for formatted text). */
  original: string;
  /** The translation as the form edits it ("" when there is none). */
  value: string;
  version: string;
  outdated: boolean;
  diff: DiffPart[] | null;
}

async function pageData(request: Request, type: SubjectType, id: number) {
  const db = getDb();
  const subject = await SUBJECTS[type].read(db, id);
  if (!subject) throw refusal(404);
  const texts = Object.fromEntries(Object.entries(subject.fields).map(([field, f]) => [field, f.text]));
  const languages = await subjectLanguages(db, type, subject.catalogueId);
  const asked = new URL(request.url).searchParams.get("lang");
  const language = languages.further.length ? shownLanguage({ primary: languages.primary, further: languages.further }, asked, languages.further[0]) : null;
  const current = language && language !== languages.primary ? language : (languages.further[0] ?? null);
  const translations = current ? await fieldTranslations(db, type, id, current, texts) : {};
  const fields: SubjectFieldView[] = Object.entries(subject.fields).map(([field, { kind, label, text: source }]) => {
    const t = translations[field];
    const text = (value: string | null | undefined) => (kind === "rich" ? htmlToMarkup(value) : htmlToPlainText(value ?? ""));
    return { field, kind, label, original: text(source), value: t ? text(t.value) : "", version: t?.updatedAt ?? "", outdated: t?.outdated ?? false, diff: t?.sourceDiff ?? null };
  });
  return { type, id, name: subject.name, primary: languages.primary, languages: languages.further, language: current, fields };
}

/** The subject's permission, and for a service's parts a grant on that service (403 otherwise). */
async function requireEditor(request: Request, type: SubjectType, id: number) {
  const user = await requirePermission(request, SUBJECTS[type].permission);
  const check = SUBJECTS[type].mayEdit;
  if (check && !(await check(getDb(), user, id))) throw refusal(403);
  return user;
}

export async function subjectTranslationLoader({ request, params }: LoaderFunctionArgs) {
  const { type, id } = subjectOr404(params);
  await requireEditor(request, type, id);
  return pageData(request, type, id);
}

const SubjectTranslationSchema = translationForm(z.string().max(64));

export async function subjectTranslationAction({ request, params }: ActionFunctionArgs) {
  const { type, id } = subjectOr404(params);
  const user = await requireEditor(request, type, id);
  const form = await readFormData(request);
  return dispatchIntent(form.get("intent"), {
    translation: async () => {
      const submission = validateForm(form, SubjectTranslationSchema);
      if (submission.status !== "success") return refuse(submission, {}, 400, { target: String(form.get("field") ?? "") });
      const { field, lang, value, translation_version } = submission.value;
      const db = getDb();
      const subject = await SUBJECTS[type].read(db, id);
      if (!subject) throw refusal(404);
      const kind = subject.fields[field]?.kind;
      const languages = await subjectLanguages(db, type, subject.catalogueId);
      if (!kind || !languages.further.includes(lang)) return refuse(submission, { form: "validation.invalidChoice" }, 400, { target: field });
      if (kind === "plain" && value.trim().length > 255) return refuse(submission, { fields: { value: tooLong(255) } }, 400, { target: field });
      const stored = kind === "rich" ? (value.trim() ? sanitizeRichText(markupOrHtml(value)) : "") : htmlToPlainText(value).trim();
      try {
        await saveTranslation(db, { subjectType: type, subjectId: id, field, language: lang, value: stored, source: subject.fields[field].text, expectedUpdatedAt: translation_version }, user);
      } catch (error) {
        if (error instanceof StaleRecordError) return refuse(submission, { form: "translations.page.stale" }, 409, { target: field });
        throw error;
      }
      return redirectWithFlash(request, `${subjectTranslationPath(type, id, lang)}#${field.replace(/\./g, "-")}`, { kind: "success", message: stored ? "translations.page.saved" : "translations.page.removed" });
    },
  });
}

