import { z } from "zod";
import { idField } from "~/ui/form/fields";
import { CONTENT_LANGUAGES } from "./translations";

/** A catalogue's content languages: the original and any further ones (issue 37 §1). */
export const ContentLanguagesSchema = z.object({
  catalogue: idField(),
  primary: z.enum(CONTENT_LANGUAGES, { error: "validation.invalidChoice" }),
  further: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(CONTENT_LANGUAGES, { error: "validation.invalidChoice" }))),
});
