import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { browserAction } from "./browser.server";
import { getCurrentCatalogueId, listCatalogues } from "./catalogue.server";

export async function cataloguesLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const db = getDb();
  const [catalogues, current] = await Promise.all([listCatalogues(db), getCurrentCatalogueId(db, user.id)]);
  return { catalogues, current, canCreate: userHasPermission(user, "access:admin") };
}

export type CataloguesData = Awaited<ReturnType<typeof cataloguesLoader>>;

// Same intents as the browser (pick / create a catalogue): one implementation.
export const cataloguesAction = ({ request }: ActionFunctionArgs) => browserAction(request);
