import { z } from "zod";

/**
 * The support form (one schema for the action and the form; client-safe). The spec wants no check
 * in the browser (spec 01 §5), so the form does not validate; the server refuses an empty message
 * (also one that is empty once sanitised) beside the field. Messages are i18n keys.
 */
export const SUPPORT_MESSAGE_MAX = 100_000;

export const SupportSchema = z.object({
  message: z
    .string({ error: "support.messageEmpty" })
    .max(SUPPORT_MESSAGE_MAX, { error: "support.messageTooLong" }),
});

/** The field's name: the editor's hidden input and the textarea without JS post under it. */
export const SUPPORT_FIELD = "message";
