import type { LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { getCatalogue, getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { customerRelease } from "~/modules/releases/customer-view.server";
import { releaseFigures } from "~/modules/releases/release-facets.server";
import type { Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { dashboardFigures } from "./dashboard.server";

type Figures = Awaited<ReturnType<typeof dashboardFigures>>;

/** A release's figures in the dashboard's shape: every service approved, no working-copy changes. */
async function figuresOfRelease(db: Executor, releaseId: number): Promise<Figures> {
  const figures = await releaseFigures(db, releaseId);
  return { ...figures, byStatus: { closed: figures.total }, changes: [] };
}

export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const db = getDb();
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  // A customer of a catalogue that shows its latest release sees that release's figures (issue 35 §6).
  const release = await customerRelease(db, user, catalogueId);
  const [catalogue, figures] = await Promise.all([getCatalogue(db, catalogueId), release ? figuresOfRelease(db, release.id) : dashboardFigures(db, catalogueId)]);
  return {
    name: user.name,
    catalogue,
    figures,
    release: release ? { id: release.id, label: release.label, publishedAt: release.publishedAt } : null,
    canCreate: userHasPermission(user, "manage:structure"),
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardLoader>>;
