/**
 * Input of the service-children writes: validation schemas (field errors as i18n keys) and the
 * errors a write answers with. Used by service-children.server.ts.
 */
import { z } from "zod";
import { DROPDOWN_SLOTS } from "~/server/db/schema";
import type { ChildIntent } from "./children-types";
import { fieldErrorsFrom } from "~/ui/forms";
import { optionalText, requiredText, tooLong } from "~/ui/form/fields";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import { NotFoundError, ValidationError } from "../../server/errors.server";

// ------------------------------------------------------------------------------------ errors


/** The option, responsibility, link or attribute is not (or no longer) there; nothing was written. */
export class ChildNotFoundError extends NotFoundError {}

/** Thrown inside a transaction to roll back a write that would change nothing. */
export class NoChange extends Error {}

// -------------------------------------------------------------------------------- validation

export const NAME_MAX = 255;
export const ART_NR_MAX = 100;
export const RICH_TEXT_MAX = 100_000;
export const RESPONSIBILITY_MAX = 2000;
export const URL_MAX = 2000;
export const ATTRIBUTE_TEXT_MAX = 2000;
export const COSTS_MAX = 1_000_000_000;

const REQUIRED = "validation.required";
const emptyToNull = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? null : v);

/** Rich text: stored sanitised; markup without any text (an empty paragraph) is stored as null. */
const richText = optionalText(RICH_TEXT_MAX).transform((v) => {
  if (v == null) return null;
  const clean = sanitizeRichText(v);
  return htmlToPlainText(clean) === "" ? null : clean;
});

/**
 * Costs in EUR: empty means 0; "12,50" and "1.234,50" (German) as well as "12.50" are accepted.
 * Without a comma a dot is the decimal point. Stored rounded to cents.
 */
export function normaliseCosts(v: unknown): unknown {
  if (v == null) return 0;
  if (typeof v !== "string") return v;
  let s = v.replace(/[\s\u00a0€]/g, "");
  if (s === "") return 0;
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

const costsSchema = z.preprocess(
  normaliseCosts,
  z
    .number({ error: "servicechildren.costsInvalid" })
    .min(0, { error: "servicechildren.costsNegative" })
    .max(COSTS_MAX, { error: "servicechildren.costsInvalid" })
    .transform((n) => Math.round(n * 100) / 100),
);

/** A checkbox: "on" (the browser's default value), "1", "true" or true mean checked. */
const checkbox = z.preprocess((v) => v === true || v === 1 || v === "on" || v === "1" || v === "true", z.boolean());

const idSchema = z.coerce.number().int().positive();
const directionSchema = z.enum(["up", "down"]);

export const optionSchema = z.object({
  name: requiredText(NAME_MAX),
  art_nr: optionalText(ART_NR_MAX),
  short_description: richText,
  description: richText,
  costs: costsSchema,
});

export const responsibilitySchema = z.object({
  description: requiredText(RESPONSIBILITY_MAX),
  client: checkbox,
  it: checkbox,
});

/** An absolute http(s) address. */
export const urlSchema = z.preprocess(
  (v) => v ?? "",
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(URL_MAX, { error: tooLong(URL_MAX) })
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, { error: "validation.url" }),
);

export const linkSchema = z.object({ url: urlSchema });

export const attributeTextSchema = z.object({ item: idSchema, text: optionalText(ATTRIBUTE_TEXT_MAX) });
export const attributeDropdownSchema = z.object({
  item: idSchema,
  reference: z.preprocess(emptyToNull, z.enum(DROPDOWN_SLOTS, { error: "servicechildren.attributes.invalidChoice" }).nullable()),
});

/**
 * The schema of each children form, as the action validates it through the form pipeline. The
 * child's id and the move direction pass as text: the model answers an id that cannot exist with
 * 404 (childId) and a wrong direction with 400 (direction).
 */
const passThrough = z.string().optional();
export const CHILD_FORM_SCHEMAS = {
  addOption: optionSchema,
  updateOption: optionSchema.extend({ id: passThrough, remove_picture: passThrough }),
  removeOption: z.object({ id: passThrough }),
  moveOption: z.object({ id: passThrough, direction: passThrough }),
  addResponsibility: responsibilitySchema,
  updateResponsibility: responsibilitySchema.extend({ id: passThrough }),
  removeResponsibility: z.object({ id: passThrough }),
  moveResponsibility: z.object({ id: passThrough, direction: passThrough }),
  addLink: linkSchema,
  removeLink: z.object({ id: passThrough }),
  moveLink: z.object({ id: passThrough, direction: passThrough }),
  setAttributeText: attributeTextSchema,
  setAttributeDropdown: attributeDropdownSchema,
} satisfies Record<ChildIntent, z.ZodType>;

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsFrom(result.error));
  return result.data;
}

/** A child's id from a form; anything that is not a positive integer cannot exist. */
export function childId(raw: unknown): number {
  const result = idSchema.safeParse(raw);
  if (!result.success) throw new ChildNotFoundError("service child");
  return result.data;
}

export function direction(raw: unknown): "up" | "down" {
  const result = directionSchema.safeParse(raw);
  if (!result.success) throw new ValidationError({ direction: "errors.badRequest" });
  return result.data;
}

