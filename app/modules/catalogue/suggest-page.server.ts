import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { getCurrentCatalogueId } from "./catalogue.server";
import { suggestServices } from "./service-search.server";
import { readableStages } from "~/modules/service/service-stage";

/** Search-box suggestions for the current catalogue (JSON; used by the browser's datalist). */
export async function suggestLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const db = getDb();
  const suggestions = await suggestServices(db, await getCurrentCatalogueId(db, user.id), q.slice(0, 200), 10, readableStages(user));
  return Response.json({ suggestions }, { headers: { "Cache-Control": "private, max-age=10" } });
}
