import { z } from "zod";
import { requiredText } from "~/ui/form/fields";
import { parseId } from "~/lib/ids";

/** The create menu's form (spec 01 §2): what to create, its name, and where it goes. */
export const CREATE_TYPES = ["area", "category", "service"] as const;
export type CreateType = (typeof CREATE_TYPES)[number];

export const CreateSchema = z
  .object({
    type: z.enum(CREATE_TYPES),
    name: requiredText(255),
    area: z.string().optional(),
    category: z.string().optional(),
  })
  // A service always lives in a category; checked here so the form says so before posting.
  .refine((v) => v.type !== "service" || optionalId(v.category) !== null, { error: "catalogue.createMenu.categoryRequired", path: ["category"] });

/** A chosen id from a select; the empty option or anything odd is "none". */
export function optionalId(raw: string | undefined): number | null {
  return parseId(raw);
}
