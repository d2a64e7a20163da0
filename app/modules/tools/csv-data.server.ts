import { sql, type Kysely } from "kysely";
import { listCatalogueNames, type CatalogueName } from "~/modules/catalogue/catalogue.server";
import type { Executor } from "~/server/audit.server";
import { ID_CHUNK } from "./tools-selection.server";

/**
 * What the CSV export writes and the import compares against: a service's main fields with the
 * names of its owners, providers, service levels and tags, read for a chunk of ids in a fixed
 * number of queries.
 */

export type Named = { id: number; name: string };

export interface ServiceSnapshot {
  id: number;
  updated_at: string;
  name: string;
  status: string;
  statuspercent: number;
  servicetype: string;
  catalogue_id: number | null;
  category_id: number | null;
  art_nr: string | null;
  short_description: string | null;
  owners: Named[];
  providers: Named[];
  kpis: Named[];
  tags: Named[];
  /** Translations of the translated columns (issue 37 §4), by `column@language` (e.g. `name@en`). */
  translations: Record<string, string>;
}

/** The service fields a CSV carries in every further language of its catalogue. */
export const TRANSLATED_FIELDS = ["name", "short_description"] as const;

export const RELATION_SOURCES = {
  owners: { table: "service_owners", fk: "owner_id", source: "owners" },
  providers: { table: "service_providers", fk: "provider_id", source: "providers" },
  kpis: { table: "service_kpis", fk: "kpi_id", source: "kpis" },
  tags: { table: "service_tags", fk: "tag_id", source: "tags" },
} as const;
export type SnapshotRelation = keyof typeof RELATION_SOURCES;
export const SNAPSHOT_RELATIONS = Object.keys(RELATION_SOURCES) as SnapshotRelation[];

async function relationsOf(db: Executor, kind: SnapshotRelation, ids: number[]): Promise<Map<number, Named[]>> {
  const { table, fk, source } = RELATION_SOURCES[kind];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables and columns come from the fixed map above
  const untyped = db as unknown as Kysely<any>;
  const rows: { service_id: number; id: number; name: string }[] = await untyped
    .selectFrom(`${table} as j`)
    .innerJoin(`${source} as r`, "r.id", `j.${fk}`)
    .select(["j.service_id", "r.id", "r.name"])
    .where("j.service_id", "in", ids)
    .orderBy(sql`lower(r.name)`)
    .orderBy("r.id")
    .execute();
  const out = new Map<number, Named[]>();
  for (const r of rows) {
    const list = out.get(Number(r.service_id)) ?? [];
    list.push({ id: Number(r.id), name: r.name });
    out.set(Number(r.service_id), list);
  }
  return out;
}

/** The live services among `ids` (one chunk: at most ID_CHUNK), in the order of `ids`. */
export async function snapshotChunk(db: Executor, ids: number[]): Promise<ServiceSnapshot[]> {
  if (!ids.length) return [];
  if (ids.length > ID_CHUNK) throw new Error(`at most ${ID_CHUNK} ids per chunk`);
  const [rows, owners, providers, kpis, tags, translations] = await Promise.all([
    db
      .selectFrom("services")
      .select(["id", "updated_at", "name", "status", "statuspercent", "servicetype", "service_catalogue_id as catalogue_id", "category_id", "art_nr", "short_description"])
      .where("id", "in", ids)
      .where("deleted_at", "is", null)
      .execute(),
    relationsOf(db, "owners", ids),
    relationsOf(db, "providers", ids),
    relationsOf(db, "kpis", ids),
    relationsOf(db, "tags", ids),
    db
      .selectFrom("content_translations")
      .select(["subject_id", "field", "language", "value"])
      .where("subject_type", "=", "service")
      .where("field", "in", [...TRANSLATED_FIELDS])
      .where("subject_id", "in", ids)
      .execute(),
  ]);
  const translated = new Map<number, Record<string, string>>();
  for (const t of translations) translated.set(t.subject_id, { ...translated.get(t.subject_id), [`${t.field}@${t.language}`]: t.value });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        ...r,
        statuspercent: Number(r.statuspercent),
        owners: owners.get(id) ?? [],
        providers: providers.get(id) ?? [],
        kpis: kpis.get(id) ?? [],
        tags: tags.get(id) ?? [],
        translations: translated.get(id) ?? {},
      },
    ];
  });
}

/** The further languages of the catalogues these services belong to: the translation columns of their CSV. */
export async function csvLanguages(db: Executor, ids: number[]): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = await db
      .selectFrom("catalogue_languages")
      .innerJoin("services", "services.service_catalogue_id", "catalogue_languages.catalogue_id")
      .select("catalogue_languages.language")
      .distinct()
      .where("services.id", "in", ids.slice(i, i + ID_CHUNK))
      .execute();
    for (const r of rows) found.add(r.language);
  }
  return [...found].sort();
}

/** Names of the structure a CSV row refers to: categories with their area, areas, catalogues. */
export interface StructureNames {
  categories: Map<number, { name: string; areaId: number | null; catalogueId: number | null }>;
  areas: Map<number, string>;
  catalogues: Map<number, CatalogueName>;
  /** Each catalogue's further content languages (issue 37). */
  languages: Map<number, string[]>;
}

export async function structureNames(db: Executor): Promise<StructureNames> {
  const [categories, areas, catalogues, further] = await Promise.all([
    db.selectFrom("service_categories").select(["id", "name", "service_area_id", "service_catalogue_id"]).execute(),
    db.selectFrom("service_areas").select(["id", "name"]).execute(),
    listCatalogueNames(db),
    db
      .selectFrom("catalogue_languages")
      .innerJoin("service_catalogues", "service_catalogues.id", "catalogue_languages.catalogue_id")
      .select(["catalogue_languages.catalogue_id", "catalogue_languages.language"])
      .whereRef("catalogue_languages.language", "<>", "service_catalogues.content_language")
      .orderBy("catalogue_languages.language")
      .execute(),
  ]);
  const languages = new Map<number, string[]>();
  for (const row of further) languages.set(row.catalogue_id, [...(languages.get(row.catalogue_id) ?? []), row.language]);
  return {
    categories: new Map(categories.map((c) => [c.id, { name: c.name, areaId: c.service_area_id, catalogueId: c.service_catalogue_id }])),
    areas: new Map(areas.map((a) => [a.id, a.name])),
    catalogues: new Map(catalogues.map((c) => [c.id, c])),
    languages,
  };
}
