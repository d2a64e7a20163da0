import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { getCurrentCatalogueId } from "./catalogue.server";
import { suggestServices } from "./service-search.server";
import { cleanSearchText } from "./catalogue-query";
import { customerRelease } from "~/modules/releases/customer-view.server";
import { releaseSuggestions } from "~/modules/releases/release-facets.server";

/** Search-box suggestions for the current catalogue (JSON; used by the browser's datalist). */
export async function suggestLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const db = getDb();
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  // A customer who reads a release gets the names in that release (issue 35 §6).
  const release = await customerRelease(db, user, catalogueId);
  const term = cleanSearchText(q.slice(0, 200)).replace(/^"|"$/g, "");
  const suggestions = release ? await releaseSuggestions(db, release.id, term) : await suggestServices(db, catalogueId, q.slice(0, 200));
  return Response.json({ suggestions }, { headers: { "Cache-Control": "private, max-age=10" } });
}
