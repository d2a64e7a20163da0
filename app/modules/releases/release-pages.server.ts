import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { imageAnswer } from "~/modules/catalogue/image-page.server";
import { getDb } from "~/server/db/db.server";
import { idOr404 } from "~/server/ids.server";
import { refusal } from "~/server/refusal.server";
import { readableRelease } from "./releases-page.server";
import { releaseServicePage, releaseServicePicture, releaseTree } from "./release-read.server";

/**
 * Reading a release (issue 35 §4): /servicecatalog/releases/:id (its contents) and
 * /servicecatalog/releases/:id/service/:serviceId (a service page, read-only). GET only: a release
 * has no form to post to, so every POST is refused (405) by the routes having no action.
 */

const banner = (release: Awaited<ReturnType<typeof readableRelease>>) => ({ id: release.id, label: release.label, publishedAt: release.publishedAt, state: release.state });

export async function releaseLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const search = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return { release: banner(release), tree: await releaseTree(getDb(), release, search) };
}

export async function releaseServiceLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const page = await releaseServicePage(getDb(), release, idOr404(params.serviceId));
  if (!page) throw refusal(404);
  return { release: banner(release), page };
}

export async function releasePictureLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const picture = await releaseServicePicture(getDb(), release.id, idOr404(params.serviceId));
  if (!picture) throw refusal(404);
  // A release never changes: its pictures are as immutable as the versioned working-copy URLs.
  return imageAnswer(request, { ...picture, updated_at: release.publishedAt });
}
