import { DETAIL_TEXT_FIELDS, PERSONAL_TEXT_FIELDS } from "~/modules/service/service-fields";

/** The kinds of content besides services that carry translations (issue 37 §1), client-safe. */
export const SUBJECT_TYPES = ["area", "category", "term", "kpi", "frame", "catalogue", "serviceparts"] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];
export const isSubjectType = (value: unknown): value is SubjectType => typeof value === "string" && (SUBJECT_TYPES as readonly string[]).includes(value);

/** The page that edits a subject's translations. */
export const subjectTranslationPath = (type: SubjectType, id: number, language?: string) => `/translations/${type}/${id}${language ? `?lang=${language}` : ""}`;

/** Organisation-wide base data: translated into every language some catalogue offers. */
export const BASE_SUBJECTS: readonly SubjectType[] = ["term", "kpi"];

/** The field whose translation names a subject in lists (areas and categories in the browser). */
export const NAME_FIELDS: Record<SubjectType, string> = { area: "name", category: "name", term: "term", kpi: "name", frame: "title", catalogue: "title", serviceparts: "" };

/** A service's free-text detail fields, translated on its parts page (an article number is a code, not text). */
export const TRANSLATED_DETAILS = [...DETAIL_TEXT_FIELDS.filter((f) => f !== "art_nr"), ...PERSONAL_TEXT_FIELDS];
