import type { Kysely } from "kysely";
import type { Permission } from "~/modules/access/policy";
import type { Executor } from "~/server/audit.server";
import { htmlToPlainText } from "~/server/sanitize.server";
import { catalogueLanguages } from "./translations.server";
import type { SubjectType } from "./subject-types";

/**
 * What besides services carries translations (issue 37 §1): areas and categories (in their
 * catalogue's further languages), glossary terms and service levels (the organisation's base
 * data: every language a catalogue offers), and a catalogue's cover sheet (its title,
 * introduction, sections and paragraphs as the fields of one subject, so one page translates it).
 * The same translations table and functions take them (subject type, id, field); one page edits them.
 */

export type FieldKind = "plain" | "rich";

export interface SubjectField {
  kind: FieldKind;
  /** Its label: a text key of the translations namespace with values. */
  label: { key: string; values?: Record<string, string> };
  text: string | null;
}

export interface SubjectContent {
  name: string;
  /** Whose languages apply (null: base data, every language offered). */
  catalogueId: number | null;
  fields: Record<string, SubjectField>;
}

interface SubjectSpec {
  permission: Permission;
  /** Organisation-wide base data: translated into every language some catalogue offers. */
  base: boolean;
  /** The field whose translation names the subject in lists (areas and categories in the browser). */
  nameField: string;
  read: (db: Executor, id: number) => Promise<SubjectContent | null>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables and columns come from the fixed specs below
const untyped = (db: Executor) => db as unknown as Kysely<any>;

/** A subject that is one row of a table: its text columns are its fields. */
function tableSubject(table: string, fields: Record<string, FieldKind>, catalogueColumn: string | null) {
  return async (db: Executor, id: number): Promise<SubjectContent | null> => {
    const columns = [...Object.keys(fields), ...(catalogueColumn ? [catalogueColumn] : [])];
    const row = (await untyped(db).selectFrom(table).select(columns).where("id", "=", id).executeTakeFirst()) as Record<string, string | number | null> | undefined;
    if (!row) return null;
    const name = Object.keys(fields)[0];
    return {
      name: htmlToPlainText(String(row[name] ?? "")),
      catalogueId: catalogueColumn ? ((row[catalogueColumn] as number | null) ?? null) : null,
      fields: Object.fromEntries(Object.entries(fields).map(([field, kind]) => [field, { kind, label: { key: `fields.${field}` }, text: (row[field] as string | null) ?? null }])),
    };
  };
}

/** A catalogue's cover sheet: its title and introduction, each section's name and description, each paragraph's title and text. */
async function readFrameSubject(db: Executor, catalogueId: number): Promise<SubjectContent | null> {
  const catalogue = await db.selectFrom("service_catalogues").select("title").where("id", "=", catalogueId).executeTakeFirst();
  if (!catalogue) return null;
  const [frame, sections] = await Promise.all([
    db.selectFrom("catalog_frames").select(["title", "introduction"]).where("service_catalogue_id", "=", catalogueId).executeTakeFirst(),
    db.selectFrom("sections").select(["id", "name", "description"]).where("service_catalogue_id", "=", catalogueId).orderBy("position").orderBy("id").execute(),
  ]);
  const paragraphs = sections.length
    ? await db.selectFrom("paragraphs").select(["id", "section_id", "title", "content"]).where("section_id", "in", sections.map((s) => s.id)).orderBy("global_position").orderBy("id").execute()
    : [];
  const fields: Record<string, SubjectField> = {
    title: { kind: "plain", label: { key: "fields.frameTitle" }, text: frame?.title ?? null },
    introduction: { kind: "rich", label: { key: "fields.introduction" }, text: frame?.introduction ?? null },
  };
  for (const section of sections) {
    const values = { section: section.name };
    fields[`section.${section.id}.name`] = { kind: "plain", label: { key: "fields.sectionName", values }, text: section.name };
    fields[`section.${section.id}.description`] = { kind: "rich", label: { key: "fields.sectionDescription", values }, text: section.description };
    for (const p of paragraphs.filter((x) => x.section_id === section.id)) {
      const inParagraph = { ...values, paragraph: htmlToPlainText(p.title ?? "") || "…" };
      fields[`paragraph.${p.id}.title`] = { kind: "plain", label: { key: "fields.paragraphTitle", values: inParagraph }, text: p.title };
      fields[`paragraph.${p.id}.content`] = { kind: "rich", label: { key: "fields.paragraphContent", values: inParagraph }, text: p.content };
    }
  }
  return { name: frame?.title || catalogue.title || String(catalogueId), catalogueId, fields };
}

export const SUBJECTS: Record<SubjectType, SubjectSpec> = {
  area: { permission: "manage:structure", base: false, nameField: "name", read: tableSubject("service_areas", { name: "plain", description: "rich" }, "service_catalogue_id") },
  category: { permission: "manage:structure", base: false, nameField: "name", read: tableSubject("service_categories", { name: "plain", description: "rich" }, "service_catalogue_id") },
  term: { permission: "update:basedata", base: true, nameField: "term", read: tableSubject("term_definitions", { term: "plain", definition: "rich" }, null) },
  kpi: { permission: "update:basedata", base: true, nameField: "name", read: tableSubject("kpis", { name: "plain", definition: "rich", calculation: "rich", measuring_points: "rich" }, null) },
  frame: { permission: "access:admin", base: false, nameField: "title", read: readFrameSubject },
  catalogue: { permission: "access:admin", base: false, nameField: "title", read: tableSubject("service_catalogues", { title: "plain", introduction: "rich" }, "id") },
};

/** The languages a subject is translated into, and its original's. */
export async function subjectLanguages(db: Executor, type: SubjectType, catalogueId: number | null): Promise<{ primary: string; further: string[] }> {
  if (!SUBJECTS[type].base) return catalogueLanguages(db, catalogueId);
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
    .where("field", "=", SUBJECTS[type].nameField)
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
