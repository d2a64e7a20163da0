import { sql } from "kysely";
import type { Database } from "~/server/db/schema";
import type { Executor } from "./audit.server";

/**
 * One ordered list of rows under a parent: the services of a category, the options of a
 * service, and next the sections, paragraphs, table rows and headlines of a cover sheet.
 * Every list is numbered 0..n-1 in display order (position, then id for ties), and every
 * change goes through the helpers below, so appending, moving and closing a gap work alike.
 */
export interface OrderedList {
  table: keyof Database & string;
  /** The parent column and its value, e.g. `{ column: "category_id", value: 7 }`. */
  parent: { column: string; value: number };
  /** The position column; "position" unless the table names it otherwise. */
  position?: string;
  /** Rows with a value in this column (e.g. `deleted_at`) are out of the list and keep their position. */
  excludeWhereSet?: string;
}

export interface PositionedRow {
  id: number;
  position: number;
}

/** The list's rows in display order, with their stored positions. */
export async function orderedRows(db: Executor, list: OrderedList): Promise<PositionedRow[]> {
  const column = sql.ref(list.position ?? "position");
  const live = list.excludeWhereSet ? sql`and ${sql.ref(list.excludeWhereSet)} is null` : sql``;
  const { rows } = await sql<PositionedRow>`
    select id, ${column} as position from ${sql.table(list.table)}
    where ${sql.ref(list.parent.column)} = ${list.parent.value} ${live}
    order by ${column}, id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), position: Number(r.position) }));
}

/** The position a new row gets at the end of the list. */
export async function appendPosition(db: Executor, list: OrderedList): Promise<number> {
  return (await orderedRows(db, list)).length;
}

/**
 * Writes positions 0..n-1 in the order of `ids`, touching only rows whose position changes.
 * `ids` may name a row that is not in the list yet (a service moving in from another category).
 */
export async function renumber(db: Executor, list: OrderedList, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const column = list.position ?? "position";
  const { rows } = await sql<PositionedRow>`
    select id, ${sql.ref(column)} as position from ${sql.table(list.table)} where id in (${sql.join(ids)})`.execute(db);
  const current = new Map(rows.map((r) => [Number(r.id), Number(r.position)]));
  for (const [index, id] of ids.entries()) {
    if (current.get(id) !== index) await sql`update ${sql.table(list.table)} set ${sql.ref(column)} = ${index} where id = ${id}`.execute(db);
  }
}

/** Renumbers the list as it stands: after a row left it, the gap closes. */
export async function closeGap(db: Executor, list: OrderedList): Promise<void> {
  await renumber(
    db,
    list,
    (await orderedRows(db, list)).map((r) => r.id),
  );
}

/**
 * Puts row `id` at `index` (clamped to the list) and renumbers. The row may come from another
 * list (its old list is the caller's to close). Returns the index it had (-1 if it was not in
 * this list) and the index it got.
 */
export async function moveTo(db: Executor, list: OrderedList, id: number, index: number): Promise<{ from: number; to: number }> {
  const ids = (await orderedRows(db, list)).map((r) => r.id);
  const from = ids.indexOf(id);
  const others = ids.filter((x) => x !== id);
  const to = Math.max(0, Math.min(Math.floor(index), others.length));
  others.splice(to, 0, id);
  await renumber(db, list, others);
  return { from, to };
}

/**
 * Moves row `id` one step up or down. Returns null when it is not in the list, and `from === to`
 * when it is already at that end.
 */
export async function moveStep(db: Executor, list: OrderedList, id: number, direction: "up" | "down"): Promise<{ from: number; to: number } | null> {
  const ids = (await orderedRows(db, list)).map((r) => r.id);
  const from = ids.indexOf(id);
  if (from < 0) return null;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return { from, to: from };
  [ids[from], ids[to]] = [ids[to], ids[from]];
  await renumber(db, list, ids);
  return { from, to };
}
