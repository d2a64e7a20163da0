import { getLanguage } from "~/i18n/i18next.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import type { SessionUser } from "~/modules/access/user.server";
import { imageAnswer } from "~/modules/catalogue/image-page.server";
import { mayExportWord } from "~/modules/wordexport/export-access.server";
import { getDb } from "~/server/db/db.server";
import { idOr404 } from "~/server/ids.server";
import { refusal } from "~/server/refusal.server";
import { readableRelease } from "./customer-view.server";
import { releaseFramePicture } from "./release-frame.server";
import { releaseContentsData } from "./release-list.server";
import { releasePath } from "./release-paths";
import type { ReleaseRow } from "./releases.server";
import { releaseServicePage, releaseServicePicture } from "./release-read.server";

/**
 * Reading a release (issue 35 §4, §6): /servicecatalog/releases/:id (its contents),
 * /servicecatalog/releases/:id/service/:serviceId (a service page, read-only), its cover sheet
 * (/frame, a print page) and its Word export (/export.docx, `?service=` for one service). GET only:
 * a release has no form to post to, so every POST is refused (405) by the routes having no action.
 */

/** The banner's data: which release, and what it offers this reader. */
async function banner(user: SessionUser, release: ReleaseRow, serviceId: number | null = null) {
  const word = (await mayExportWord(getDb(), user)) ? releasePath(release.id, `/export.docx${serviceId === null ? "" : `?service=${serviceId}`}`) : null;
  return {
    id: release.id,
    label: release.label,
    publishedAt: release.publishedAt,
    state: release.state,
    // A customer reads the release they are shown and nothing of the working copy.
    offers: { app: userHasPermission(user, "read:working-copy"), frame: releasePath(release.id, "/frame"), word },
  };
}

export async function releaseLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const [head, contents] = await Promise.all([banner(user, release), releaseContentsData(getDb(), release, new URL(request.url).searchParams)]);
  return { release: head, ...contents };
}

export async function releaseServiceLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const serviceId = idOr404(params.serviceId);
  const page = await releaseServicePage(getDb(), release, serviceId, await getLanguage(request));
  if (!page) throw refusal(404);
  return { release: await banner(user, release, serviceId), page };
}

export async function releasePictureLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const picture = await releaseServicePicture(getDb(), release.id, idOr404(params.serviceId));
  if (!picture) throw refusal(404);
  // A release never changes: its pictures are as immutable as the versioned working-copy URLs.
  return imageAnswer(request, { ...picture, updated_at: release.publishedAt });
}

/** /servicecatalog/releases/:id/frame/picture — the cover sheet's picture as the release froze it. */
export async function releaseFramePictureLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const picture = await releaseFramePicture(getDb(), release);
  if (!picture) throw refusal(404);
  return imageAnswer(request, { ...picture, updated_at: release.publishedAt });
}
