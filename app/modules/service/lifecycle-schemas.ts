import { z } from "zod";

/** The target category of a duplicate, a derivative or a restore: a positive id, else "choose a category". */
export const CategoryChoiceSchema = z.object({
  categoryId: z
    .string({ error: "lifecycle.categoryRequired" })
    .regex(/^\d{1,15}$/, { error: "lifecycle.categoryRequired" })
    .transform(Number)
    .refine((n) => n > 0, { error: "lifecycle.categoryRequired" }),
});

/** The delete confirmation: the version it was shown with and the derivatives it listed (ids, comma-separated). */
export const DeleteServiceSchema = z.object({
  updated_at: z.string().min(1),
  derivatives: z
    .string()
    .regex(/^(\d+(,\d+)*)?$/)
    .optional()
    .transform((v) => (v ? v.split(",").map(Number) : [])),
});
