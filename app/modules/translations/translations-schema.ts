import { z } from "zod";
import { idField, tooLong } from "~/ui/form/fields";
import { MAX_CONTENT_LANGUAGES, isKnownLanguage, parseLanguageList } from "./translations";

/** A catalogue's content languages: the original and any further ones (issue 37 §1). */
export const ContentLanguagesSchema = z.object({
  catalogue: idField(),
  primary: z.string({ error: "validation.invalidChoice" }).regex(/^[a-z]{2,3}$/, { error: "validation.invalidChoice" }),
  further: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().regex(/^[a-z]{2,3}$/, { error: "validation.invalidChoice" })).max(MAX_CONTENT_LANGUAGES)),
});

/** The languages catalogues may offer (superadmins): ISO 639-1 codes, separated by commas or spaces. */
export const LanguageListSchema = z.object({
  codes: z
    .string({ error: "translations.errors.codes" })
    .transform(parseLanguageList)
    .refine((codes) => codes.length > 0 && codes.length <= MAX_CONTENT_LANGUAGES && codes.every(isKnownLanguage), { error: "translations.errors.codes" }),
});

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
