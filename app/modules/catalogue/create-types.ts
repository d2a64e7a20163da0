import { parseId } from "~/lib/ids";

/** What the create menu creates (no zod: the menu shows the choices; decision 0063). */
export const CREATE_TYPES = ["area", "category", "service"] as const;
export type CreateType = (typeof CREATE_TYPES)[number];

/** A chosen id from a select; the empty option or anything odd is "none". */
export function optionalId(raw: string | undefined): number | null {
  return parseId(raw);
}
