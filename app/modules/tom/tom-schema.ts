import { z } from "zod";

/**
 * The forms of /settings/tom (docs/decisions/0016-form-pipeline.md). The upload is a multipart
 * form with one file ("file"), read by parseFileUpload; this is the other one. Client-safe.
 */
export const TomRestoreSchema = z.object({
  intent: z.literal("restore"),
});

export { TOM_FIELDS } from "./tom-fields";
