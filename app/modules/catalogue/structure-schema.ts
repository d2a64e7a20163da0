import { z } from "zod";
import { errorKey } from "~/ui/forms";

/**
 * The edit form of an area or a category: one schema for the model's own check, the action and
 * the form (client-safe). Descriptions are plain text.
 */

export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 20_000;

const tooLong = (max: number) => errorKey("validation.tooLong", { max });

export const nameSchema = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(NAME_MAX, { error: tooLong(NAME_MAX) });

/** Plain text; line breaks normalised to \n (a form posted without JS sends \r\n). */
export const descriptionSchema = z.preprocess(
  (v) => (v == null || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
  z.string().trim().max(DESCRIPTION_MAX, { error: tooLong(DESCRIPTION_MAX) }).nullable(),
);

/** An area id from a form: "" means "no area", absent means "leave as it is". */
export const areaIdSchema = z.preprocess(
  (v) => (v === "" ? null : v),
  z.union([z.null(), z.coerce.number({ error: "structure.areaInvalid" }).int({ error: "structure.areaInvalid" }).positive({ error: "structure.areaInvalid" })]),
);

/** The edit form of an area or a category (the category's area only when the area level is active). */
export const editSchema = z.object({
  name: nameSchema,
  description: descriptionSchema,
  areaId: areaIdSchema.optional(),
});

/**
 * The same fields as the form posts them through conform, where an empty field arrives as
 * undefined: no description is null, and on a form that offers the area, none chosen is null.
 */
export const StructureEditSchema = z.object({
  name: nameSchema,
  description: z
    .string()
    .optional()
    .transform((v) => v?.replace(/\r\n?/g, "\n").trim() || null)
    .refine((v) => v === null || v.length <= DESCRIPTION_MAX, { error: tooLong(DESCRIPTION_MAX) }),
  areaId: z
    .string()
    .regex(/^\d{1,15}$/, { error: "structure.areaInvalid" })
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n > 0, { error: "structure.areaInvalid" })
    .optional()
    .transform((v) => v ?? null),
});
