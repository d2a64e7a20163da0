import type { FormAnswer } from "~/ui/form/answer";
import type { FieldErrors } from "~/server/errors.server";

/** Beside a refused section: which rich-text field it was, and the stored values of a stale save. */
export interface ServiceMeta {
  field?: string;
  current?: Record<string, unknown>;
}

/** The service page action's refusal: conform's reply naming its section (`target`). */
export type ServiceAnswer = FormAnswer<ServiceMeta>;

/** A section's view of the last refused save: its errors (first per field, `_form` for the form), values and stale state. */
export interface ActionResult {
  section: string;
  field?: string;
  errors: FieldErrors;
  values?: Record<string, unknown>;
  current?: Record<string, unknown>;
}

export type Named = { id: number; name: string };

export function resultFor(answer: ServiceAnswer | undefined, section: string, field?: string): ActionResult | undefined {
  if (!answer || answer.target !== section) return undefined;
  if (field && answer.meta?.field !== field) return undefined;
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(answer.error ?? {})) if (messages?.[0]) errors[name === "" ? "_form" : name] = messages[0];
  return { section, field: answer.meta?.field, errors, values: answer.initialValue as Record<string, unknown> | undefined, current: answer.meta?.current };
}
