import { z } from "zod";
import { parseId } from "~/lib/ids";
import { idField } from "~/ui/form/fields";

/** The target category of a duplicate, a derivative or a restore: a positive id, else "choose a category". */
export const CategoryChoiceSchema = z.object({
  categoryId: idField("lifecycle.categoryRequired"),
});

/** The delete confirmation: the version it was shown with and the derivatives it listed (ids, comma-separated). */
export const DeleteServiceSchema = z.object({
  updated_at: z.string().min(1),
  derivatives: z
    .string()
    .optional()
    .refine((v) => !v || v.split(",").every((part) => parseId(part) !== null))
    .transform((v) => (v ? v.split(",").map(Number) : [])),
});
