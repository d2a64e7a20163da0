import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { currentApiKey, rotateApiKey } from "./api-keys.server";

/** /settings/api-key — admins see which key is active and make a new one (shown once, in full). */
export async function apiKeyLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  return { current: await currentApiKey(getDb()) };
}

export async function apiKeyAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const key = await rotateApiKey(getDb(), user);
  return { key };
}
