import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireWordExport } from "~/modules/wordexport/export-access.server";
import { runExport, type Exporter } from "~/modules/wordexport/export-page.server";
import { releaseExportData } from "./release-export.server";
import type { ReleaseRow } from "./release-rows.server";
import { getDb } from "~/server/db/db.server";
import { idOr404 } from "~/server/ids.server";
import { refusal } from "~/server/refusal.server";
import { getExportActive } from "~/server/settings.server";
import { readableRelease } from "./customer-view.server";
import { releasePath } from "./release-paths";
import { NOINDEX, openedRelease, shareBase, withNoIndex } from "./share-page.server";

/** The Word downloads of a release (issue 35 §6, §7): for a reader in the app, and through a share link. */

/**
 * The Word export of a release, the whole or one service, from its snapshot: for a customer who
 * reads it, a reader of the release's pages, or a share link's visitor (`user` null, `via` the
 * link). The caller has checked the permission or the link and the licence.
 */
export function exportRelease(request: Request, release: ReleaseRow, serviceId: number | null, user: Exporter, back: string, via: Record<string, unknown> = {}) {
  return runExport(request, () => releaseExportData(getDb(), release, serviceId), user, back, { release: release.label, ...via });
}

const serviceOf = (request: Request) => {
  const service = new URL(request.url).searchParams.get("service");
  return service === null ? null : idOr404(service);
};

/** /servicecatalog/releases/:id/export.docx — the release (or `?service=` one service of it) as a Word document. */
export async function releaseExportLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireWordExport(request, getDb());
  const release = await readableRelease(user, params.id);
  const serviceId = serviceOf(request);
  return exportRelease(request, release, serviceId, user, releasePath(release.id, serviceId === null ? "" : `/service/${serviceId}`));
}

/** /share/:token/export.docx — the shared release (or `?service=` one service) as a Word document, only while the export licence is on. */
export async function shareExportLoader({ request, params }: LoaderFunctionArgs) {
  const release = await openedRelease(request, params.token);
  if (!(await getExportActive(getDb()))) throw refusal(403, { headers: NOINDEX });
  const serviceId = serviceOf(request);
  const back = `${shareBase(params.token!)}${serviceId === null ? "" : `/service/${serviceId}`}`;
  return withNoIndex(await exportRelease(request, release, serviceId, null, back, { via: "share-link" }));
}
