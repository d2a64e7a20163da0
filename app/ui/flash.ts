import { z } from "zod";

export const FLASH_KINDS = ["success", "error", "info", "default"] as const;
export type FlashKind = (typeof FLASH_KINDS)[number];

/** A flash carries an i18n key (translated when shown, in the reader's language) and its values. */
export const flashSchema = z.object({
  id: z.string(),
  kind: z.enum(FLASH_KINDS),
  message: z.string(),
  /** The notice's own title (an i18n key) where the kind's would mislead: a deletion the spec shows as an error-kind notice is not a failure. */
  title: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

/** Colour by kind, as the spec says: error red, success green, info blue, otherwise grey. */
export function flashColour(kind: FlashKind): "red" | "green" | "blue" | "gray" {
  switch (kind) {
    case "error":
      return "red";
    case "success":
      return "green";
    case "info":
      return "blue";
    default:
      return "gray";
  }
}

export const TOAST_DURATION_MS = 4000;
