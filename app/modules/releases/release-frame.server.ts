import type { FrameView, SectionView } from "~/modules/catalogframe/frame-types";
import type { Executor } from "~/server/audit.server";
import type { FrameHeader } from "./release-types";
import { releaseHeader, type ReleaseRow } from "./release-rows.server";

/** A release's cover sheet (issue 35 §6, §7), from its header alone: for the print page and the Word export. */

/** The release's cover sheet in the working copy's shape (its version stamps are the publishing date). */
export function releaseFrame(release: ReleaseRow, header: FrameHeader): FrameView {
  const { frame } = header;
  return {
    ...frame,
    catalogueId: release.catalogueId,
    picture: header.frame_picture && header.frame_picture_mime ? { mime: header.frame_picture_mime, version: release.publishedAt } : null,
    sections: frame.sections.map((s) => ({ ...s, updated_at: release.publishedAt }) as SectionView),
    updatedAt: release.publishedAt,
  };
}

/** The cover sheet of a release and the catalogue's title as the print page shows them; null without a header. */
export async function releaseFramePage(db: Executor, release: ReleaseRow) {
  const header = await releaseHeader<FrameHeader>(db, release.id);
  if (!header) return null;
  return { catalogue: { id: release.catalogueId, title: header.title, frameTitle: header.frame.title }, frame: releaseFrame(release, header) };
}

/** The cover sheet's picture of a release; null without one. */
export async function releaseFramePicture(db: Executor, release: ReleaseRow) {
  const header = await releaseHeader<FrameHeader>(db, release.id);
  if (!header?.frame_picture || !header.frame_picture_mime) return null;
  return { data: Buffer.from(header.frame_picture, "base64"), mime: header.frame_picture_mime };
}
