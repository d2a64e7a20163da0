import { z } from "zod";

/**
 * A preference switch as the forms send it: a hidden "false" before a checkbox's "true", so the
 * last value wins (checkbox semantics without JS); a field that is not sent keeps its value.
 */
const flag = z
  .preprocess((v) => (Array.isArray(v) ? v.at(-1) : v), z.string().optional())
  .transform((v) => (v === undefined ? undefined : v === "true"));

/** The browser preferences form (side menu, catalogue sub-views); every field optional. */
export const PrefsSchema = z.object({
  showWholeDrawer: flag,
  expandOnHover: flag,
  subviewAreas: flag,
  subviewCategories: flag,
  subviewServices: flag,
  notify: flag,
  redirectTo: z.preprocess((v) => (Array.isArray(v) ? v.at(-1) : v), z.string().optional()),
});
