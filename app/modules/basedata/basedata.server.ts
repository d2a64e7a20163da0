import { sql, type Kysely } from "kysely";
import type { EntityDef, EntityKey, RecordValues } from "~/modules/basedata/entities";
import { PAGE_SIZE } from "~/modules/basedata/entities";
import { isUniqueViolation } from "~/server/db-errors";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { containsIgnoreCase, foldCase, inTransaction, nextTimestamp } from "../../server/db-helpers.server";
import { DuplicateNameError, InUseError, NotFoundError, StaleRecordError } from "../../server/errors.server";

/** Where each entity is stored and which join table links it to services. */
const STORAGE: Record<EntityKey, { table: string; subjectType: string; usage?: { table: string; fk: string } }> = {
  owner: { table: "owners", subjectType: "owner", usage: { table: "service_owners", fk: "owner_id" } },
  kpis: { table: "kpis", subjectType: "kpi", usage: { table: "service_kpis", fk: "kpi_id" } },
  provider: { table: "providers", subjectType: "provider", usage: { table: "service_providers", fk: "provider_id" } },
  termdefinitions: { table: "term_definitions", subjectType: "term_definition" },
  tags: { table: "tags", subjectType: "tag", usage: { table: "service_tags", fk: "tag_id" } },
};

export function subjectTypeOf(def: EntityDef): string {
  return STORAGE[def.key].subjectType;
}

// The entity's table is chosen at run time; the column names come from the fixed definitions in
// app/modules/basedata/entities.ts (never from input), so the untyped handle is safe here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Executor) => db as unknown as Kysely<any>;

export interface BaseDataRow {
  id: number;
  updated_at: string;
  usage_count: number;
  [field: string]: string | number | string[] | null;
}

export type SortDir = "asc" | "desc";
export interface ListQuery {
  q?: string;
  sort?: string;
  dir?: SortDir;
  page?: number;
}

const columnFields = (def: EntityDef) => def.fields.filter((f) => f.type !== "list").map((f) => f.name);

function usageCount(def: EntityDef) {
  const usage = STORAGE[def.key].usage;
  if (!usage) return sql<number>`0`;
  // Only services that are not in the bin count as users.
  return sql<number>`(select count(*) from ${sql.table(usage.table)} u inner join services s on s.id = u.service_id
    where u.${sql.ref(usage.fk)} = r.id and s.deleted_at is null)`;
}

/** One page of records with their usage counts; search is a case-insensitive substring on the name. */
export async function listBaseData(db: Executor, def: EntityDef, query: ListQuery = {}) {
  const { table } = STORAGE[def.key];
  const q = query.q?.trim() ?? "";
  const base = untyped(db)
    .selectFrom(`${table} as r`)
    .$if(q.length > 0, (qb) => qb.where(containsIgnoreCase(db, `r.${def.nameField}`, q)));
  const countRow = await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pageCount);
  const sortable = new Set([...def.fields.filter((f) => f.column && f.type !== "list").map((f) => f.name), "updated_at"]);
  const dir: SortDir = query.dir === "desc" ? "desc" : "asc";
  let sortKey = query.sort && (sortable.has(query.sort) || (query.sort === "usage" && def.hasUsage)) ? query.sort : def.nameField;
  if (sortKey === "usage" && !def.hasUsage) sortKey = def.nameField;

  const rows = (await base
    .select(["r.id", "r.updated_at", ...columnFields(def).map((f) => `r.${f}`)])
    .select(usageCount(def).as("usage_count"))
    .orderBy(sortKey === "usage" ? sql`usage_count` : sql`lower(${sql.ref(`r.${sortKey}`)})`, dir)
    .orderBy("r.id", "asc")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute()) as BaseDataRow[];
  for (const row of rows) row.usage_count = Number(row.usage_count);
  await attachLists(db, def, rows);
  return { rows, total, page, pageCount, sort: sortKey, dir, q };
}

/** Representatives of the listed owners in one query (no N+1). */
async function attachLists(db: Executor, def: EntityDef, rows: BaseDataRow[]) {
  if (def.key !== "owner" || rows.length === 0) return;
  const reps = await db
    .selectFrom("owner_representatives")
    .select(["owner_id", "name"])
    .where(
      "owner_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const row of rows) row.representatives = reps.filter((r) => r.owner_id === row.id).map((r) => r.name);
}

export async function getBaseData(db: Executor, def: EntityDef, id: number): Promise<BaseDataRow | undefined> {
  const { table } = STORAGE[def.key];
  const row = (await untyped(db)
    .selectFrom(`${table} as r`)
    .select(["r.id", "r.created_at", "r.updated_at", ...columnFields(def).map((f) => `r.${f}`)])
    .select(usageCount(def).as("usage_count"))
    .where("r.id", "=", id)
    .executeTakeFirst()) as BaseDataRow | undefined;
  if (!row) return undefined;
  row.usage_count = Number(row.usage_count);
  await attachLists(db, def, [row]);
  return row;
}

/** The services (not in the bin) that use this record: the first `limit` by name, and how many in all. */
export async function servicesUsing(db: Executor, def: EntityDef, id: number, limit = 20) {
  const usage = STORAGE[def.key].usage;
  if (!usage) return { services: [] as { id: number; name: string }[], total: 0 };
  const base = untyped(db)
    .selectFrom(`${usage.table} as u`)
    .innerJoin("services as s", "s.id", "u.service_id")
    .where(`u.${usage.fk}`, "=", id)
    .where("s.deleted_at", "is", null);
  const [services, count] = await Promise.all([
    base.select(["s.id", "s.name"]).orderBy(sql`lower(s.name)`).orderBy("s.id").limit(limit).execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { services: services as { id: number; name: string }[], total: Number(count?.n ?? 0) };
}

async function assertNameFree(db: Executor, def: EntityDef, name: string, exceptId?: number) {
  const { table } = STORAGE[def.key];
  const clash = await untyped(db)
    .selectFrom(table)
    .select("id")
    .where(foldCase(db, sql.ref(def.nameField)), "=", name.toLowerCase())
    .$if(exceptId !== undefined, (qb) => qb.where("id", "!=", exceptId!))
    .executeTakeFirst();
  if (clash) throw new DuplicateNameError(def.nameField);
}

function splitValues(def: EntityDef, values: RecordValues) {
  const columns: Record<string, string | null> = {};
  let representatives: string[] | undefined;
  for (const field of def.fields) {
    if (!(field.name in values)) continue;
    const value = values[field.name];
    if (field.type === "list") representatives = Array.isArray(value) ? value : [];
    else columns[field.name] = (value as string | null) ?? null;
  }
  return { columns, representatives };
}

async function replaceRepresentatives(db: Executor, ownerId: number, names: string[]) {
  await db.deleteFrom("owner_representatives").where("owner_id", "=", ownerId).execute();
  if (names.length) {
    await db
      .insertInto("owner_representatives")
      .values(names.map((name, position) => ({ owner_id: ownerId, name, position })))
      .execute();
  }
}

/** Translates a unique-index violation (two concurrent creates of one name) into the domain error. */
async function guardUnique<T>(def: EntityDef, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateNameError(def.nameField);
    throw error;
  }
}

export async function createBaseData(db: Executor, def: EntityDef, values: RecordValues, causer: Causer): Promise<number> {
  return guardUnique(def, () =>
    inTransaction(db, async (trx) => {
      const { columns, representatives } = splitValues(def, values);
      await assertNameFree(trx, def, String(columns[def.nameField] ?? ""));
      const now = nowIso();
      const { id } = await untyped(trx)
        .insertInto(STORAGE[def.key].table)
        .values({ ...columns, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (representatives) await replaceRepresentatives(trx, id, representatives);
      await recordActivity(trx, {
        subjectType: subjectTypeOf(def),
        subjectId: id,
        event: "created",
        causer,
        newValues: representatives ? { ...columns, representatives } : columns,
      });
      return Number(id);
    }),
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Updates the fields present in `values`. `expectedUpdatedAt` is the version the form was loaded
 * with: when the record changed since, nothing is written and StaleRecordError says what differs.
 */
export async function updateBaseData(
  db: Executor,
  def: EntityDef,
  id: number,
  values: RecordValues,
  expectedUpdatedAt: string | null,
  causer: Causer,
): Promise<void> {
  await guardUnique(def, () =>
    inTransaction(db, async (trx) => {
      const current = await getBaseData(trx, def, id);
      if (!current) throw new NotFoundError(def.key);
      const { columns, representatives } = splitValues(def, values);
      const incoming: Record<string, unknown> = representatives ? { ...columns, representatives } : { ...columns };
      const changed = Object.keys(incoming).filter((k) => !sameValue(current[k], incoming[k]));
      if (expectedUpdatedAt && current.updated_at !== expectedUpdatedAt) {
        throw new StaleRecordError(current, changed);
      }
      if (changed.length === 0) return;
      if (def.nameField in columns) await assertNameFree(trx, def, String(columns[def.nameField] ?? ""), id);
      // Compare-and-set on the version read above: a concurrent save in between updates nothing here.
      const result = await untyped(trx)
        .updateTable(STORAGE[def.key].table)
        .set({ ...columns, updated_at: nextTimestamp(current.updated_at) })
        .where("id", "=", id)
        .where("updated_at", "=", current.updated_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        const latest = await getBaseData(trx, def, id);
        if (!latest) throw new NotFoundError(def.key);
        throw new StaleRecordError(latest, Object.keys(incoming).filter((k) => !sameValue(latest[k], incoming[k])));
      }
      if (representatives) await replaceRepresentatives(trx, id, representatives);
      await recordActivity(trx, {
        subjectType: subjectTypeOf(def),
        subjectId: id,
        event: "updated",
        causer,
        oldValues: Object.fromEntries(changed.map((k) => [k, current[k]])),
        newValues: Object.fromEntries(changed.map((k) => [k, incoming[k]])),
      });
    }),
  );
}

/**
 * Deletes a record. When services use it, `confirmInUse` must be set: the links are removed and
 * the audit activity keeps the old values and which services used it.
 */
export async function deleteBaseData(db: Executor, def: EntityDef, id: number, causer: Causer, confirmInUse: boolean) {
  return inTransaction(db, async (trx) => {
    const current = await getBaseData(trx, def, id);
    if (!current) throw new NotFoundError(def.key);
    const usage = STORAGE[def.key].usage;
    let usedBy: number[] = [];
    if (usage) {
      const { services, total } = await servicesUsing(trx, def, id);
      if (total > 0 && !confirmInUse) throw new InUseError(services, total);
      const links = await untyped(trx).selectFrom(usage.table).select("service_id").where(usage.fk, "=", id).execute();
      usedBy = links.map((l) => Number(l.service_id));
      await untyped(trx).deleteFrom(usage.table).where(usage.fk, "=", id).execute();
    }
    await untyped(trx).deleteFrom(STORAGE[def.key].table).where("id", "=", id).execute();
    const { usage_count: _usage, ...old } = current;
    await recordActivity(trx, {
      subjectType: subjectTypeOf(def),
      subjectId: id,
      event: "deleted",
      causer,
      oldValues: { ...old, used_by_service_ids: usedBy },
    });
  });
}
