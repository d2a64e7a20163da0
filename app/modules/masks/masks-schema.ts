import { z } from "zod";
import {
  DETAIL_FLAG_FIELDS,
  DETAIL_TEXT_FIELDS,
  JUMP_SECTIONS,
  PERSONAL_FLAG_FIELDS,
  PERSONAL_TEXT_FIELDS,
  RICH_FIELDS,
} from "~/modules/service/service-sections";
import { requiredText, tooLong } from "~/ui/form/fields";

/**
 * Attribute masks (issue 15 §2), client-safe half: what a mask can hide and the form's schema.
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

/** Repeated checkboxes arrive as nothing, one string or a list. */
const list = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));
const optionalId = z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{1,12}$/, { error: "masks.errors.target" }).transform(Number).optional());

/** The mask form (new and edit). The target is the area or the category select, as target_model says. */
export const MaskSchema = z
  .object({
    name: requiredText(120),
    target_model: z.enum(["area", "category"], { error: "masks.errors.targetModel" }),
    area_id: optionalId,
    category_id: optionalId,
    fields: list(z.enum(MASK_FIELDS as [string, ...string[]], { error: "masks.errors.unknown" })),
    sections: list(z.enum(MASK_SECTIONS as [string, ...string[]], { error: "masks.errors.unknown" })),
    attributes: list(z.coerce.number({ error: "masks.errors.unknown" }).int().positive({ error: "masks.errors.unknown" })),
  })
  .superRefine((v, ctx) => {
    const field = v.target_model === "area" ? "area_id" : "category_id";
    if (v[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: "masks.errors.target" });
  });
export type MaskInput = z.output<typeof MaskSchema>;

/** A mask as the model writes it. */
export interface MaskValues {
  name: string;
  target_model: "area" | "category";
  target_id: number;
  hidden: Pick<MaskHidden, "fields" | "sections" | "attributes">;
}

export function maskValuesOf(input: MaskInput): MaskValues {
  return {
    name: input.name,
    target_model: input.target_model,
    target_id: (input.target_model === "area" ? input.area_id : input.category_id)!,
    hidden: { fields: input.fields, sections: input.sections, attributes: input.attributes },
  };
}

/** The service headlines form: one row, its custom text (empty = none). */
export const HeadlineSchema = z.object({
  intent: z.enum(["save", "reset"]),
  position: z.string({ error: "headlines.errors.position" }).regex(/^(?:[1-9]|1[01])$/, { error: "headlines.errors.position" }).transform(Number),
  custom: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\s+/g, " ").trim())
    .pipe(z.string().max(120, { error: tooLong(120) })),
});
