import { sql } from "kysely";
import type { Database } from "~/server/db/schema";
import type { Executor } from "./audit.server";

/**
 * One ordered list of rows under a parent: the services of a category, the options of a
 * service, the sections and table rows of a cover sheet; and, through `SharedList`, one order over
 * several tables (a cover-sheet section's paragraphs, tables and matrices).
 * Every list is numbered 0..n-1 in display order (position, then id for ties), and every
 * change goes through the helpers below, so appending, moving and closing a gap work alike.
 */
export interface OrderedList {
  table: keyof Database & string;
  /**
   * The parent column and its value, e.g. `{ column: "category_id", value: 7 }`; null means "is
   * null". Several conditions all hold (a catalogue's services without category); none: the whole
   * table is one list.
   */
  parent: ListParent | readonly ListParent[];
  /** The position column; "position" unless the table names it otherwise. */
  position?: string;
  /** Rows with a value in this column (e.g. `deleted_at`) are out of the list and keep their position. */
  excludeWhereSet?: string;
}

export interface ListParent {
  column: string;
  value: number | null;
}

export interface PositionedRow {
  id: number;
  position: number;
}

/** The where clause that selects the list's rows. */
function inList(list: OrderedList) {
  const parents: readonly ListParent[] = "column" in list.parent ? [list.parent] : list.parent;
  const conditions = parents.map((p) => (p.value === null ? sql`${sql.ref(p.column)} is null` : sql`${sql.ref(p.column)} = ${p.value}`));
  if (list.excludeWhereSet) conditions.push(sql`${sql.ref(list.excludeWhereSet)} is null`);
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** The list's rows in display order, with their stored positions. */
export async function orderedRows(db: Executor, list: OrderedList): Promise<PositionedRow[]> {
  const column = sql.ref(list.position ?? "position");
  const { rows } = await sql<PositionedRow>`
    select id, ${column} as position from ${sql.table(list.table)} ${inList(list)}
    order by ${column}, id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), position: Number(r.position) }));
}

/** The position a new row gets at the end of a list kept 0..n-1. */
export async function appendPosition(db: Executor, list: OrderedList): Promise<number> {
  return (await orderedRows(db, list)).length;
}

/**
 * The position after the list's highest one (0 when empty), for lists that are not renumbered
 * (areas and categories keep gaps when one is deleted; an attribute may be given any position):
 * counting there could hand out a position that is already taken.
 */
export async function positionAfterLast(db: Executor, list: OrderedList): Promise<number> {
  const { rows } = await sql<{ last: number | string | null }>`
    select max(${sql.ref(list.position ?? "position")}) as last from ${sql.table(list.table)} ${inList(list)}`.execute(db);
  const last = rows[0]?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
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

/** Pure: `item` placed at `index` (clamped), the others keeping their order; `from` is -1 when it was not in `items`. */
export function placed<T>(items: readonly T[], item: T, index: number): { items: T[]; from: number; to: number } {
  const from = items.indexOf(item);
  const others = items.filter((x) => x !== item);
  const to = Math.max(0, Math.min(Math.floor(index), others.length));
  others.splice(to, 0, item);
  return { items: others, from, to };
}

/** Pure: `item` swapped with its neighbour; null when it is not in `items`, `from === to` at that end. */
export function stepped<T>(items: readonly T[], item: T, direction: "up" | "down"): { items: T[]; from: number; to: number } | null {
  const from = items.indexOf(item);
  if (from < 0) return null;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= items.length) return { items: [...items], from, to: from };
  const next = [...items];
  [next[from], next[to]] = [next[to], next[from]];
  return { items: next, from, to };
}

/**
 * Puts row `id` at `index` (clamped to the list) and renumbers. The row may come from another
 * list (its old list is the caller's to close). Returns the index it had (-1 if it was not in
 * this list) and the index it got.
 */
export async function moveTo(db: Executor, list: OrderedList, id: number, index: number): Promise<{ from: number; to: number }> {
  const { items, from, to } = placed((await orderedRows(db, list)).map((r) => r.id), id, index);
  await renumber(db, list, items);
  return { from, to };
}

/**
 * Moves row `id` one step up or down. Returns null when it is not in the list, and `from === to`
 * when it is already at that end.
 */
export async function moveStep(db: Executor, list: OrderedList, id: number, direction: "up" | "down"): Promise<{ from: number; to: number } | null> {
  const moved = stepped((await orderedRows(db, list)).map((r) => r.id), id, direction);
  if (!moved) return null;
  if (moved.from !== moved.to) await renumber(db, list, moved.items);
  return { from: moved.from, to: moved.to };
}

// ------------------------------------------------------------------------------ shared orderings

/**
 * One ordering shared by the rows of several tables under one parent: the paragraphs, tables and
 * matrix tables of a cover-sheet section share `global_position` (spec 02 §3). A member is
 * (table, id). Ties sort by the order of `tables`, then id — the order the readers show.
 */
export interface SharedList {
  tables: readonly (keyof Database & string)[];
  /** The parent column (the same name in every table) and its value. */
  parent: { column: string; value: number };
  /** The shared position column. */
  position: string;
  /** Each table's own position column, kept 0..k-1 in the shared order (e.g. "position"). */
  ownPosition?: string;
}

export interface Member {
  table: string;
  id: number;
}

const memberKey = (m: Member) => `${m.table}:${m.id}`;
const memberOf = (key: string): Member => {
  const at = key.lastIndexOf(":");
  return { table: key.slice(0, at), id: Number(key.slice(at + 1)) };
};

/** The members in display order, with their stored shared positions. */
export async function sharedRows(db: Executor, list: SharedList): Promise<(Member & { position: number })[]> {
  const column = sql.ref(list.position);
  const parts = list.tables.map(
    (table, kind) => sql`select id, ${column} as position, ${sql.lit(kind)} as kind from ${sql.table(table)} where ${sql.ref(list.parent.column)} = ${list.parent.value}`,
  );
  const { rows } = await sql<{ id: number; position: number; kind: number }>`${sql.join(parts, sql` union all `)} order by position, kind, id`.execute(db);
  return rows.map((r) => ({ table: list.tables[Number(r.kind)], id: Number(r.id), position: Number(r.position) }));
}

/** The shared position a new member gets at the end. */
export async function appendSharedPosition(db: Executor, list: SharedList): Promise<number> {
  return (await sharedRows(db, list)).length;
}

/** Writes shared positions 0..n-1 in the order of `members` (and each table's own 0..k-1), touching only changed rows. */
export async function renumberShared(db: Executor, list: SharedList, members: Member[]): Promise<void> {
  const current = new Map((await sharedRows(db, list)).map((r) => [memberKey(r), r.position]));
  const own = new Map<string, number>();
  for (const [index, member] of members.entries()) {
    if (current.get(memberKey(member)) !== index) {
      await sql`update ${sql.table(member.table)} set ${sql.ref(list.position)} = ${index} where id = ${member.id}`.execute(db);
    }
    if (list.ownPosition) {
      const rank = own.get(member.table) ?? 0;
      own.set(member.table, rank + 1);
      await sql`update ${sql.table(member.table)} set ${sql.ref(list.ownPosition)} = ${rank} where id = ${member.id} and ${sql.ref(list.ownPosition)} <> ${rank}`.execute(db);
    }
  }
}

/** Renumbers the shared list as it stands: after a member left it, the gap closes. */
export async function closeSharedGap(db: Executor, list: SharedList): Promise<void> {
  await renumberShared(db, list, await sharedRows(db, list));
}

/** Moves a member one step within the shared list; null when it is not in it, `from === to` at that end. */
export async function moveSharedStep(db: Executor, list: SharedList, member: Member, direction: "up" | "down"): Promise<{ from: number; to: number } | null> {
  const moved = stepped((await sharedRows(db, list)).map(memberKey), memberKey(member), direction);
  if (!moved) return null;
  if (moved.from !== moved.to) await renumberShared(db, list, moved.items.map(memberOf));
  return { from: moved.from, to: moved.to };
}

/** Puts a member at `index` (clamped) of the shared list; null when it is not in it. */
export async function moveSharedTo(db: Executor, list: SharedList, member: Member, index: number): Promise<{ from: number; to: number } | null> {
  const keys = (await sharedRows(db, list)).map(memberKey);
  if (!keys.includes(memberKey(member))) return null;
  const { items, from, to } = placed(keys, memberKey(member), index);
  if (from !== to) await renumberShared(db, list, items.map(memberOf));
  return { from, to };
}
