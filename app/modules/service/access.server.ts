import { refusal } from "~/server/refusal.server";

/** Parses a service id from the URL; anything else is a 404. */
export function serviceIdOr404(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw refusal(404);
  return id;
}
