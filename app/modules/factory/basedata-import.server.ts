import { sql } from "kysely";
import { createBaseData } from "~/modules/basedata/basedata.server";
import { ENTITIES, type EntityDef, type RecordValues } from "~/modules/basedata/entities";
import { recordSchema } from "~/modules/basedata/entity-schema";
import type { Causer, Executor } from "~/server/audit.server";
import { foldCase } from "~/server/db-helpers.server";
import { DuplicateNameError } from "~/server/errors.server";
import type { FactoryClient, FactoryKpi, FactoryProvider } from "./factory-client.server";

/**
 * The template import of providers and service levels (issue 18 §4): the template server's
 * records become local base data; a name that exists here already (case-insensitively) is
 * skipped and reported, never duplicated. Each record is created in its own transaction.
 */

export type BaseDataKind = "provider" | "kpi";
export type FactoryRecord = FactoryProvider | FactoryKpi;

export const BASEDATA_KINDS: Record<BaseDataKind, { entity: EntityDef; table: "providers" | "kpis"; path: string; list: (client: FactoryClient) => Promise<FactoryRecord[]> }> = {
  provider: { entity: ENTITIES.provider, table: "providers", path: "/factory/provider", list: (client) => client.providers() },
  kpi: { entity: ENTITIES.kpis, table: "kpis", path: "/factory/kpi", list: (client) => client.kpis() },
};

export type BaseDataOutcome =
  | { status: "created"; factoryId: number; name: string; localId: number }
  | { status: "skipped"; factoryId: number; name: string; localId: number }
  | { status: "failed"; factoryId: number; name: string; field?: string };

/** Local records by folded name → id (what "exists already" means). */
export async function localNames(db: Executor, kind: BaseDataKind): Promise<Map<string, number>> {
  const { table } = BASEDATA_KINDS[kind];
  const rows = await db.selectFrom(table).select(["id", foldCase(db, sql.ref("name")).as("folded")]).orderBy("id").execute();
  const map = new Map<string, number>();
  for (const row of rows) if (!map.has(row.folded)) map.set(row.folded, Number(row.id));
  return map;
}

const fold = (name: string) => name.trim().toLowerCase();

/** The record's values as the base-data form reads them. */
function valuesOf(def: EntityDef, record: FactoryRecord): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of def.fields) {
    const value = (record as unknown as Record<string, unknown>)[field.name];
    values[field.name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** Imports the records one by one; what became of each. */
export async function importBaseData(db: Executor, kind: BaseDataKind, records: FactoryRecord[], causer: Causer): Promise<BaseDataOutcome[]> {
  const { entity } = BASEDATA_KINDS[kind];
  const existing = await localNames(db, kind);
  const outcomes: BaseDataOutcome[] = [];
  for (const record of records) {
    const known = existing.get(fold(record.name));
    if (known !== undefined) {
      outcomes.push({ status: "skipped", factoryId: record.id, name: record.name, localId: known });
      continue;
    }
    // The template's data must be what our own form accepts (a valid e-mail, a web address).
    const parsed = recordSchema(entity).safeParse(valuesOf(entity, record));
    if (!parsed.success) {
      outcomes.push({ status: "failed", factoryId: record.id, name: record.name, field: String(parsed.error.issues[0]?.path[0] ?? "") });
      continue;
    }
    try {
      const localId = await createBaseData(db, entity, parsed.data as RecordValues, causer);
      existing.set(fold(record.name), localId);
      outcomes.push({ status: "created", factoryId: record.id, name: record.name, localId });
    } catch (error) {
      if (error instanceof DuplicateNameError) {
        // Created meanwhile by someone else: a duplicate all the same.
        const again = await localNames(db, kind);
        const id = again.get(fold(record.name));
        if (id !== undefined) {
          outcomes.push({ status: "skipped", factoryId: record.id, name: record.name, localId: id });
          continue;
        }
      }
      console.error(`[factory] ${kind} ${record.id}:`, error);
      outcomes.push({ status: "failed", factoryId: record.id, name: record.name });
    }
  }
  return outcomes;
}
