import { sql } from "kysely";
import type { Executor } from "~/server/audit.server";
import { isPostgresDb } from "~/server/db-helpers.server";

/**
 * Translation coverage (issue 37 §5): per category of a catalogue, how many services are fully
 * translated into a language, how many have an outdated translation, how many miss one. A service
 * counts by its worst field among those with text in the original (the name and the given text
 * fields); "outdated" compares hashes in SQL (`source_hash`, migration 0034 / db.server.ts).
 */

export const COVERAGE_STATES = ["translated", "outdated", "missing"] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

export interface CoverageRow {
  areaId: number | null;
  area: string | null;
  categoryId: number | null;
  category: string | null;
  translated: number;
  outdated: number;
  missing: number;
}

/** 0 translated, 1 outdated, 2 missing — per service, the worst of its fields (services aliased `s`). */
export function serviceTranslationState(db: Executor, language: string, fields: readonly string[]) {
  const perField = ["name", ...fields].map(
    (field) => sql<number>`(case
      when coalesce(${sql.ref(`s.${field}`)}, '') = '' then 0
      when not exists (select 1 from content_translations t where t.subject_type = 'service' and t.subject_id = s.id and t.field = ${field} and t.language = ${language}) then 2
      when exists (select 1 from content_translations t where t.subject_type = 'service' and t.subject_id = s.id and t.field = ${field} and t.language = ${language} and t.source_hash <> source_hash(${sql.ref(`s.${field}`)})) then 1
      else 0 end)`,
  );
  // The worst of them: greatest() on Postgres, the scalar max() on SQLite.
  return isPostgresDb(db) ? sql<number>`greatest(${sql.join(perField, sql`, `)})` : sql<number>`max(${sql.join(perField, sql`, `)})`;
}

export async function translationCoverage(db: Executor, catalogueId: number, language: string, fields: readonly string[]): Promise<CoverageRow[]> {
  const perService = db
    .selectFrom("services as s")
    .select(["s.id", "s.category_id", serviceTranslationState(db, language, fields).as("state")])
    .where("s.service_catalogue_id", "=", catalogueId)
    .where("s.deleted_at", "is", null);
  const rows = await db
    .selectFrom(perService.as("x"))
    .leftJoin("service_categories as c", "c.id", "x.category_id")
    .leftJoin("service_areas as a", "a.id", "c.service_area_id")
    .select([
      "a.id as areaId",
      "a.name as area",
      "c.id as categoryId",
      "c.name as category",
      sql<number>`sum(case when x.state = 0 then 1 else 0 end)`.as("translated"),
      sql<number>`sum(case when x.state = 1 then 1 else 0 end)`.as("outdated"),
      sql<number>`sum(case when x.state = 2 then 1 else 0 end)`.as("missing"),
    ])
    .groupBy(["a.id", "a.name", "c.id", "c.name"])
    .orderBy("a.name")
    .orderBy("c.name")
    .execute();
  return rows.map((r) => ({ ...r, translated: Number(r.translated), outdated: Number(r.outdated), missing: Number(r.missing) }));
}
