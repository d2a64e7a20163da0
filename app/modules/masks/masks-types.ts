import { DETAIL_FLAG_FIELDS, DETAIL_TEXT_FIELDS, JUMP_SECTIONS, PERSONAL_FLAG_FIELDS, PERSONAL_TEXT_FIELDS, RICH_FIELDS } from "~/modules/service/service-fields";

/**
 * Attribute masks (issue 15 §2), what a mask can hide, without zod (the form's
 * schema is masks-schema.ts; decision 0063).
 * A mask hides, for the services under its area or category, plain service fields, whole
 * sections of the service page (the jump-to sections) and custom attributes. Stored as a JSON
 * array of tokens in attribute_masks.hidden_attributes: "field:art_nr", "section:cost", "attribute:7".
 */

/** Plain service fields a mask may hide, by the service page group they are shown in. */
export const MASK_FIELD_GROUPS = [
  { key: "details", fields: [...DETAIL_TEXT_FIELDS, ...DETAIL_FLAG_FIELDS] },
  { key: "personaldata", fields: [...PERSONAL_TEXT_FIELDS, ...PERSONAL_FLAG_FIELDS] },
] as const;
export const MASK_FIELDS = MASK_FIELD_GROUPS.flatMap((g) => g.fields) as readonly string[];

/** The jump-to sections (spec 01 §2) with their service-headline position. */
export const MASK_SECTIONS = JUMP_SECTIONS.map(([anchor]) => anchor) as readonly string[];
export type MaskSection = (typeof JUMP_SECTIONS)[number][0];

/** What applies to one service: the union of its category's and its area's masks. */
export interface MaskHidden {
  /** Hidden fields, including those a hidden section holds (a rich-text section, the costs section's fields). */
  fields: string[];
  sections: string[];
  attributes: number[];
}

export const NOTHING_HIDDEN: MaskHidden = { fields: [], sections: [], attributes: [] };

/** The fields a section shows: a rich-text section its field, the costs section the details fields. */
export function fieldsOfSection(section: string): readonly string[] {
  if ((RICH_FIELDS as readonly string[]).includes(section)) return [section];
  if (section === "cost") return MASK_FIELD_GROUPS[0].fields;
  return [];
}

/** A stored hidden_attributes value read leniently (unknown tokens and broken JSON hide nothing). */
export function parseHidden(json: string | null | undefined): MaskHidden {
  let tokens: unknown = [];
  try {
    tokens = JSON.parse(json || "[]");
  } catch {
    tokens = [];
  }
  const out: MaskHidden = { fields: [], sections: [], attributes: [] };
  if (!Array.isArray(tokens)) return out;
  for (const token of tokens) {
    if (typeof token !== "string") continue;
    const [kind, value] = [token.slice(0, token.indexOf(":")), token.slice(token.indexOf(":") + 1)];
    if (kind === "field" && MASK_FIELDS.includes(value)) out.fields.push(value);
    else if (kind === "section" && MASK_SECTIONS.includes(value)) out.sections.push(value);
    else if (kind === "attribute" && /^\d+$/.test(value)) out.attributes.push(Number(value));
  }
  return out;
}

/** The stored form: tokens in a fixed order, without duplicates. */
export function encodeHidden(hidden: Pick<MaskHidden, "fields" | "sections" | "attributes">): string {
  const fields = MASK_FIELDS.filter((f) => hidden.fields.includes(f)).map((f) => `field:${f}`);
  const sections = MASK_SECTIONS.filter((s) => hidden.sections.includes(s)).map((s) => `section:${s}`);
  const attributes = [...new Set(hidden.attributes)].sort((a, b) => a - b).map((id) => `attribute:${id}`);
  return JSON.stringify([...sections, ...fields, ...attributes]);
}

