import { z } from "zod";
import { requiredText } from "~/ui/form/fields";
import { CREATE_TYPES, optionalId } from "./create-types";

export { CREATE_TYPES, optionalId, type CreateType } from "./create-types";

/** The create menu's form (spec 01 §2): what to create, its name, and where it goes. */
export const CreateSchema = z
  .object({
    type: z.enum(CREATE_TYPES),
    name: requiredText(255),
    area: z.string().optional(),
    category: z.string().optional(),
  })
  // A service always lives in a category; checked here so the reply says so beside the category field.
  .refine((v) => v.type !== "service" || optionalId(v.category) !== null, { error: "catalogue.createMenu.categoryRequired", path: ["category"] });
