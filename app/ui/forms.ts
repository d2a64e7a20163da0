import type { TFunction } from "i18next";
import type { z } from "zod";
import type { FieldErrors } from "~/server/errors.server";

/** A field error (`FieldErrors`, ~/server/errors.server) as an i18n key with values: "auth.passwordTooShort|min=8". */
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
