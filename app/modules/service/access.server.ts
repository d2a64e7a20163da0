import { requireUser } from "~/modules/access/session.server";
import { getDb } from "~/server/db/db.server";
import { canEditService } from "~/modules/access/permissions.server";
import type { SessionUser } from "~/modules/access/user.server";

/** Parses a service id from the URL; anything else is a 404. */
export function serviceIdOr404(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}

/**
 * The guard of every service write: signed in, and allowed to edit this service (keyuser and
 * above everywhere; a user where granted). Anything else answers 403 before a change is made.
 */
export async function requireServiceEdit(request: Request, serviceId: number): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await canEditService(getDb(), user, serviceId))) throw new Response("Forbidden", { status: 403 });
  return user;
}
