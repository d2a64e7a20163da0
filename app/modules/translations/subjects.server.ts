import type { Kysely } from "kysely";
import type { Permission } from "~/modules/access/policy";
import type { Executor } from "~/server/audit.server";
import { catalogueLanguages } from "./translations.server";
import type { SubjectType } from "./subject-types";

/**
 * What besides services carries translations (issue 37 §1), in one table of its own kind each:
 * areas and categories (of a catalogue: its further languages), glossary terms and service-level
 * definitions (the organisation's: every language a catalogue offers). The same translations
 * table and functions take them (subject type, field); one page edits them.
 */

export type FieldKind = "plain" | "rich";

export interface SubjectSpec {
  table: "service_areas" | "service_categories" | "term_definitions" | "kpis";
  /** The translatable columns; the first is the subject's name. */
  fields: Record<string, FieldKind>;
  /** Whose catalogue's languages apply; null: the organisation's base data (all offered languages). */
  catalogueColumn: "service_catalogue_id" | null;
  permission: Permission;
}

export const SUBJECTS: Record<SubjectType, SubjectSpec> = {
  area: { table: "service_areas", fields: { name: "plain", description: "rich" }, catalogueColumn: "service_catalogue_id", permission: "manage:structure" },
  category: { table: "service_categories", fields: { name: "plain", description: "rich" }, catalogueColumn: "service_catalogue_id", permission: "manage:structure" },
  term: { table: "term_definitions", fields: { term: "plain", definition: "rich" }, catalogueColumn: null, permission: "update:basedata" },
  kpi: { table: "kpis", fields: { name: "plain", definition: "rich", calculation: "rich", measuring_points: "rich" }, catalogueColumn: null, permission: "update:basedata" },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables and columns come from the fixed map above
const untyped = (db: Executor) => db as unknown as Kysely<any>;

/** One subject's translatable texts and its catalogue (null when it has none or is base data); null when it does not exist. */
export async function subjectRow(db: Executor, type: SubjectType, id: number): Promise<{ texts: Record<string, string | null>; catalogueId: number | null } | null> {
  const spec = SUBJECTS[type];
  const columns = [...Object.keys(spec.fields), ...(spec.catalogueColumn ? [spec.catalogueColumn] : [])];
  const row = (await untyped(db).selectFrom(spec.table).select(columns).where("id", "=", id).executeTakeFirst()) as Record<string, string | number | null> | undefined;
  if (!row) return null;
  const texts = Object.fromEntries(Object.keys(spec.fields).map((f) => [f, (row[f] as string | null) ?? null]));
  return { texts, catalogueId: spec.catalogueColumn ? ((row[spec.catalogueColumn] as number | null) ?? null) : null };
}

/** The languages a subject is translated into, and its original's. */
export async function subjectLanguages(db: Executor, type: SubjectType, catalogueId: number | null): Promise<{ primary: string; further: string[] }> {
  if (SUBJECTS[type].catalogueColumn) return catalogueLanguages(db, catalogueId);
  // Base data serves every catalogue: each language some catalogue offers besides its original.
  const rows = await db
    .selectFrom("catalogue_languages as l")
    .innerJoin("service_catalogues as c", "c.id", "l.catalogue_id")
    .select("l.language")
    .distinct()
    .whereRef("l.language", "<>", "c.content_language")
    .orderBy("l.language")
    .execute();
  const primary = await db.selectFrom("service_catalogues").select("content_language").where("id", ">", 0).orderBy("id").executeTakeFirst();
  return { primary: primary?.content_language ?? "de", further: rows.map((r) => r.language).filter((l) => l !== (primary?.content_language ?? "de")) };
}

/** Names in `language` for these subjects where translated (areas and categories of a page); nothing for the original. */
export async function translatedSubjectNames(db: Executor, type: SubjectType, ids: number[], language: string | null): Promise<Map<number, string>> {
  if (!language || !ids.length) return new Map();
  const field = Object.keys(SUBJECTS[type].fields)[0];
  const rows = await db
    .selectFrom("content_translations")
    .select(["subject_id", "value"])
    .where("subject_type", "=", type)
    .where("field", "=", field)
    .where("language", "=", language)
    .where("subject_id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.subject_id, r.value]));
}
