import { parseId } from "~/lib/ids";
import { refusal } from "./refusal.server";

/** The record id of a route parameter (or a query value naming one); anything else is a 404 (issue 33 §3). */
export function idOr404(raw: string | null | undefined): number {
  const id = parseId(raw);
  if (id === null) throw refusal(404);
  return id;
}
