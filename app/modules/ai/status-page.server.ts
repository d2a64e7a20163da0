import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/modules/access/session.server";
import { userHasPermission } from "~/modules/access/policy";
import { getDb } from "~/server/db/db.server";
import { aiStatus } from "./assistant.server";
import { aiConfig } from "./provider.server";
import { refusal } from "~/server/refusal.server";

/**
 * GET /ai/status — the assistant's status as JSON for signed-in users (spec 02 §7 "status"):
 * whether it is configured, switched on, and whether credits are available now, why not, and
 * whether this user may use it. Never the provider's address, key or model.
 */
export async function aiStatusLoader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return Response.json({ message: "Unauthenticated." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const status = await aiStatus(getDb(), aiConfig());
  return Response.json({ ...status, allowed: userHasPermission(user, "use:ai") }, { headers: { "Cache-Control": "no-store" } });
}

export function aiStatusAction() {
  return refusal(405, { allow: "GET, HEAD" });
}
