import { useForm } from "@conform-to/react";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { translateError } from "../forms";
import type { FormReply } from "~/lib/form-answer";

export { answerFor, formError, type FormAnswer, type FormReply } from "~/lib/form-answer";

/**
 * The one form pipeline, browser half (docs/decisions/0063-no-zod-in-the-browser.md): the form
 * is typed by the schema the action parses (`useSchemaForm<typeof Schema>(reply)`, the schema
 * imported with `import type`), but validates only on the server, so no zod reaches the browser.
 * Rendered from the action's reply (`lastResult`), the form shows each field's value,
 * `aria-invalid` and error, with JS and without alike. No `onValidate`: conform then lets every
 * submit through, and validation only on submit: on blur or input it would post a "validate"
 * intent to the action. Errors are i18n keys; `fieldError` translates the first one.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  lastResult: FormReply | null | undefined,
  options: { id?: string; defaultValue?: Parameters<typeof useForm<z.input<S>, z.output<S>, string[]>>[0]["defaultValue"] } = {},
) {
  return useForm<z.input<S>, z.output<S>, string[]>({
    id: options.id,
    lastResult: lastResult ?? null,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
}

/** The first error of a field (or of the form), translated; undefined when there is none. */
export function fieldError(t: TFunction, errors: string[] | undefined): string | undefined {
  return translateError(t, errors?.[0]);
}

/** What a conform field gives a text input (besides its `key`): its name, the value to show, and its translated error. */
export function fieldProps(t: TFunction, field: { name: string; initialValue?: unknown; errors?: string[] }) {
  const value = field.initialValue;
  return { name: field.name, defaultValue: value == null ? "" : String(value), error: fieldError(t, field.errors) };
}
