import { z } from "zod";
import { requiredText, tooLong } from "~/ui/form/fields";
import { MASK_FIELDS, MASK_SECTIONS, type MaskHidden } from "./masks-types";

/** The mask form's schema; what a mask can hide is in masks-types.ts (no zod, for the pages). */
export { MASK_FIELD_GROUPS, MASK_FIELDS, MASK_SECTIONS, NOTHING_HIDDEN, encodeHidden, fieldsOfSection, parseHidden, type MaskHidden, type MaskSection } from "./masks-types";

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
