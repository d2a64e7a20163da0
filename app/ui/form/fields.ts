import { z } from "zod";

/**
 * Shared zod field helpers for the form pipeline. Conform hands an empty field to the schema as
 * `undefined`, so "required" is the type error and its message is the form's own i18n key.
 */

/** A required text: trimmed, not empty, at most `max` characters. */
export function requiredText(message: string, options: { max?: number; tooLong?: string } = {}) {
  const text = z.string({ error: message }).trim().min(1, { error: message });
  return options.max ? text.max(options.max, { error: options.tooLong ?? message }) : text;
}

/** An optional text: trimmed; empty becomes null (what the database stores for "nothing"). */
export function optionalText(options: { max?: number; tooLong?: string } = {}) {
  const text = options.max ? z.string().trim().max(options.max, { error: options.tooLong }) : z.string().trim();
  return text.optional().transform((value) => (value ? value : null));
}

/** A list of positive ids from repeated fields (`id=3&id=7`); one value or none becomes a list too. */
export function idList() {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.coerce.number().int().positive()),
  );
}
