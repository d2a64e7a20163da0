import { z } from "zod";
import { idField, optionalText, requiredText } from "~/ui/form/fields";
import { DESCRIPTION_MAX, NAME_MAX } from "./structure-limits";

/**
 * The edit form of an area or a category: one schema for the model's own check, the action and
 * the form (client-safe). Descriptions are plain text.
 */

export { DESCRIPTION_MAX, NAME_MAX } from "./structure-limits";

export const nameSchema = requiredText(NAME_MAX);

/** Plain text; nothing typed is null. */
export const descriptionSchema = optionalText(DESCRIPTION_MAX);

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
  description: descriptionSchema,
  areaId: idField("structure.areaInvalid")
    .optional()
    .transform((v) => v ?? null),
});
