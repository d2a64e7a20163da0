import type { Executor } from "~/server/audit.server";
import { BASE_SUBJECTS, NAME_FIELDS, type SubjectType } from "./subject-types";
import { catalogueLanguages } from "./translations.server";

/**
 * Reading the translations of subjects besides services (issue 37 §1) where pages show them: the
 * languages a subject takes, names for lists, all texts of one subject. Light on purpose: the
 * subjects' readers (subjects.server.ts) stay with the translations page.
 */

/** The languages a subject is translated into, and its original's. */
export async function subjectLanguages(db: Executor, type: SubjectType, catalogueId: number | null): Promise<{ primary: string; further: string[] }> {
  if (!BASE_SUBJECTS.includes(type)) return catalogueLanguages(db, catalogueId);
  // Base data serves every catalogue: each language some catalogue offers besides its original.
  const rows = await db
    .selectFrom("catalogue_languages as l")
    .innerJoin("service_catalogues as c", "c.id", "l.catalogue_id")
    .select("l.language")
    .distinct()
    .whereRef("l.language", "<>", "c.content_language")
    .orderBy("l.language")
    .execute();
  const first = await db.selectFrom("service_catalogues").select("content_language").where("id", ">", 0).orderBy("id").executeTakeFirst();
  const primary = first?.content_language ?? "de";
  return { primary, further: rows.map((r) => r.language).filter((l) => l !== primary) };
}

/** Names in `language` for these subjects where translated (areas and categories of a page); nothing for the original. */
export async function translatedSubjectNames(db: Executor, type: SubjectType, ids: number[], language: string | null): Promise<Map<number, string>> {
  if (!language || !ids.length) return new Map();
  const rows = await db
    .selectFrom("content_translations")
    .select(["subject_id", "value"])
    .where("subject_type", "=", type)
    .where("field", "=", NAME_FIELDS[type])
    .where("language", "=", language)
    .where("subject_id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.subject_id, r.value]));
}

/** Every translation of one subject into `language`: field → text (what a page in that language shows). */
export async function subjectTexts(db: Executor, type: SubjectType, id: number, language: string): Promise<Record<string, string>> {
  const rows = await db.selectFrom("content_translations").select(["field", "value"]).where("subject_type", "=", type).where("subject_id", "=", id).where("language", "=", language).execute();
  return Object.fromEntries(rows.map((r) => [r.field, r.value]));
}
