import { z } from "zod";

/**
 * The organisation's Word-export licence switch (issue 32 §2). It turns the export on or off for
 * every account at once, so the form carries an explicit confirmation: without it nothing changes
 * and the reason stands beside the checkbox.
 */
export const ExportLicenceSchema = z.object({
  active: z.enum(["1", "0"], { error: "errors.badRequest" }).transform((v) => v === "1"),
  confirm: z.literal("on", { error: "wordexport.licence.confirmRequired" }),
});
