import crypto from "node:crypto";
import { diffWords } from "diff";
import { markupToText } from "~/lib/markup";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { getSetting, putSetting } from "~/server/settings.server";
import { CONTENT_LANGUAGES, isContentLanguage, type ContentPanel, type FieldTranslation } from "./translations";

/**
 * Translations of text fields (issue 37, docs/decisions/0081): one row per subject, field and
 * language, holding the source text it was made from. A translation is outdated when the source's
 * hash differs from the one stored; the stored source gives the words that changed since.
 */

export const sourceHash = (text: string | null | undefined) => crypto.createHash("sha256").update(text ?? "").digest("hex").slice(0, 32);

/** The catalogue's primary content language and its further ones. */
export async function catalogueLanguages(db: Executor, catalogueId: number | null): Promise<{ primary: string; further: string[] }> {
  if (catalogueId === null) return { primary: "de", further: [] };
  const [catalogue, further] = await Promise.all([
    db.selectFrom("service_catalogues").select("content_language").where("id", "=", catalogueId).executeTakeFirst(),
    db.selectFrom("catalogue_languages").select("language").where("catalogue_id", "=", catalogueId).orderBy("language").execute(),
  ]);
  const primary = catalogue?.content_language ?? "de";
  return { primary, further: further.map((r) => r.language).filter((l) => l !== primary) };
}

const LANGUAGE_LIST_KEY = "content_languages";

/** The languages catalogues may offer: the superadmin's list, else the default ten. */
export async function offeredLanguages(db: Executor): Promise<string[]> {
  const stored = await getSetting(db, LANGUAGE_LIST_KEY);
  return Array.isArray(stored) && stored.length && stored.every(isContentLanguage) ? (stored as string[]) : [...CONTENT_LANGUAGES];
}

/** Sets the list (superadmins); languages catalogues already offer stay on it. False when unchanged. */
export async function setOfferedLanguages(db: Executor, codes: string[], causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const inUse = [
      ...(await trx.selectFrom("service_catalogues").select("content_language as language").distinct().execute()),
      ...(await trx.selectFrom("catalogue_languages").select("language").distinct().execute()),
    ].map((r) => r.language);
    const next = [...new Set([...codes, ...inUse])];
    if (next.join() === (await offeredLanguages(trx)).join()) return false;
    await putSetting(trx, LANGUAGE_LIST_KEY, next, causer);
    return true;
  });
}

/** Sets a catalogue's primary and further languages; false when nothing changed. Translations are kept. */
export async function setCatalogueLanguages(db: Executor, catalogueId: number, primary: string, further: string[], causer: Causer): Promise<boolean> {
  const offered = await offeredLanguages(db);
  if (!offered.includes(primary) || further.some((l) => !offered.includes(l))) throw new ValidationError({ languages: "validation.invalidChoice" });
  const wanted = [...new Set(further)].filter((l) => l !== primary).sort();
  return inTransaction(db, async (trx) => {
    const before = await catalogueLanguages(trx, catalogueId);
    const exists = await trx.selectFrom("service_catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst();
    if (!exists) throw new NotFoundError("catalogue");
    if (before.primary === primary && before.further.join() === wanted.join()) return false;
    await trx.updateTable("service_catalogues").set({ content_language: primary }).where("id", "=", catalogueId).execute();
    await trx.deleteFrom("catalogue_languages").where("catalogue_id", "=", catalogueId).execute();
    if (wanted.length) await trx.insertInto("catalogue_languages").values(wanted.map((language) => ({ catalogue_id: catalogueId, language }))).execute();
    await recordActivity(trx, { subjectType: "catalogue", subjectId: catalogueId, event: "content_languages", causer, oldValues: before, newValues: { primary, further: wanted } });
    return true;
  });
}

/**
 * The language to show: the one asked for (`?lang=`) if the catalogue offers it, else the
 * reader's interface language if offered, else the primary language.
 */
export function shownLanguage(languages: { primary: string; further: string[] }, asked: string | null, interfaceLanguage: string): string {
  const offered = [languages.primary, ...languages.further];
  if (asked && offered.includes(asked)) return asked;
  if (offered.includes(interfaceLanguage)) return interfaceLanguage;
  return languages.primary;
}

const plain = (text: string) => (/<[a-z][^>]*>/i.test(text) ? markupToText(text) : text);

/** The translations of one subject into `language`, each compared with the current source. */
export async function fieldTranslations(db: Executor, subjectType: string, subjectId: number, language: string, sources: Record<string, string | null>): Promise<Record<string, FieldTranslation>> {
  const rows = await db
    .selectFrom("content_translations")
    .select(["field", "value", "source_hash", "source_value", "updated_at"])
    .where("subject_type", "=", subjectType)
    .where("subject_id", "=", subjectId)
    .where("language", "=", language)
    .execute();
  const result: Record<string, FieldTranslation> = {};
  for (const row of rows) {
    const source = sources[row.field] ?? "";
    const outdated = row.source_hash !== sourceHash(source);
    result[row.field] = {
      value: row.value,
      outdated,
      sourceDiff: outdated ? diffWords(plain(row.source_value), plain(source)).map((p) => ({ text: p.value, change: p.added ? "added" : p.removed ? "removed" : undefined })) : null,
      updatedAt: row.updated_at,
    };
  }
  return result;
}

/** The service page's content-language panel (null: the catalogue offers one language only). */
export async function contentPanel(db: Executor, catalogueId: number | null, asked: string | null, interfaceLanguage: string, subject: { type: string; id: number; sources: Record<string, string | null> }): Promise<ContentPanel | null> {
  const languages = await catalogueLanguages(db, catalogueId);
  if (!languages.further.length) return null;
  const current = shownLanguage(languages, asked, interfaceLanguage);
  return {
    primary: languages.primary,
    languages: [languages.primary, ...languages.further],
    current,
    translations: current === languages.primary ? null : await fieldTranslations(db, subject.type, subject.id, current, subject.sources),
  };
}

/**
 * Saves one field's translation (an empty value removes it), made from `source` as it is now.
 * `expectedUpdatedAt`: the translation's version the form was loaded with ("" when there was none).
 */
export async function saveTranslation(
  db: Executor,
  input: { subjectType: string; subjectId: number; field: string; language: string; value: string; source: string | null; expectedUpdatedAt: string | null },
  causer: Causer,
): Promise<void> {
  if (!isContentLanguage(input.language)) throw new ValidationError({ lang: "validation.invalidChoice" });
  await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("content_translations")
      .select(["value", "updated_at"])
      .where("subject_type", "=", input.subjectType)
      .where("subject_id", "=", input.subjectId)
      .where("field", "=", input.field)
      .where("language", "=", input.language)
      .executeTakeFirst();
    if (input.expectedUpdatedAt !== null && (before?.updated_at ?? "") !== input.expectedUpdatedAt) throw new StaleRecordError({ value: before?.value ?? "" }, ["value"]);
    await trx
      .deleteFrom("content_translations")
      .where("subject_type", "=", input.subjectType)
      .where("subject_id", "=", input.subjectId)
      .where("field", "=", input.field)
      .where("language", "=", input.language)
      .execute();
    if (input.value.trim()) {
      await trx
        .insertInto("content_translations")
        .values({
          subject_type: input.subjectType,
          subject_id: input.subjectId,
          field: input.field,
          language: input.language,
          value: input.value,
          source_hash: sourceHash(input.source),
          source_value: input.source ?? "",
          updated_at: new Date().toISOString(),
          updated_by: causer.id,
        })
        .execute();
    }
    await recordActivity(trx, {
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      event: "translation_saved",
      causer,
      oldValues: { language: input.language, [input.field]: before?.value ?? null },
      newValues: { language: input.language, [input.field]: input.value.trim() ? input.value : null },
    });
  });
}

/**
 * Names in the reader's language for a page of services (issue 37 §4): the translated name where
 * there is one; the others keep the original and are listed as untranslated (the page marks them).
 * One query for the page's ids; nothing when the language shown is the original.
 */
export async function translatedNames(db: Executor, ids: number[], language: string | null): Promise<{ names: Map<number, string>; untranslated: Set<number> }> {
  if (!language || !ids.length) return { names: new Map(), untranslated: new Set() };
  const rows = await db
    .selectFrom("content_translations")
    .select(["subject_id", "value"])
    .where("subject_type", "=", "service")
    .where("field", "=", "name")
    .where("language", "=", language)
    .where("subject_id", "in", ids)
    .execute();
  const names = new Map(rows.map((r) => [r.subject_id, r.value]));
  return { names, untranslated: new Set(ids.filter((id) => !names.has(id))) };
}

/**
 * The translations of many services' fields into `language` (a document of a whole catalogue):
 * service id → field → value, read in chunks of ids.
 */
export async function serviceTranslations(db: Executor, ids: number[], language: string, fields: readonly string[]): Promise<Map<number, Record<string, string>>> {
  const result = new Map<number, Record<string, string>>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("content_translations")
      .select(["subject_id", "field", "value"])
      .where("subject_type", "=", "service")
      .where("language", "=", language)
      .where("field", "in", [...fields])
      .where("subject_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const row of rows) result.set(row.subject_id, { ...(result.get(row.subject_id) ?? {}), [row.field]: row.value });
  }
  return result;
}

export interface StoredTranslation {
  value: string;
  sourceHash: string;
}

/**
 * Every stored translation of these subjects (whole catalogues: the API, releases): id → language
 * → field → the translation with its source's hash. Read in chunks of ids; `fields` narrows.
 */
export async function translationsOf(db: Executor, subjectType: string, ids: number[], fields?: readonly string[]): Promise<Map<number, Record<string, Record<string, StoredTranslation>>>> {
  const result = new Map<number, Record<string, Record<string, StoredTranslation>>>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("content_translations")
      .select(["subject_id", "field", "language", "value", "source_hash"])
      .where("subject_type", "=", subjectType)
      .where("subject_id", "in", ids.slice(i, i + 500))
      .$if(fields !== undefined, (q) => q.where("field", "in", [...fields!]))
      .orderBy("language")
      .orderBy("field")
      .execute();
    for (const row of rows) {
      const languages = result.get(row.subject_id) ?? {};
      languages[row.language] = { ...languages[row.language], [row.field]: { value: row.value, sourceHash: row.source_hash } };
      result.set(row.subject_id, languages);
    }
  }
  return result;
}

/** Just the texts: language → field → value (what a release freezes and the API shows). */
export const translationTexts = (stored: Record<string, Record<string, StoredTranslation>> | undefined): Record<string, Record<string, string>> =>
  Object.fromEntries(Object.entries(stored ?? {}).map(([language, fields]) => [language, Object.fromEntries(Object.entries(fields).map(([field, t]) => [field, t.value]))]));
