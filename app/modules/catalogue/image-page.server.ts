import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { getServicePicture } from "~/modules/service/service.server";
import { readFramePicture } from "~/modules/catalogframe/frame-read.server";
import { frameParam } from "~/modules/catalogframe/frame-types";
import { getDb } from "~/server/db/db.server";
import { notFound } from "./structure-page.server";
import { getImage, isStructureKind } from "./structure.server";
import { idOr404 } from "~/server/ids.server";

/**
 * /images/area/:id, /images/category/:id, /images/service/:id and /images/frame/:id (a catalogue's
 * cover-sheet picture; "static" for the static catalogue) — the stored image for signed-in users.
 *
 * Pages link to `?v=<updated_at>`: such a URL can never show other bytes, so the browser may keep
 * it for a year without asking. Any other URL must be revalidated; the ETag (a hash of the bytes)
 * lets that cost only a 304.
 */
export async function imageLoader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const kind = params.kind;
  if (kind === "frame") {
    const catalogueId = frameParam(params.id);
    return imageAnswer(request, catalogueId === null ? undefined : await readFramePicture(getDb(), catalogueId));
  }
  if (kind !== "service" && !isStructureKind(kind)) notFound();
  const id = idOr404(params.id);
  return imageAnswer(request, kind === "service" ? await getServicePicture(getDb(), id) : await getImage(getDb(), kind, id));
}

export function imageAnswer(request: Request, image: { data: Buffer; mime: string; updated_at: string } | undefined) {
  if (!image) notFound();

  const etag = `"${crypto.createHash("sha256").update(image.data).digest("base64url").slice(0, 32)}"`;
  const version = new URL(request.url).searchParams.get("v");
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": version === image.updated_at ? "private, max-age=31536000, immutable" : "private, no-cache",
  });
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });

  headers.set("Content-Type", image.mime);
  headers.set("Content-Length", String(image.data.length));
  return new Response(new Uint8Array(image.data), { status: 200, headers });
}

/** If-None-Match: `*` or a list of (possibly weak) tags; weak comparison, as RFC 9110 asks for GET. */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}
