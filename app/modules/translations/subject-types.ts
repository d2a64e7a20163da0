/** The kinds of content besides services that carry translations (issue 37 §1), client-safe. */
export const SUBJECT_TYPES = ["area", "category", "term", "kpi", "frame", "catalogue"] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];
export const isSubjectType = (value: unknown): value is SubjectType => typeof value === "string" && (SUBJECT_TYPES as readonly string[]).includes(value);

/** The page that edits a subject's translations. */
export const subjectTranslationPath = (type: SubjectType, id: number, language?: string) => `/translations/${type}/${id}${language ? `?lang=${language}` : ""}`;
