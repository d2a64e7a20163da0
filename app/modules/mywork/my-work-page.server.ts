import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { myWork } from "./my-work.server";

/** /my-work — what needs the signed-in user (issue 36 §4); customers keep no working copy, so have none. */
export async function myWorkLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:working-copy");
  return { work: await myWork(getDb(), user), name: user.name };
}

export type MyWorkData = Awaited<ReturnType<typeof myWorkLoader>>;
