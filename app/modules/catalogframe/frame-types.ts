import { parseId } from "~/lib/ids";

/**
 * The catalogue frame (cover sheet, spec 02 §3) as screens and the Word export read it. Client-safe,
 * without zod (decision 0063): the rows' schemas are in frame-schema.ts.
 * Its rows are stored as JSON text in catalog_frames; the sections and their items in their tables.
 */

/** The spec's 14 key figures, in the spec's order (spec 02 §3 "Key figure names"). */
export const KEY_FIGURES = [
  "service_time",
  "support_time",
  "on_call_service",
  "maintenance_window",
  "disaster_exercise",
  "backup",
  "storing_generations",
  "archive_periods",
  "reporting",
  "notice_period",
  "cost_models",
  "article_numbers",
  "procurement",
  "delivery_point",
] as const;
export type KeyFigure = (typeof KEY_FIGURES)[number];

/** The frame's rows as stored (JSON text in catalog_frames); frame-schema.ts reads them with zod. Type aliases: a row is a FrameRow too. */
export type PriorityRow = {
  name: string;
  description: string;
  impact_example: string;
};
export type SolutionTimeRow = {
  priority: string;
  reaction_time: string;
  solution_time: string;
  comment: string;
};
export type DeploymentTimeRow = {
  name: string;
  deployment_time: string;
  comment: string;
};
export type KeyFigures = Partial<Record<KeyFigure, string>>;

export const SECTION_TYPES = ["Paragraph", "Table", "Section"] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/** The items of a section share one ordering: global_position (spec 02 §3). */
export type SectionItem =
  | { kind: "paragraph"; id: number; title: string | null; content: string | null; global_position: number }
  | { kind: "table"; id: number; title: string | null; headers: string[]; rows: { id: number; values: string[] }[]; global_position: number }
  | { kind: "matrix"; id: number; title: string | null; row_headers: string[]; column_headers: string[]; matrix_data: string[][]; global_position: number };

export interface SectionView {
  id: number;
  name: string;
  description: string | null;
  type: SectionType;
  position: number;
  created_at: string;
  updated_at: string;
  items: SectionItem[];
}

export interface FrameView {
  catalogueId: number;
  /** The frame's own title; the static catalogue's title falls back to it (spec 01 §2). */
  title: string | null;
  /** Sanitised HTML. */
  introduction: string | null;
  /** Null without a picture; `version` changes with the picture (cache-busting URL). */
  picture: { mime: string; version: string } | null;
  priorities: PriorityRow[];
  solutionTimes: SolutionTimeRow[];
  deploymentTimes: DeploymentTimeRow[];
  keyFigures: KeyFigures;
  sections: SectionView[];
  updatedAt: string | null;
}

/** A matrix is valid only when its data matches the header counts (spec 02 §5). */
export function matrixMatchesHeaders(rowHeaders: string[], columnHeaders: string[], data: string[][]): boolean {
  return data.length === rowHeaders.length && data.every((row) => row.length === columnHeaders.length);
}

/** Table headers are entered comma separated (spec 02 §5): trimmed, empty parts dropped. */
export function parseHeaders(input: string): string[] {
  return input
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The frame's row lists (spec 02 §3): their column in catalog_frames and their fields, in form order. */
export const FRAME_ROW_KINDS = {
  priorities: { column: "priorities", fields: ["name", "description", "impact_example"] },
  solutionTimes: { column: "solution_times", fields: ["priority", "reaction_time", "solution_time", "comment"] },
  deploymentTimes: { column: "deployment_times", fields: ["name", "deployment_time", "comment"] },
} as const;
export type FrameRowKind = keyof typeof FRAME_ROW_KINDS;
export const FRAME_ROW_KIND_NAMES = Object.keys(FRAME_ROW_KINDS) as FrameRowKind[];
export type FrameRow = Record<string, string>;

export const ITEM_KINDS = ["paragraph", "table", "matrix"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * What each section type holds (docs/decisions/0030-catalogue-frame.md): a "Paragraph" section
 * paragraphs, a "Table" section tables and matrices, a "Section" any of them.
 */
export const SECTION_HOLDS: Readonly<Record<SectionType, readonly ItemKind[]>> = {
  Paragraph: ["paragraph"],
  Table: ["table", "matrix"],
  Section: ["paragraph", "table", "matrix"],
};

/** Sort keys of the section list (spec 02 §9); reordering only while sorted by position (§4). */
export const SECTION_SORTS = ["position", "alphabet", "createDate", "editDate"] as const;
export type SectionSort = (typeof SECTION_SORTS)[number];

/** The frame's page: `/catalogframe/static` for the static catalogue, else `/catalogframe/{id}`. */
export function framePath(catalogueId: number): string {
  return catalogueId === -1 ? "/catalogframe/static" : `/catalogframe/${catalogueId}`;
}

/** The catalogue a `/catalogframe/{param}` names: "static" is -1; null for anything else than a positive id. */
export function frameParam(raw: string | undefined): number | null {
  if (raw === "static") return -1;
  return parseId(raw);
}

/** The frame picture as the image route serves it; the version makes the URL immutable. */
export function framePictureUrl(catalogueId: number, version: string): string {
  return `/images/frame/${catalogueId === -1 ? "static" : catalogueId}?v=${encodeURIComponent(version)}`;
}

/** Whether the frame has anything to show (the catalogue map shows its header only then). */
export function frameHasContent(frame: Pick<FrameView, "title" | "introduction" | "picture" | "priorities" | "solutionTimes" | "deploymentTimes" | "keyFigures">): boolean {
  return Boolean(
    frame.title?.trim() ||
      frame.introduction?.trim() ||
      frame.picture ||
      frame.priorities.length ||
      frame.solutionTimes.length ||
      frame.deploymentTimes.length ||
      Object.values(frame.keyFigures).some((v) => v?.trim()),
  );
}
