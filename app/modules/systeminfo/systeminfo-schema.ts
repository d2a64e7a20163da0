import { z } from "zod";
import { requiredText, tooLong } from "~/ui/form/fields";
import { berlinLocalToIso } from "./rules";

/** The forms of /admin/systeminfo, used by the actions and the dialogs alike (messages are i18n keys). */

export const HEADLINE_MAX = 200;
export const VERSION_MAX = 40;
export const TEXT_MAX = 50_000;

const headline = requiredText(HEADLINE_MAX);
/**
 * HTML from the editor (or the textarea without JS); sanitised on save. Empty is allowed:
 * `.default("")`, not a transform into a pipe — conform's coercion turned the piped "" into
 * undefined, so an empty text was refused with zod's untranslated message.
 */
const text = z.string().max(TEXT_MAX, { error: tooLong(TEXT_MAX) }).default("");

/** A datetime-local value; read as Berlin time. */
const localDateTime = z.string().refine((v) => berlinLocalToIso(v) !== null, { error: "systeminfo.errors.dateInvalid" });

export const PatchNoteSchema = z.object({
  headline,
  version: requiredText(VERSION_MAX),
  patch_date: z.string({ error: "validation.required" }).pipe(localDateTime),
  text,
});

export const SystemMessageSchema = z.object({
  headline,
  text,
  /** Optional: without one the message is kept but never shown (spec 01 §5). */
  expiration_date: localDateTime.optional(),
});

/** "OK" of the system-message dialog. */
export const ReadMessageSchema = z.object({
  key: z.string().min(1).max(300),
  redirectTo: z.string().max(2000).optional(),
});
