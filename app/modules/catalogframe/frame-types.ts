import { z } from "zod";

/**
 * The catalogue frame (cover sheet, spec 02 §3) as screens and the Word export read it. Client-safe.
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

const text = z.string();
export const PriorityRowSchema = z.object({ name: text, description: text, impact_example: text });
export const SolutionTimeRowSchema = z.object({ priority: text, reaction_time: text, solution_time: text, comment: text });
export const DeploymentTimeRowSchema = z.object({ name: text, deployment_time: text, comment: text });
export const KeyFiguresSchema = z.partialRecord(z.enum(KEY_FIGURES), text);

export type PriorityRow = z.infer<typeof PriorityRowSchema>;
export type SolutionTimeRow = z.infer<typeof SolutionTimeRowSchema>;
export type DeploymentTimeRow = z.infer<typeof DeploymentTimeRowSchema>;
export type KeyFigures = z.infer<typeof KeyFiguresSchema>;

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
