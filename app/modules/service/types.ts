import type { FieldErrors } from "~/ui/forms";

/** The last refused save of the page (the action's answer), for the section it belongs to. */
export interface ActionResult {
  section: string;
  field?: string;
  errors: FieldErrors;
  values?: Record<string, unknown>;
  current?: Record<string, unknown>;
}

export type Named = { id: number; name: string };

export function resultFor(result: ActionResult | undefined, section: string, field?: string): ActionResult | undefined {
  if (!result || result.section !== section) return undefined;
  if (field && result.field !== field) return undefined;
  return result;
}
