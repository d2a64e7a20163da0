import { z } from "zod";
import { idList, optionalText } from "~/ui/form/fields";
import { tooLong } from "~/ui/form/fields";

/**
 * The forms of the template import (one schema per form, read by the action, typing the form;
 * docs/decisions/0016-form-pipeline.md, 0063). Client-safe; messages are i18n keys.
 */

const URL_MAX = 2000;

/** An absolute http(s) address: the template server. */
const address = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(URL_MAX, { error: tooLong(URL_MAX) })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password;
    } catch {
      return false;
    }
  }, { error: "validation.url" });

/**
 * The connection form: address and key. The key field is named `token` so a refused form never
 * sends it back; left empty it keeps the stored key.
 */
export const ConnectionSchema = z.object({
  url: address,
  token: optionalText(500),
});

/** Where the import reads from (issue 35 §8): "now" (the approved services) or a release's id. */
export const SourceSchema = z.object({
  release: z.string({ error: "validation.invalidChoice" }).regex(/^(now|[1-9]\d{0,9})$/, { error: "validation.invalidChoice" }),
});

/** The selection posted to the import dialog: areas, categories and services ticked in the list. */
export const SelectionSchema = z.object({
  area: idList(),
  category: idList(),
  service: idList(),
  /** Set by the list with JS: the services are the whole selection (areas and categories already expanded and possibly thinned). */
  explicit: z.string().max(1).optional(),
  catalogue: z.coerce.number().int().optional(),
});

/** Template providers or service levels to import. */
export const BaseDataSelectionSchema = z.object({
  item: idList(),
  all: z.string().max(1).optional(),
});
