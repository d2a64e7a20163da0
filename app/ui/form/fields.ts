import { z } from "zod";
import { parseId } from "~/lib/ids";
import { errorKey } from "~/ui/forms";

/**
 * Shared zod field helpers. They read a form either way it can arrive: through conform (an empty
 * field is already undefined) or as raw strings (the models' own checks, base data). Messages are
 * i18n keys; "too long" names its limit.
 */

export const tooLong = (max: number) => errorKey("validation.tooLong", { max });

/** Trimmed, with line breaks as \n (a form posted without JS sends \r\n). */
const tidy = (v: string) => v.replace(/\r\n?/g, "\n").trim();

/** A required text: trimmed, not empty, at most `max` characters. */
export function requiredText(max: number, message = "validation.required") {
  return z
    .string({ error: message })
    .transform(tidy)
    .pipe(z.string({ error: message }).min(1, { error: message }).max(max, { error: tooLong(max) }));
}

/** An optional text: trimmed, at most `max` characters; nothing typed is null (what the database stores for "nothing"). */
export function optionalText(max: number) {
  return z
    .string()
    .nullish()
    .transform((v) => (v ? tidy(v) : "") || null)
    .pipe(z.string().max(max, { error: tooLong(max) }).nullable());
}

/** A record id (digits, within the database's integer range: `parseId`); anything else is refused with `message`. */
export function idField(message = "validation.invalidChoice") {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => parseId(v) !== null, { error: message })
    .transform((v) => parseId(v)!);
}

/**
 * A list of ids from repeated fields (`id=3&id=7`); one value or none becomes a list too, an
 * emptied entry is skipped, each id counts once. A value that is no id refuses the form: a posted
 * list is what the page offered, so garbage is a forged or broken form, not a choice to drop.
 */
export function idList(message = "validation.invalidChoice") {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== ""),
    z.array(idField(message)).transform((ids) => [...new Set(ids)]),
  );
}
