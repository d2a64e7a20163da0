import { z } from "zod";
import { requiredText, tooLong } from "~/ui/form/fields";

/** The forms of releases (issue 35), used by the actions and the dialogs alike (messages are i18n keys). */

import { LABEL_MAX, NOTE_MAX, REASON_MAX } from "./releases-limits";

export const PublishSchema = z.object({
  label: requiredText(LABEL_MAX),
  /** HTML from the editor (or the textarea without JS); sanitised on save. */
  // `.default("")`, not a transform into a pipe: conform's coercion would turn the piped "" into undefined again.
  note: z.string().max(NOTE_MAX, { error: tooLong(NOTE_MAX) }).default(""),
});

export const WithdrawSchema = z.object({
  reason: requiredText(REASON_MAX),
});

/** "Kunden sehen": the latest release or the working copy (issue 35 §6). */
export const CustomerViewSchema = z.object({
  customerView: z.enum(["release", "working"], { error: "validation.invalidChoice" }),
});
