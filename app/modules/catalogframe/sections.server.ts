import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction, nextTimestamp } from "~/server/db-helpers.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import {
  appendPosition,
  appendSharedPosition,
  closeGap,
  closeSharedGap,
  moveSharedStep,
  moveSharedTo,
  moveStep,
  moveTo,
  orderedRows,
  type OrderedList,
  type SharedList,
} from "~/server/positions.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { nowIso } from "~/lib/time";
import { matrixMatchesHeaders, SECTION_HOLDS, type ItemKind, type SectionType } from "./frame-types";

/**
 * The sections of a catalogue's frame and their items (spec 02 §3): paragraphs, tables with rows,
 * matrix tables. A section's items share one order (global_position) through the positions
 * helper; each kind's own `position` follows it. The static catalogue (-1) has its own sections.
 * Edits carry the record's version (stale forms are refused); every write is audited.
 */

export type Move = "up" | "down" | { to: number };

export const ITEM_TABLE = { paragraph: "paragraphs", table: "section_tables", matrix: "matrix_tables" } as const;
/** Audit subject types (the logs name them). */
export const ITEM_SUBJECT = { paragraph: "paragraph", table: "section_table", matrix: "matrix_table" } as const;
export const SECTION_SUBJECT = "section";

const sectionList = (catalogueId: number): OrderedList => ({ table: "sections", parent: { column: "service_catalogue_id", value: catalogueId } });
const itemList = (sectionId: number): SharedList => ({
  tables: [ITEM_TABLE.paragraph, ITEM_TABLE.table, ITEM_TABLE.matrix],
  parent: { column: "section_id", value: sectionId },
  position: "global_position",
  ownPosition: "position",
});
const rowList = (tableId: number): OrderedList => ({ table: "table_rows", parent: { column: "table_id", value: tableId } });

const json = (value: unknown) => JSON.stringify(value);
const strings = (raw: string): string[] => {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.map((v) => String(v ?? "")) : [];
  } catch {
    return [];
  }
};

/** The keys of `after` whose values differ from `before` (compared as JSON), as audit values; null when none. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => json(before[k] ?? null) !== json(after[k] ?? null));
  if (!keys.length) return null;
  return { oldValues: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), newValues: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

function checkVersion(row: { updated_at: string }, expected: string) {
  if (row.updated_at !== expected) throw new StaleRecordError(row, []);
}

// ------------------------------------------------------------------------------------- sections

export interface SectionValues {
  name: string;
  description: string | null;
  type: SectionType;
}

export async function getSection(db: Executor, id: number) {
  const row = await db.selectFrom("sections").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("section");
  return row;
}

/** The kinds of item a section holds now (a type change must keep room for them). */
async function heldKinds(db: Executor, sectionId: number): Promise<ItemKind[]> {
  const kinds: ItemKind[] = [];
  for (const kind of ["paragraph", "table", "matrix"] as const) {
    const row = await db.selectFrom(ITEM_TABLE[kind]).select("id").where("section_id", "=", sectionId).limit(1).executeTakeFirst();
    if (row) kinds.push(kind);
  }
  return kinds;
}

export async function createSection(db: Executor, catalogueId: number, values: SectionValues, causer: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const catalogue = await trx.selectFrom("service_catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst();
    if (!catalogue) throw new NotFoundError("catalogue");
    const now = nowIso();
    const position = await appendPosition(trx, sectionList(catalogueId));
    const { id } = await trx
      .insertInto("sections")
      .values({ service_catalogue_id: catalogueId, ...values, position, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: SECTION_SUBJECT, subjectId: id, event: "created", causer, newValues: { ...values, service_catalogue_id: catalogueId }, description: values.name });
    return id;
  });
}

/** False when nothing changed. A type that cannot hold the section's items is refused. */
export async function updateSection(db: Executor, id: number, values: SectionValues, expected: string, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getSection(trx, id);
    checkVersion(before, expected);
    if (values.type !== before.type && (await heldKinds(trx, id)).some((kind) => !SECTION_HOLDS[values.type].includes(kind))) {
      throw new ValidationError({ type: "catalogframe.errors.typeHoldsItems" });
    }
    const changed = changes({ name: before.name, description: before.description, type: before.type }, { ...values });
    if (!changed) return false;
    await trx.updateTable("sections").set({ ...values, updated_at: nextTimestamp(before.updated_at) }).where("id", "=", id).execute();
    await recordActivity(trx, { subjectType: SECTION_SUBJECT, subjectId: id, event: "updated", causer, ...changed, description: values.name });
    return true;
  });
}

/** Deletes a section with everything in it; the others close the gap. */
export async function deleteSection(db: Executor, id: number, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const before = await getSection(trx, id);
    const tables = await trx.selectFrom("section_tables").select("id").where("section_id", "=", id).execute();
    if (tables.length) await trx.deleteFrom("table_rows").where("table_id", "in", tables.map((t) => t.id)).execute();
    for (const table of Object.values(ITEM_TABLE)) await trx.deleteFrom(table).where("section_id", "=", id).execute();
    await trx.deleteFrom("sections").where("id", "=", id).execute();
    await closeGap(trx, sectionList(before.service_catalogue_id));
    await recordActivity(trx, {
      subjectType: SECTION_SUBJECT,
      subjectId: id,
      event: "deleted",
      causer,
      oldValues: { name: before.name, description: before.description, type: before.type, service_catalogue_id: before.service_catalogue_id },
      description: before.name,
    });
    return before;
  });
}

/** Moves a section one step or to an index within its catalogue's sections; false when it stayed. */
export async function moveSection(db: Executor, id: number, move: Move, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const section = await getSection(trx, id);
    const list = sectionList(section.service_catalogue_id);
    const moved = typeof move === "string" ? await moveStep(trx, list, id, move) : await moveTo(trx, list, id, move.to);
    if (!moved || moved.from === moved.to) return false;
    await recordActivity(trx, { subjectType: SECTION_SUBJECT, subjectId: id, event: "moved", causer, oldValues: { position: moved.from }, newValues: { position: moved.to }, description: section.name });
    return true;
  });
}

// ---------------------------------------------------------------------------------------- items

/** An item's stored row (the columns of its kind) with the section and catalogue it belongs to. */
export interface ItemRecord {
  id: number;
  section_id: number;
  title: string | null;
  position: number;
  global_position: number;
  updated_at: string;
  content?: string | null;
  headers?: string;
  row_headers?: string;
  column_headers?: string;
  matrix_data?: string;
  catalogue_id: number;
  section_name: string;
  section_type: SectionType;
}

export async function getItem(db: Executor, kind: ItemKind, id: number): Promise<ItemRecord> {
  // One table per kind; the cast names one of them so Kysely can type the shared columns.
  const row = await db.selectFrom(ITEM_TABLE[kind] as "paragraphs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError(kind);
  const section = await getSection(db, row.section_id);
  return { ...(row as unknown as Omit<ItemRecord, "catalogue_id" | "section_name" | "section_type">), catalogue_id: section.service_catalogue_id, section_name: section.name, section_type: section.type as SectionType };
}

/** The section an item is added to: it must exist and its type must hold the kind. */
async function sectionFor(db: Executor, sectionId: number, kind: ItemKind) {
  const section = await getSection(db, sectionId);
  if (!SECTION_HOLDS[section.type as SectionType].includes(kind)) throw new ValidationError({ _form: "catalogframe.errors.kindNotHeld" });
  return section;
}

async function insertItem(db: Executor, kind: ItemKind, sectionId: number, values: Record<string, unknown>, audit: Record<string, unknown>, causer: Causer): Promise<number> {
  const now = nowIso();
  const global = await appendSharedPosition(db, itemList(sectionId));
  const own = (await db.selectFrom(ITEM_TABLE[kind]).select((eb) => eb.fn.countAll<number>().as("n")).where("section_id", "=", sectionId).executeTakeFirstOrThrow()).n;
  const { id } = await db
    .insertInto(ITEM_TABLE[kind])
    .values({ section_id: sectionId, ...values, position: Number(own), global_position: global, created_at: now, updated_at: now } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordActivity(db, { subjectType: ITEM_SUBJECT[kind], subjectId: id, event: "created", causer, newValues: { ...audit, section_id: sectionId }, description: String(values.title ?? "") });
  return id;
}

async function updateItem(db: Executor, kind: ItemKind, id: number, expected: string, causer: Causer, next: (row: ItemRecord) => { values: Record<string, unknown>; before: Record<string, unknown>; after: Record<string, unknown> }) {
  return inTransaction(db, async (trx) => {
    const row = await getItem(trx, kind, id);
    checkVersion(row, expected);
    const { values, before, after } = next(row);
    const changed = changes(before, after);
    if (!changed) return false;
    await trx.updateTable(ITEM_TABLE[kind]).set({ ...values, updated_at: nextTimestamp(row.updated_at) } as never).where("id", "=", id).execute();
    await recordActivity(trx, { subjectType: ITEM_SUBJECT[kind], subjectId: id, event: "updated", causer, ...changed, description: String(values.title ?? row.title ?? "") });
    return true;
  });
}

export interface ParagraphValues {
  title: string;
  content: string | null;
}

const cleanParagraph = (values: ParagraphValues) => ({ title: values.title.trim(), content: values.content ? sanitizeRichText(values.content) || null : null });

export async function createParagraph(db: Executor, sectionId: number, values: ParagraphValues, causer: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    await sectionFor(trx, sectionId, "paragraph");
    const row = cleanParagraph(values);
    return insertItem(trx, "paragraph", sectionId, row, row, causer);
  });
}

export async function updateParagraph(db: Executor, id: number, values: ParagraphValues, expected: string, causer: Causer) {
  const after = cleanParagraph(values);
  return updateItem(db, "paragraph", id, expected, causer, (row) => ({ values: after, before: { title: row.title, content: row.content }, after }));
}

export interface TableValues {
  title: string;
  headers: string[];
}

function checkHeaders(headers: string[], field: string) {
  if (!headers.length) throw new ValidationError({ [field]: "catalogframe.errors.headersRequired" });
}

/** A row must have one value per header (spec 02 §3). */
function checkRow(values: string[], headers: string[]) {
  if (values.length !== headers.length) throw new ValidationError({ _form: `catalogframe.errors.rowMismatch|count=${headers.length}` });
}

export async function createTable(db: Executor, sectionId: number, values: TableValues, causer: Causer): Promise<number> {
  checkHeaders(values.headers, "headers");
  return inTransaction(db, async (trx) => {
    await sectionFor(trx, sectionId, "table");
    return insertItem(trx, "table", sectionId, { title: values.title, headers: json(values.headers) }, { title: values.title, headers: values.headers }, causer);
  });
}

async function tableRows(db: Executor, tableId: number) {
  const ids = (await orderedRows(db, rowList(tableId))).map((r) => r.id);
  if (!ids.length) return [];
  const rows = await db.selectFrom("table_rows").select(["id", "row_values"]).where("id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, strings(r.row_values)]));
  return ids.map((id) => ({ id, values: byId.get(id) ?? [] }));
}

/**
 * Title, headers and (optionally) new values for rows, all in one save; afterwards every row must
 * have one value per header — a changed column count needs the rows' values with it.
 */
export async function updateTable(db: Executor, id: number, values: TableValues & { rows?: { id: number; values: string[] }[] }, expected: string, causer: Causer): Promise<boolean> {
  checkHeaders(values.headers, "headers");
  return inTransaction(db, async (trx) => {
    const table = await getItem(trx, "table", id);
    checkVersion(table, expected);
    const rows = await tableRows(trx, id);
    const given = new Map((values.rows ?? []).map((r) => [r.id, r.values]));
    for (const rowId of given.keys()) if (!rows.some((r) => r.id === rowId)) throw new NotFoundError("table row");
    const after = rows.map((r) => ({ id: r.id, values: given.get(r.id) ?? r.values }));
    for (const row of after) checkRow(row.values, values.headers);
    const changed = changes(
      { title: table.title, headers: strings(table.headers ?? "[]"), rows: rows.map((r) => r.values) },
      { title: values.title, headers: values.headers, rows: after.map((r) => r.values) },
    );
    if (!changed) return false;
    for (const row of after) {
      const old = rows.find((r) => r.id === row.id)!;
      if (json(old.values) !== json(row.values)) await trx.updateTable("table_rows").set({ row_values: json(row.values) }).where("id", "=", row.id).execute();
    }
    await trx.updateTable("section_tables").set({ title: values.title, headers: json(values.headers), updated_at: nextTimestamp(table.updated_at) }).where("id", "=", id).execute();
    await recordActivity(trx, { subjectType: ITEM_SUBJECT.table, subjectId: id, event: "updated", causer, ...changed, description: values.title });
    return true;
  });
}

/** A change to a table's rows: checked against the table's version, which it then advances; audited as the rows before and after. */
async function changeRows(db: Executor, tableId: number, expected: string, causer: Causer, change: (trx: Executor, table: ItemRecord, rows: { id: number; values: string[] }[]) => Promise<boolean>) {
  return inTransaction(db, async (trx) => {
    const table = await getItem(trx, "table", tableId);
    checkVersion(table, expected);
    const before = await tableRows(trx, tableId);
    if (!(await change(trx, table, before))) return false;
    const after = await tableRows(trx, tableId);
    await trx.updateTable("section_tables").set({ updated_at: nextTimestamp(table.updated_at) }).where("id", "=", tableId).execute();
    await recordActivity(trx, {
      subjectType: ITEM_SUBJECT.table,
      subjectId: tableId,
      event: "updated",
      causer,
      oldValues: { rows: before.map((r) => r.values) },
      newValues: { rows: after.map((r) => r.values) },
      description: table.title,
    });
    return true;
  });
}

/** Appends a row; it must have one value per header. */
export async function addTableRow(db: Executor, tableId: number, values: string[], expected: string, causer: Causer) {
  return changeRows(db, tableId, expected, causer, async (trx, table) => {
    checkRow(values, strings(table.headers ?? "[]"));
    const position = await appendPosition(trx, rowList(tableId));
    await trx.insertInto("table_rows").values({ table_id: tableId, row_values: json(values), position }).execute();
    return true;
  });
}

function rowOf(rows: { id: number }[], rowId: number) {
  if (!rows.some((r) => r.id === rowId)) throw new NotFoundError("table row");
}

export async function removeTableRow(db: Executor, tableId: number, rowId: number, expected: string, causer: Causer) {
  return changeRows(db, tableId, expected, causer, async (trx, _table, rows) => {
    rowOf(rows, rowId);
    await trx.deleteFrom("table_rows").where("id", "=", rowId).execute();
    await closeGap(trx, rowList(tableId));
    return true;
  });
}

export async function moveTableRow(db: Executor, tableId: number, rowId: number, move: Move, expected: string, causer: Causer) {
  return changeRows(db, tableId, expected, causer, async (trx, _table, rows) => {
    rowOf(rows, rowId);
    const moved = typeof move === "string" ? await moveStep(trx, rowList(tableId), rowId, move) : await moveTo(trx, rowList(tableId), rowId, move.to);
    return Boolean(moved && moved.from !== moved.to);
  });
}

export interface MatrixValues {
  title: string;
  row_headers: string[];
  column_headers: string[];
  matrix_data: string[][];
}

/** Valid only when the data matches the header counts (spec 02 §5). */
function checkMatrix(values: MatrixValues) {
  checkHeaders(values.row_headers, "row_headers");
  checkHeaders(values.column_headers, "column_headers");
  if (!matrixMatchesHeaders(values.row_headers, values.column_headers, values.matrix_data)) {
    throw new ValidationError({ _form: `catalogframe.errors.matrixMismatch|rows=${values.row_headers.length}|columns=${values.column_headers.length}` });
  }
}

const matrixColumns = (values: MatrixValues) => ({
  title: values.title,
  row_headers: json(values.row_headers),
  column_headers: json(values.column_headers),
  matrix_data: json(values.matrix_data),
});

export async function createMatrix(db: Executor, sectionId: number, values: MatrixValues, causer: Causer): Promise<number> {
  checkMatrix(values);
  return inTransaction(db, async (trx) => {
    await sectionFor(trx, sectionId, "matrix");
    return insertItem(trx, "matrix", sectionId, matrixColumns(values), { ...values }, causer);
  });
}

export async function updateMatrix(db: Executor, id: number, values: MatrixValues, expected: string, causer: Causer) {
  checkMatrix(values);
  return updateItem(db, "matrix", id, expected, causer, (row) => {
    let data: unknown = [];
    try {
      data = JSON.parse(row.matrix_data ?? "[]");
    } catch {
      data = [];
    }
    return {
      values: matrixColumns(values),
      before: { title: row.title, row_headers: strings(row.row_headers ?? "[]"), column_headers: strings(row.column_headers ?? "[]"), matrix_data: data },
      after: { ...values },
    };
  });
}

/** Deletes an item (a table with its rows); the section's other items close the gap. */
export async function deleteItem(db: Executor, kind: ItemKind, id: number, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const row = await getItem(trx, kind, id);
    if (kind === "table") await trx.deleteFrom("table_rows").where("table_id", "=", id).execute();
    await trx.deleteFrom(ITEM_TABLE[kind]).where("id", "=", id).execute();
    await closeSharedGap(trx, itemList(row.section_id));
    await recordActivity(trx, { subjectType: ITEM_SUBJECT[kind], subjectId: id, event: "deleted", causer, oldValues: { title: row.title, section_id: row.section_id }, description: row.title });
    return row;
  });
}

/** Moves an item one step or to an index within its section's shared order; false when it stayed. */
export async function moveItem(db: Executor, kind: ItemKind, id: number, move: Move, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await getItem(trx, kind, id);
    const member = { table: ITEM_TABLE[kind], id };
    const moved = typeof move === "string" ? await moveSharedStep(trx, itemList(row.section_id), member, move) : await moveSharedTo(trx, itemList(row.section_id), member, move.to);
    if (!moved || moved.from === moved.to) return false;
    await recordActivity(trx, { subjectType: ITEM_SUBJECT[kind], subjectId: id, event: "moved", causer, oldValues: { position: moved.from }, newValues: { position: moved.to }, description: row.title });
    return true;
  });
}
