import { z } from "zod";
import { idField, optionalText } from "~/ui/form/fields";
import { LINK_LABEL_MAX } from "./releases-limits";

/** The forms of a release's share dialog (issue 35 §7), used by the action and the dialog alike. */

/** A share link: whom it is for (optional) and the last day it works (optional, a date). */
export const ShareLinkSchema = z.object({
  label: optionalText(LINK_LABEL_MAX),
  expires: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "releaseshare.expiresInvalid" })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: "releaseshare.expiresInvalid" })
    .optional(),
});

export const RevokeLinkSchema = z.object({ link: idField() });
