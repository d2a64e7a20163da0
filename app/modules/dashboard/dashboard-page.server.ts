import type { LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { getCatalogue, getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { getDb } from "~/server/db/db.server";
import { dashboardFigures } from "./dashboard.server";

export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const db = getDb();
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  const [catalogue, figures] = await Promise.all([getCatalogue(db, catalogueId), dashboardFigures(db, catalogueId)]);
  return { name: user.name, catalogue, figures, canCreate: userHasPermission(user, "manage:structure") };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardLoader>>;
