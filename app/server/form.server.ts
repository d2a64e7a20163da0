import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { NotFoundError, ForbiddenError, StaleRecordError, ValidationError } from "./errors.server";
import { readFormData, type BodyLimit } from "./request-body.server";
import type { FormAnswer, FormReply } from "~/lib/form-answer";
import { refusal } from "./refusal.server";

/**
 * The one form pipeline, server half (docs/decisions/0016-form-pipeline.md): read the body
 * (415/400 for what is not a form), validate it with the form's zod schema through conform, and
 * answer a refusal as conform's SubmissionResult — field errors beside the field, the submitted
 * values kept, passwords never echoed. Messages are i18n keys ("auth.emailInvalid"); the form
 * translates them in the reader's language.
 */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S, options: ValidateOptions & BodyLimit = {}) {
  const form = await readFormData(request, { maxBytes: options.maxBytes });
  return { form, submission: validateForm(form, schema, options) };
}

export interface ValidateOptions {
  /** The schema reads empty strings itself (an emptied optional field clears the stored value), so conform must not turn them into undefined. */
  keepEmpty?: boolean;
}

/** The same validation for a form already read (a page whose forms are told apart by their intent). */
export function validateForm<S extends z.ZodType>(form: FormData, schema: S, options: ValidateOptions = {}) {
  return parseWithZod(form, { schema, disableAutoCoercion: options.keepEmpty });
}

/**
 * A form's references (which row, which move, which record), validated like any form: a post that
 * names none is a 400 — a broken or forged form, with no field to show an error beside.
 */
export function referencesOr400<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const submission = validateForm(form, schema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  return submission.value as z.output<S>;
}

/** Fields whose values never travel back to the browser. */
const SECRET = /password|confirmation|token/i;

type Submission = {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => FormReply;
  payload: Record<string, unknown>;
};

/** Refusal messages (i18n keys): one for the whole form, one per field. */
export interface Refusal {
  form?: string;
  fields?: Record<string, string | undefined>;
}

/** On a page with several forms: which one was refused (its intent) and what the page needs to explain it. */
export interface AnswerTarget<M> {
  target?: string;
  meta?: M;
}

function fieldErrorsOf(errors: Refusal) {
  const entries = Object.entries(errors.fields ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, [v]])) : undefined;
}

/** A refusal: the form's values (minus secrets) and the errors, with a 4xx status. */
export function refuse<M = never>(submission: Submission, errors: Refusal = {}, status = 400, answer: AnswerTarget<M> = {}) {
  const hideFields = Object.keys(submission.payload).filter((name) => SECRET.test(name));
  const reply = submission.reply({ formErrors: errors.form ? [errors.form] : undefined, fieldErrors: fieldErrorsOf(errors), hideFields });
  return data<FormAnswer<M>>({ ...reply, ...answer }, { status });
}

/**
 * A refusal of a form without fields to keep (a confirmation button, a file upload): the same
 * answer shape, so the page reads every refusal one way.
 */
export function refuseForm<M = never>(errors: Refusal, status = 400, answer: AnswerTarget<M> = {}) {
  const error: Record<string, string[]> = { ...fieldErrorsOf(errors) };
  if (errors.form) error[""] = [errors.form];
  return data<FormAnswer<M>>({ status: "error", error, ...answer }, { status });
}

/** What a form says when a domain error refuses its write (i18n keys). */
export interface DomainMessages {
  stale: string;
}

/** A model's field errors ("_form" for the whole form) as a refusal. */
export function refusalOf(error: ValidationError): Refusal {
  const { _form, ...fields } = error.errors;
  return { form: _form, fields };
}

/**
 * The domain errors every write can meet, as refusals: invalid input → 400 with its field errors,
 * a stale form → 409 with the form's message. Not found → 404 and forbidden → 403 are thrown
 * (nothing to show in the form). Null for an error the domain answers itself (or rethrows).
 */
export function commonRefusal(error: unknown, messages: DomainMessages): { errors: Refusal; status: number } | null {
  if (error instanceof NotFoundError) throw refusal(404);
  if (error instanceof ForbiddenError) throw refusal(403);
  if (error instanceof ValidationError) return { errors: refusalOf(error), status: 400 };
  if (error instanceof StaleRecordError) return { errors: { form: messages.stale }, status: 409 };
  return null;
}

/** commonRefusal answered for a form whose values are kept; any other error is rethrown. */
export function answerDomainError(error: unknown, submission: Parameters<typeof refuse>[0], messages: DomainMessages) {
  const refusal = commonRefusal(error, messages);
  if (!refusal) throw error;
  return refuse(submission, refusal.errors, refusal.status);
}

/**
 * Runs the handler of the posted intent. A typed map instead of `switch (intent)`: every intent a
 * form can post has its handler, and anything else is a 400 before anything is read or written.
 */
export function dispatchIntent<I extends string, R>(intent: FormDataEntryValue | null, handlers: Record<I, () => Promise<R>>): Promise<R> {
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) throw new Response("Bad Request", { status: 400 });
  return handlers[intent as I]();
}
