import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireWordExport } from "~/modules/wordexport/export-access.server";
import { exportRelease } from "~/modules/wordexport/export-page.server";
import { getDb } from "~/server/db/db.server";
import { idOr404 } from "~/server/ids.server";
import { refusal } from "~/server/refusal.server";
import { getExportActive } from "~/server/settings.server";
import { readableRelease } from "./customer-view.server";
import { releasePath } from "./release-paths";
import { NOINDEX, openedRelease, shareBase, withNoIndex } from "./share-page.server";

/** The Word downloads of a release (issue 35 §6, §7): for a reader in the app, and through a share link. */

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
