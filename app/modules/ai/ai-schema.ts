import { z } from "zod";
import { idList, optionalText } from "~/ui/form/fields";
import { errorKey } from "~/ui/forms";
import { CONTENT_TYPES, GENERATE_MODES, INSTRUCTIONS_MAX, MAX_DELAY_SECONDS, REQUEST_DESCRIPTION_MAX } from "./ai";

/**
 * The assistant's forms, one zod schema each, used by the action and the component (issue 19
 * §2, §4). Messages are i18n keys; the spec's texts are in the translations.
 */

/** Repeated checkboxes (`types=a&types=b`); one value or none is a list too. */
const list = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/** The service page: the chosen content types, extra instructions, and update or add. */
export const GenerateSchema = z.object({
  mode: z.enum(GENERATE_MODES, { error: "errors.badRequest" }),
  types: list(z.enum(CONTENT_TYPES, { error: "ai.errors.noTypes" })).pipe(z.array(z.enum(CONTENT_TYPES)).min(1, { error: "ai.errors.noTypes" })),
  instructions: optionalText(INSTRUCTIONS_MAX),
});

/** The create flow's request: a name (optional: "Unbenannter Service"), what the service should do, the delay. */
export const RequestSchema = z.object({
  name: optionalText(255),
  description: z
    .string({ error: "ai.create.descriptionRequired" })
    .trim()
    .min(1, { error: "ai.create.descriptionRequired" })
    .max(REQUEST_DESCRIPTION_MAX, { error: errorKey("validation.tooLong", { max: REQUEST_DESCRIPTION_MAX }) }),
  delay: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : v),
    z.coerce
      .number({ error: "ai.create.delayInvalid" })
      .int({ error: "ai.create.delayInvalid" })
      .min(0, { error: "ai.create.delayInvalid" })
      .max(MAX_DELAY_SECONDS, { error: "ai.create.delayInvalid" }),
  ),
});

/**
 * The batch: a target catalogue (required, spec 02 §5), the server-kept responses ticked
 * (`draft`), and — with JS — the browser's responses as JSON (read by the action with
 * generatedServiceSchema).
 */
export const BatchSchema = z.object({
  catalogue: z
    .string({ error: "ai.batch.catalogueRequired" })
    .regex(/^-?\d+$/, { error: "ai.batch.catalogueRequired" })
    .transform(Number),
  draft: idList(),
  responses: z.string().max(5_000_000).optional(),
});
