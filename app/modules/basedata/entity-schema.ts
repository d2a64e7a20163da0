import { z } from "zod";
import { optionalText, requiredText, tooLong } from "~/ui/form/fields";
import { LONG_TEXT_MAX, TEXT_MAX, splitList, type FieldDef } from "./entities";

/** A base-data record's form schema, built from its field list (entities.ts); read on the server only (decision 0063). */

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

function fieldSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case "list":
      return z
        .string()
        .max(LONG_TEXT_MAX, { error: tooLong(LONG_TEXT_MAX) })
        .transform(splitList)
        .pipe(z.array(z.string().max(TEXT_MAX, { error: tooLong(TEXT_MAX) })));
    case "email":
      return z.preprocess(emptyToNull, z.string().trim().max(TEXT_MAX, { error: tooLong(TEXT_MAX) }).pipe(z.email({ error: "validation.email" })).nullable());
    case "url":
      return z.preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .max(2000, { error: tooLong(2000) })
          .pipe(z.url({ protocol: /^https?$/, error: "validation.url" }))
          .nullable(),
      );
    case "textarea":
      return optionalText(LONG_TEXT_MAX);
    default:
      return field.required ? requiredText(TEXT_MAX) : optionalText(TEXT_MAX);
  }
}

/**
 * The zod schema of an entity's form. `partial`: only the fields that were sent are validated
 * and returned, so the entry row (a few fields) never blanks the others.
 */
export function recordSchema(def: { fields: FieldDef[] }, present?: ReadonlySet<string>) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    if (present && !present.has(field.name) && !field.required) continue;
    shape[field.name] = fieldSchema(field);
  }
  return z.object(shape);
}
