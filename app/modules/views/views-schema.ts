import { z } from "zod";
import { requiredText } from "~/ui/form/fields";
import { VIEW_NAME_MAX } from "./views-limits";

export { VIEW_NAME_MAX } from "./views-limits";

/**
 * The form of "save this view" and of editing a saved view (one schema for action and form;
 * client-safe). The browser state is not a field: saving takes it from the dialog's URL, which
 * is the browser's own. `shared` is a checkbox: only users who may share are offered it, and the
 * server ignores it for everyone else.
 */
export const ViewFormSchema = z.object({
  name: requiredText(VIEW_NAME_MAX, "views.errors.nameRequired"),
  shared: z.boolean().optional(),
});

export type ViewFormValues = z.infer<typeof ViewFormSchema>;
