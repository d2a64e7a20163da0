import type { Selectable } from "kysely";
import type { z } from "zod";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction, nextTimestamp } from "~/server/db-helpers.server";
import type { CatalogFramesTable } from "~/server/db/schema";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { placed, stepped } from "~/server/positions.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { nowIso } from "~/lib/time";
import { parseJson } from "./frame-read.server";
import { ALL_FIELDS, DeploymentTimeRowSchema, KeyFiguresSchema, PriorityRowSchema, ROWS_MAX, SolutionTimeRowSchema } from "./frame-schema";
import {
  FRAME_ROW_KINDS,
  KEY_FIGURES,
  type FrameRow,
  type FrameRowKind,
  type KeyFigures,
} from "./frame-types";

/**
 * Writes to a catalogue's frame (cover sheet, spec 02 §3): title, introduction, picture, the
 * row lists (priorities, solution times, deployment times) and the key figures. Every write
 * carries the version (`updated_at`) its form was loaded with — a stale one is refused and
 * nothing is written — and is one audited activity ("catalog_frame", the catalogue's id).
 * A catalogue gets its frame row on the first save (its form then carries the version "").
 */

export const FRAME_SUBJECT = "catalog_frame";

type FrameRecord = Selectable<CatalogFramesTable>;
type Columns = Partial<Pick<FrameRecord, "title" | "introduction" | "picture" | "picture_mime" | "priorities" | "solution_times" | "deployment_times" | "key_figures">>;

const ROW_SCHEMAS = { priorities: PriorityRowSchema, solutionTimes: SolutionTimeRowSchema, deploymentTimes: DeploymentTimeRowSchema } as const;

/** A row list as stored (malformed JSON reads as empty). */
export function storedRows(frame: FrameRecord, kind: FrameRowKind): FrameRow[] {
  return parseJson(frame[FRAME_ROW_KINDS[kind].column], ROW_SCHEMAS[kind].array() as z.ZodType<FrameRow[]>, []);
}

function storedFigures(frame: FrameRecord): KeyFigures {
  return parseJson(frame.key_figures, KeyFiguresSchema, {});
}

/** A row with exactly the kind's fields, trimmed; every field must be filled (spec 02 §5). */
export function frameRow(kind: FrameRowKind, input: Record<string, unknown>): FrameRow {
  const row: FrameRow = {};
  for (const field of FRAME_ROW_KINDS[kind].fields) {
    const value = typeof input[field] === "string" ? (input[field] as string).replace(/\r\n?/g, "\n").trim() : "";
    if (!value) throw new ValidationError({ _form: ALL_FIELDS });
    row[field] = value;
  }
  return row;
}

/**
 * Opens the frame for a write: the catalogue must exist; its frame row is created on the first
 * save; the row's version must be the one the form was loaded with ("" before the first save).
 */
async function openFrame(db: Executor, catalogueId: number, expected: string): Promise<{ frame: FrameRecord; created: boolean }> {
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst();
  if (!catalogue) throw new NotFoundError("catalogue");
  let frame = await db.selectFrom("catalog_frames").selectAll().where("service_catalogue_id", "=", catalogueId).executeTakeFirst();
  let created = false;
  if (!frame) {
    const now = nowIso();
    // A second first save in the same moment finds the row and is stale, like any other.
    const inserted = await db
      .insertInto("catalog_frames")
      .values({ service_catalogue_id: catalogueId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("service_catalogue_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    created = Boolean(inserted);
    frame = await db.selectFrom("catalog_frames").selectAll().where("service_catalogue_id", "=", catalogueId).executeTakeFirstOrThrow();
    if (created && expected === "") return { frame, created };
  }
  if (frame.updated_at !== expected) throw new StaleRecordError(frame, []);
  return { frame, created };
}

/** How a column reads in the audit trail: rows and figures as data, the picture only as "changed"/"removed". */
function auditValue(column: keyof Columns, frame: Columns): unknown {
  if (column === "picture") return frame.picture ? "changed" : "removed";
  if (column === "picture_mime") return undefined;
  if (column === "priorities" || column === "solution_times" || column === "deployment_times" || column === "key_figures") {
    try {
      return frame[column] ? JSON.parse(frame[column] as string) : null;
    } catch {
      return null;
    }
  }
  return frame[column];
}

/**
 * One write: `change` computes the new column values from the stored frame (or throws a
 * ValidationError); only columns that differ are written and audited. False when nothing changed.
 */
async function writeFrame(db: Executor, catalogueId: number, expected: string, causer: Causer, change: (frame: FrameRecord) => Columns): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const { frame, created } = await openFrame(trx, catalogueId, expected);
    const next = change(frame);
    const keys = (Object.keys(next) as (keyof Columns)[]).filter((k) => (next[k] ?? null) !== (frame[k] ?? null));
    if (!keys.length) return false;
    await trx
      .updateTable("catalog_frames")
      .set({ ...Object.fromEntries(keys.map((k) => [k, next[k] ?? null])), updated_at: nextTimestamp(frame.updated_at) })
      .where("id", "=", frame.id)
      .execute();
    const shown = keys.filter((k) => k !== "picture_mime");
    await recordActivity(trx, {
      subjectType: FRAME_SUBJECT,
      subjectId: catalogueId,
      event: created ? "created" : "updated",
      causer,
      oldValues: created ? null : Object.fromEntries(shown.map((k) => [k, auditValue(k, frame)])),
      newValues: Object.fromEntries(shown.map((k) => [k, auditValue(k, next)])),
      description: next.title ?? frame.title ?? null,
    });
    return true;
  });
}

/** Title and introduction (sanitised here, whoever calls). */
export async function updateFrameBasics(db: Executor, catalogueId: number, values: { title: string | null; introduction: string | null }, expected: string, causer: Causer) {
  const introduction = values.introduction ? sanitizeRichText(values.introduction) || null : null;
  return writeFrame(db, catalogueId, expected, causer, () => ({ title: values.title?.trim() || null, introduction }));
}

/** Sets (or with null removes) the picture; the bytes were sniffed by the upload helper (jpg/png, 2 MB). */
export async function setFramePicture(db: Executor, catalogueId: number, picture: { data: string; mime: string } | null, expected: string, causer: Causer) {
  return writeFrame(db, catalogueId, expected, causer, () => ({ picture: picture?.data ?? null, picture_mime: picture?.mime ?? null }));
}

const rowsColumn = (kind: FrameRowKind, rows: FrameRow[]): Columns => ({ [FRAME_ROW_KINDS[kind].column]: rows.length ? JSON.stringify(rows) : null });

function rowAt(rows: FrameRow[], index: number): FrameRow {
  if (!Number.isSafeInteger(index) || index < 0 || index >= rows.length) throw new NotFoundError("frame row");
  return rows[index];
}

/** Appends a row to a list; every field must be filled. */
export async function addFrameRow(db: Executor, catalogueId: number, kind: FrameRowKind, input: Record<string, unknown>, expected: string, causer: Causer) {
  const row = frameRow(kind, input);
  return writeFrame(db, catalogueId, expected, causer, (frame) => {
    const rows = storedRows(frame, kind);
    if (rows.length >= ROWS_MAX) throw new ValidationError({ _form: `catalogframe.errors.tooManyRows|max=${ROWS_MAX}` });
    return rowsColumn(kind, [...rows, row]);
  });
}

/** Replaces row `index` of a list; every field must be filled. */
export async function updateFrameRow(db: Executor, catalogueId: number, kind: FrameRowKind, index: number, input: Record<string, unknown>, expected: string, causer: Causer) {
  const row = frameRow(kind, input);
  return writeFrame(db, catalogueId, expected, causer, (frame) => {
    const rows = storedRows(frame, kind);
    rowAt(rows, index);
    return rowsColumn(kind, rows.map((r, i) => (i === index ? row : r)));
  });
}

export async function removeFrameRow(db: Executor, catalogueId: number, kind: FrameRowKind, index: number, expected: string, causer: Causer) {
  return writeFrame(db, catalogueId, expected, causer, (frame) => {
    const rows = storedRows(frame, kind);
    rowAt(rows, index);
    return rowsColumn(kind, rows.filter((_, i) => i !== index));
  });
}

/** Moves row `index` one step (move buttons) or to `{ to }` (drag and drop). */
export async function moveFrameRow(db: Executor, catalogueId: number, kind: FrameRowKind, index: number, move: "up" | "down" | { to: number }, expected: string, causer: Causer) {
  return writeFrame(db, catalogueId, expected, causer, (frame) => {
    const rows = storedRows(frame, kind);
    const row = rowAt(rows, index);
    const moved = typeof move === "string" ? stepped(rows, row, move) : placed(rows, row, move.to);
    return rowsColumn(kind, moved ? moved.items : rows);
  });
}

/** The 14 key figures (spec 02 §3); an emptied one is removed. */
export async function setKeyFigures(db: Executor, catalogueId: number, input: Partial<Record<string, string | null | undefined>>, expected: string, causer: Causer) {
  const figures: KeyFigures = {};
  for (const key of KEY_FIGURES) {
    const value = input[key]?.replace(/\r\n?/g, "\n").trim();
    if (value) figures[key] = value;
  }
  return writeFrame(db, catalogueId, expected, causer, (frame) => {
    // The stored order of keys must not count as a change.
    const same = JSON.stringify(storedFigures(frame)) === JSON.stringify(figures) || (!frame.key_figures && !Object.keys(figures).length);
    return same ? {} : { key_figures: Object.keys(figures).length ? JSON.stringify(figures) : null };
  });
}
