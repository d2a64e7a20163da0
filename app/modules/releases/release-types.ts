import type { FrameView, SectionView } from "~/modules/catalogframe/frame-types";

/** What a release stores of one service (release-snapshot.server.ts): its own columns, relations by id, children. */
export interface ServiceContent {
  [field: string]: unknown;
  owners: number[];
  providers: number[];
  kpis: number[];
  tags: number[];
  requires: number[];
  options: { id: number; name: string; short_description: string | null; description: string | null; art_nr: string | null; costs: number; position: number; picture: string | null; picture_mime: string | null }[];
  responsibilities: { id: number; pos: number; description: string | null; client: boolean; it: boolean }[];
  links: { id: number; url: string; position: number }[];
  /** Attribute values by attribute id: the text, or the chosen dropdown slot. */
  attributes: Record<string, string>;
}

/** What a release's header holds of its cover sheet (release-snapshot.server.ts `headerContent`). */
export interface FrameHeader {
  title: string | null;
  frame: Omit<FrameView, "updatedAt" | "picture" | "sections"> & { sections: Omit<SectionView, "updated_at">[] };
  frame_picture: string | null;
  frame_picture_mime: string | null;
}
