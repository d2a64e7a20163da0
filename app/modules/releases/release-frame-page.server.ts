import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { refusal } from "~/server/refusal.server";
import { readableRelease } from "./customer-view.server";
import { releaseFramePage } from "./release-frame.server";
import { releasePath } from "./release-paths";

/** /servicecatalog/releases/:id/frame — the release's cover sheet, to read and print. */
export async function releaseFrameLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const release = await readableRelease(user, params.id);
  const page = await releaseFramePage(getDb(), release);
  if (!page) throw refusal(404);
  return { ...page, back: releasePath(release.id), pictureUrl: releasePath(release.id, "/frame/picture") };
}
