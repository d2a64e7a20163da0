import type { Kysely } from "kysely";
import type { Permission } from "~/modules/access/policy";
import { canEditService } from "~/modules/access/permissions.server";
import type { SessionUser } from "~/modules/access/user.server";
import { hiddenForService } from "~/modules/masks/mask-rules.server";

import type { Executor } from "~/server/audit.server";
import { htmlToPlainText } from "~/server/sanitize.server";
import { TRANSLATED_DETAILS, type SubjectType } from "./subject-types";

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
  /** Its label: a text key (with its namespace) and values. */
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
  read: (db: Executor, id: number) => Promise<SubjectContent | null>;
  /** A check beyond the permission (a service's parts: who may edit that service). */
  mayEdit?: (db: Executor, user: Pick<SessionUser, "id" | "role">, id: number) => Promise<boolean>;
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
      fields: Object.fromEntries(Object.entries(fields).map(([field, kind]) => [field, { kind, label: { key: `translations.fields.${field}` }, text: (row[field] as string | null) ?? null }])),
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
    title: { kind: "plain", label: { key: "translations.fields.frameTitle" }, text: frame?.title ?? null },
    introduction: { kind: "rich", label: { key: "translations.fields.introduction" }, text: frame?.introduction ?? null },
  };
  for (const section of sections) {
    const values = { section: section.name };
    fields[`section.${section.id}.name`] = { kind: "plain", label: { key: "translations.fields.sectionName", values }, text: section.name };
    fields[`section.${section.id}.description`] = { kind: "rich", label: { key: "translations.fields.sectionDescription", values }, text: section.description };
    for (const p of paragraphs.filter((x) => x.section_id === section.id)) {
      const inParagraph = { ...values, paragraph: htmlToPlainText(p.title ?? "") || "…" };
      fields[`paragraph.${p.id}.title`] = { kind: "plain", label: { key: "translations.fields.paragraphTitle", values: inParagraph }, text: p.title };
      fields[`paragraph.${p.id}.content`] = { kind: "rich", label: { key: "translations.fields.paragraphContent", values: inParagraph }, text: p.content };
    }
  }
  return { name: frame?.title || catalogue.title || String(catalogueId), catalogueId, fields };
}

/**
 * A service's parts besides its name and rich texts (issue 37 §1): its details' free texts, its
 * options' names and descriptions, its responsibilities' descriptions and its text attributes'
 * values — what its masks leave visible.
 */
async function readServiceParts(db: Executor, serviceId: number): Promise<SubjectContent | null> {
  const service = await db.selectFrom("services").select(["name", "service_catalogue_id", ...TRANSLATED_DETAILS]).where("id", "=", serviceId).where("deleted_at", "is", null).executeTakeFirst();
  if (!service) return null;
  const [options, responsibilities, attributes, hidden] = await Promise.all([
    db.selectFrom("service_options").select(["id", "name", "short_description", "description"]).where("service_id", "=", serviceId).orderBy("position").orderBy("id").execute(),
    db.selectFrom("responsibilities").select(["id", "description"]).where("service_id", "=", serviceId).orderBy("pos").orderBy("id").execute(),
    db
      .selectFrom("service_attribute_text_items as v")
      .innerJoin("service_attribute_items as i", "i.id", "v.service_attribute_item_id")
      .select(["i.id", "i.designation", "v.text"])
      .where("v.service_id", "=", serviceId)
      .where("v.text", "is not", null)
      .where("v.text", "<>", "")
      .orderBy("i.id")
      .execute(),
    hiddenForService(db, serviceId),
  ]);
  const fields: Record<string, SubjectField> = {};
  // The details' free texts that have a value (an empty one has nothing to translate).
  for (const field of TRANSLATED_DETAILS) {
    const text = service[field];
    if (!text?.trim() || (hidden.fields as readonly string[]).includes(field)) continue;
    fields[`detail.${field}`] = { kind: "plain", label: { key: `service.fields.${field}` }, text };
  }
  if (!hidden.sections.includes("options")) {
    for (const o of options) {
      const values = { option: o.name };
      fields[`option.${o.id}.name`] = { kind: "plain", label: { key: "translations.fields.optionName", values }, text: o.name };
      fields[`option.${o.id}.short_description`] = { kind: "rich", label: { key: "translations.fields.optionShort", values }, text: o.short_description };
      fields[`option.${o.id}.description`] = { kind: "rich", label: { key: "translations.fields.optionDescription", values }, text: o.description };
    }
  }
  if (!hidden.sections.includes("responsibilities")) {
    responsibilities.forEach((r, index) => {
      fields[`responsibility.${r.id}.description`] = { kind: "plain", label: { key: "translations.fields.responsibility", values: { number: String(index + 1) } }, text: r.description };
    });
  }
  for (const a of attributes) {
    if (hidden.sections.includes("attributes") || hidden.attributes.includes(a.id)) continue;
    fields[`attribute.${a.id}.text`] = { kind: "plain", label: { key: "translations.fields.attribute", values: { attribute: a.designation ?? String(a.id) } }, text: a.text };
  }
  return { name: service.name, catalogueId: service.service_catalogue_id, fields };
}

export const SUBJECTS: Record<SubjectType, SubjectSpec> = {
  serviceparts: { permission: "update:service", read: readServiceParts, mayEdit: canEditService },
  area: { permission: "manage:structure", read: tableSubject("service_areas", { name: "plain", description: "rich" }, "service_catalogue_id") },
  category: { permission: "manage:structure", read: tableSubject("service_categories", { name: "plain", description: "rich" }, "service_catalogue_id") },
  term: { permission: "update:basedata", read: tableSubject("term_definitions", { term: "plain", definition: "rich" }, null) },
  kpi: { permission: "update:basedata", read: tableSubject("kpis", { name: "plain", definition: "rich", calculation: "rich", measuring_points: "rich" }, null) },
  frame: { permission: "access:admin", read: readFrameSubject },
  catalogue: { permission: "access:admin", read: tableSubject("service_catalogues", { title: "plain", introduction: "rich" }, "id") },
};
