import { z } from "zod";
import { idField } from "~/ui/form/fields";
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
