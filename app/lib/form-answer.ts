import type { SubmissionResult } from "@conform-to/react";

/*
 * The answer shape of the form pipeline, without conform's runtime: pages that only read a
 * refusal (the catalogue browser) import this and keep their first-load JS small. It lives in
 * app/lib because both halves use it: app/server/form.server.ts builds the answer, the pages read it.
 */

/** What an action answers a refused form with: conform's reply (values minus secrets, errors). */
export type FormReply = SubmissionResult<string[]>;

/** A reply on a page with several forms: `target` names the refused form (its intent), `meta` what the page shows beside it. */
export type FormAnswer<M = never> = FormReply & { target?: string; meta?: M };

/** The reply if it belongs to this form, for `useSchemaForm`. */
export function answerFor<M>(answer: FormAnswer<M> | null | undefined, target: string): FormAnswer<M> | undefined {
  return answer?.target === target ? answer : undefined;
}

/** The first error of the whole form (conform keeps it under ""). */
export function formError(answer: FormReply | null | undefined): string | undefined {
  return answer?.error?.[""]?.[0];
}

/** A refusal as a form shows it: the first error per field (`_form` for the whole form) and the typed values as strings. */
export interface AnswerFields {
  errors: Partial<Record<string, string>>;
  values?: Record<string, string>;
}

/** A refusal read field by field: the first error per field ("_form" for the whole form) and what was typed, as strings. */
export function answerFields(answer: FormReply): AnswerFields {
  const errors: Partial<Record<string, string>> = {};
  for (const [name, messages] of Object.entries(answer.error ?? {})) if (messages?.[0]) errors[name === "" ? "_form" : name] = messages[0];
  const typed = answer.initialValue as Record<string, unknown> | undefined;
  const values = typed ? Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, Array.isArray(v) ? v.join("\n") : String(v ?? "")])) : undefined;
  return { errors, values };
}
