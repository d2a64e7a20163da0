import type { TFunction } from "i18next";
import type { z } from "zod";

/**
 * Field errors travel as i18n keys, optionally with values: "auth.passwordTooShort|min=8".
 * The server stays language-neutral; the form translates in the reader's language.
 */
export type FieldErrors = Partial<Record<string, string>>;

export function errorKey(key: string, values?: Record<string, string | number>): string {
  if (!values) return key;
  return `${key}|${Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join("|")}`;
}

export function translateError(t: TFunction, error: string | undefined | null): string | undefined {
  if (!error) return undefined;
  const [key, ...pairs] = error.split("|");
  const values: Record<string, string> = {};
  for (const pair of pairs) {
    const i = pair.indexOf("=");
    if (i > 0) values[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return t(key, values) as string;
}

/** First issue per field, keyed by the field name (nested paths joined with dots). */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_form";
    out[path] ??= issue.message;
  }
  return out;
}
