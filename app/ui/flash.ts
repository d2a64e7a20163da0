import type { FlashKind } from "~/server/flash.server";

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
