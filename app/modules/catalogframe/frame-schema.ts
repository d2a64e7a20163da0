import { z } from "zod";
import { optionalText, requiredText, tooLong } from "~/ui/form/fields";
import {
  FRAME_ROW_KINDS,
  KEY_FIGURES,
  SECTION_SORTS,
  SECTION_TYPES,
  parseHeaders,
  type DeploymentTimeRow,
  type FrameRowKind,
  type KeyFigures,
  type PriorityRow,
  type SectionSort,
  type SolutionTimeRow,
} from "./frame-types";

/** The frame's stored rows, read back from their JSON text (frame.server.ts, frame-read.server.ts). */
const text = z.string();
export const PriorityRowSchema: z.ZodType<PriorityRow> = z.object({ name: text, description: text, impact_example: text });
export const SolutionTimeRowSchema: z.ZodType<SolutionTimeRow> = z.object({ priority: text, reaction_time: text, solution_time: text, comment: text });
export const DeploymentTimeRowSchema: z.ZodType<DeploymentTimeRow> = z.object({ name: text, deployment_time: text, comment: text });
export const KeyFiguresSchema: z.ZodType<KeyFigures> = z.partialRecord(z.enum(KEY_FIGURES), text);

/** The forms of the catalogue frame, used by the actions and the forms alike (messages are i18n keys). */

export const TITLE_MAX = 255;
export const RICH_MAX = 100_000;
export const ROW_FIELD_MAX = 2000;
export const ROWS_MAX = 100;
export const KEY_FIGURE_MAX = 2000;
export const DESCRIPTION_MAX = 2000;
export const HEADERS_MAX = 2000;
export const COLUMNS_MAX = 20;
export const MATRIX_ROWS_MAX = 50;
export const TABLE_ROWS_MAX = 200;
export const CELL_MAX = 2000;

/** The spec's text for an empty row field (spec 02 §5). */
export const ALL_FIELDS = "catalogframe.errors.allFields";

/** HTML from the editor (or the textarea without JS); sanitised on save. */
// `.default("")`, not a transform into a pipe: conform's coercion turned the piped "" into undefined.
const richText = z.string().max(RICH_MAX, { error: tooLong(RICH_MAX) }).default("");

export const FrameBasicsSchema = z.object({
  title: optionalText(TITLE_MAX),
  introduction: richText,
});

/** A row of one of the frame's lists: every field must be filled, else the spec's message beside the form. */
function rowSchema(kind: FrameRowKind) {
  const fields = FRAME_ROW_KINDS[kind].fields as readonly string[];
  const cell = z.string().max(ROW_FIELD_MAX, { error: tooLong(ROW_FIELD_MAX) }).optional();
  return z.object(Object.fromEntries(fields.map((f) => [f, cell])) as Record<string, typeof cell>).superRefine((value, ctx) => {
    if (fields.some((f) => !value[f]?.trim())) ctx.addIssue({ code: "custom", message: ALL_FIELDS, path: [] });
  });
}
export const FRAME_ROW_SCHEMAS = {
  priorities: rowSchema("priorities"),
  solutionTimes: rowSchema("solutionTimes"),
  deploymentTimes: rowSchema("deploymentTimes"),
} as const;

export const KeyFiguresFormSchema = z.object(Object.fromEntries(KEY_FIGURES.map((k) => [k, optionalText(KEY_FIGURE_MAX)])) as Record<(typeof KEY_FIGURES)[number], ReturnType<typeof optionalText>>);

export const SectionSchema = z.object({
  name: requiredText(TITLE_MAX),
  type: z.enum(SECTION_TYPES, { error: "validation.required" }),
  description: optionalText(DESCRIPTION_MAX),
});

export const ParagraphSchema = z.object({
  title: requiredText(TITLE_MAX),
  content: richText,
});

/** Headers entered comma separated: at least one, at most COLUMNS_MAX. */
function headers(field: "headers" | "rows" | "columns") {
  return z
    .string({ error: "catalogframe.errors.headersRequired" })
    .max(HEADERS_MAX, { error: tooLong(HEADERS_MAX) })
    .transform(parseHeaders)
    .pipe(
      z
        .array(z.string().max(200, { error: tooLong(200) }))
        .min(1, { error: "catalogframe.errors.headersRequired" })
        .max(field === "rows" ? MATRIX_ROWS_MAX : COLUMNS_MAX, { error: `catalogframe.errors.tooManyHeaders|max=${field === "rows" ? MATRIX_ROWS_MAX : COLUMNS_MAX}` }),
    );
}

export const TableSchema = z.object({
  title: requiredText(TITLE_MAX),
  headers: headers("headers"),
});

export const MatrixSchema = z.object({
  title: requiredText(TITLE_MAX),
  row_headers: headers("rows"),
  column_headers: headers("columns"),
});

export function parseSort(raw: string | null): SectionSort {
  return (SECTION_SORTS as readonly string[]).includes(raw ?? "") ? (raw as SectionSort) : "position";
}
