import { z } from "zod";
import { SUPPORT_MESSAGE_MAX } from "./support-fields";

export { SUPPORT_FIELD, SUPPORT_MESSAGE_MAX } from "./support-fields";

/**
 * The support form (one schema for the action and the form; client-safe). The spec wants no check
 * in the browser (spec 01 §5), so the form does not validate; the server refuses an empty message
 * (also one that is empty once sanitised) beside the field. Messages are i18n keys.
 */

export const SupportSchema = z.object({
  message: z
    .string({ error: "support.messageEmpty" })
    .max(SUPPORT_MESSAGE_MAX, { error: "support.messageTooLong" }),
});
