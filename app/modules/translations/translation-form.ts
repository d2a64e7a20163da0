import { z } from "zod";
import { tooLong } from "~/ui/form/fields";

/** Longest translation a form takes (as the rich-text editors' originals). */
export const TRANSLATION_MAX = 200_000;

/**
 * One field's translation, as every translation form posts it (the service page's sections and
 * the translations page): which field, the language (whether it is offered is the action's to
 * check), the text ("" removes it) and the translation's version the form was loaded with.
 */
export function translationForm<F extends z.ZodType<string>>(field: F) {
  return z.object({
    field,
    lang: z.string({ error: "validation.invalidChoice" }).regex(/^[a-z]{2,3}$/, { error: "validation.invalidChoice" }),
    value: z
      .string()
      .max(TRANSLATION_MAX, { error: tooLong(TRANSLATION_MAX) })
      .optional()
      .transform((v) => v ?? ""),
    translation_version: z
      .string()
      .optional()
      .transform((v) => v ?? ""),
  });
}
