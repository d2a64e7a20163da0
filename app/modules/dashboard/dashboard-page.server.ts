import type { LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { getCatalogue, getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { getDb } from "~/server/db/db.server";
import { dashboardFigures } from "./dashboard.server";
import { myWork } from "~/modules/mywork/my-work.server";

type Figures = Awaited<ReturnType<typeof dashboardFigures>>;

/** The release a customer reads instead of the working copy (issue 35 §6), with its figures; the route hands it in. */
export interface ReadRelease {
  id: number;
  label: string;
  publishedAt: string;
  /** Where the release is read (its contents page). */
  href: string;
  figures: { total: number; byType: Record<string, number>; withoutOwner: number; withoutKpi: number };
}

/** The dashboard of the current catalogue, or (`release`) of the release a customer reads: every service approved, no working-copy changes. */
export async function dashboardLoader({ request }: LoaderFunctionArgs, release: ReadRelease | null = null) {
  const user = await requirePermission(request, "read:catalogue");
  const db = getDb();
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  const [catalogue, figures, work] = await Promise.all([
    getCatalogue(db, catalogueId),
    release ? ({ ...release.figures, byStatus: { closed: release.figures.total } as Record<string, number>, reviews: null, changes: [] } satisfies Omit<Figures, "reviews"> & { reviews: null }) : dashboardFigures(db, catalogueId),
    // "My work" first (issue 36 §4): customers reading a release or the working copy have none.
    userHasPermission(user, "read:working-copy") ? myWork(db, user) : null,
  ]);
  return {
    name: user.name,
    catalogue,
    figures,
    work: work ? { responsible: work.responsible.total, toReview: work.toReview?.total ?? null, drafts: work.drafts.total, mentions: work.mentions.total } : null,
    release: release ? { label: release.label, publishedAt: release.publishedAt, href: release.href } : null,
    canCreate: userHasPermission(user, "manage:structure"),
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardLoader>>;
