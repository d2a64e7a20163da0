import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import type { FieldErrors } from "~/server/errors.server";

/** Beside a refused section: which rich-text field it was, and the stored values of a stale save. */
export interface ServiceMeta {
  field?: string;
  current?: Record<string, unknown>;
  /** Live services that still require one about to be retired (issue 36 §2). */
  requiredBy?: { id: number; name: string }[];
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
  requiredBy?: { id: number; name: string }[];
}

export type Named = { id: number; name: string };

/** The refusal of one section (and rich-text field), read with the pipeline's one reader (`answerFields`). */
export function resultFor(answer: ServiceAnswer | undefined, section: string, field?: string): ActionResult | undefined {
  const mine = answerFor(answer, section);
  if (!mine || (field && mine.meta?.field !== field)) return undefined;
  return { section, field: mine.meta?.field, ...answerFields(mine), current: mine.meta?.current, requiredBy: mine.meta?.requiredBy };
}
