import { sql, type Transaction } from "kysely";
import { ENTITIES, type EntityKey } from "~/modules/basedata/entities";
import { createBaseData } from "~/modules/basedata/basedata.server";
import { createArea, createCategory } from "~/modules/catalogue/structure.server";
import { insertService } from "~/modules/service/service-placement.server";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { foldCase, inTransaction, isPostgresDb } from "~/server/db-helpers.server";
import type { Database } from "~/server/db/schema";
import { ValidationError } from "~/server/errors.server";
import type { ImportOutcome } from "./factory-types";
import { COPIED_FIELDS, readFactoryService, type FactoryService } from "./factory-service.server";

/**
 * The template import of services (issue 18 §3): each template service becomes a local service
 * in the chosen catalogue — status open, `factory_service_id` set, its options, responsibilities
 * and links, owners, providers, service levels and tags matched by name or created — in one
 * transaction of its own, audited as "imported". A template service already linked to a live
 * local service is skipped, so importing a selection again duplicates nothing; a service that
 * fails leaves nothing behind and the others carry on (docs/decisions/0032-factory-import.md).
 */

/** Where the services of one template category go. */
export type CategoryTarget = { kind: "template" } | { kind: "existing"; categoryId: number };

export interface ImportPlan {
  catalogueId: number;
  /** Per template category id (null: services without a category); missing → "template". */
  targets: Map<number | null, CategoryTarget>;
  /** The template's category and area names, for the "as in the template" target. */
  categoryNames: Map<number, { name: string; areaName: string | null }>;
}

/** A chosen category that is gone or belongs to another catalogue. */
export class TargetCategoryError extends Error {
  constructor(readonly categoryId: number) {
    super(`category ${categoryId} is not in the target catalogue`);
  }
}

const RELATIONS = {
  owners: { table: "service_owners", column: "owner_id", entity: "owner", source: "owners" },
  providers: { table: "service_providers", column: "provider_id", entity: "provider", source: "providers" },
  kpis: { table: "service_kpis", column: "kpi_id", entity: "kpis", source: "kpis" },
  tags: { table: "service_tags", column: "tag_id", entity: "tags", source: "tags" },
} as const satisfies Record<string, { table: keyof Database; column: string; entity: EntityKey; source: keyof Database }>;
type RelationKind = keyof typeof RELATIONS;

/**
 * What one run has found or created by name (base data, areas, categories), so 1,000 services
 * do not look the same names up 1,000 times. A name created inside a service's transaction
 * counts only once that transaction committed (`commit`), never after a rollback.
 */
export class NameCache {
  private readonly known = new Map<string, number>();
  private pending = new Map<string, number>();

  get(key: string): number | undefined {
    return this.pending.get(key) ?? this.known.get(key);
  }
  set(key: string, id: number) {
    this.pending.set(key, id);
  }
  commit() {
    for (const [key, id] of this.pending) this.known.set(key, id);
    this.pending = new Map();
  }
  discard() {
    this.pending = new Map();
  }
}

const fold = (name: string) => name.trim().toLowerCase();

/** Names once each, compared case-insensitively, in their first spelling. */
function distinct(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(fold(name))) seen.set(fold(name), name.trim());
  return [...seen.values()];
}

/** The ids of base-data records by name; missing ones are created (audited as base data is). */
async function idsByName(trx: Transaction<Database>, kind: RelationKind, names: string[], causer: Causer, cache: NameCache): Promise<number[]> {
  const { source, entity } = RELATIONS[kind];
  const ids: number[] = [];
  for (const name of distinct(names)) {
    const key = `${kind}:${fold(name)}`;
    let id = cache.get(key);
    if (id === undefined) {
      const found = await trx.selectFrom(source).select("id").where(foldCase(trx, sql.ref("name")), "=", fold(name)).orderBy("id").executeTakeFirst();
      id = found ? Number(found.id) : await createBaseData(trx, ENTITIES[entity], entity === "owner" ? { name, representatives: [] } : { name }, causer);
      cache.set(key, id);
    }
    ids.push(id);
  }
  return [...new Set(ids)];
}

/** An area of the catalogue by name, created when missing. */
async function areaByName(trx: Transaction<Database>, catalogueId: number, name: string, causer: Causer, cache: NameCache, created: string[]): Promise<number> {
  const key = `area:${catalogueId}:${fold(name)}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const found = await trx
    .selectFrom("service_areas")
    .select("id")
    .where("service_catalogue_id", "=", catalogueId)
    .where(foldCase(trx, sql.ref("name")), "=", fold(name))
    .orderBy("id")
    .executeTakeFirst();
  const id = found ? Number(found.id) : await createArea(trx, { name, catalogueId }, causer);
  if (!found) created.push(name);
  cache.set(key, id);
  return id;
}

/** The category "area › name" of the catalogue (or "name" without an area), created with its area when missing. */
async function categoryByName(
  trx: Transaction<Database>,
  catalogueId: number,
  names: { name: string; areaName: string | null },
  causer: Causer,
  cache: NameCache,
  created: { areas: string[]; categories: string[] },
): Promise<number> {
  const key = `category:${catalogueId}:${names.areaName === null ? "" : fold(names.areaName)}:${fold(names.name)}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const areaId = names.areaName === null ? null : await areaByName(trx, catalogueId, names.areaName, causer, cache, created.areas);
  const found = await trx
    .selectFrom("service_categories")
    .select("id")
    .where("service_catalogue_id", "=", catalogueId)
    .where((eb) => (areaId === null ? eb("service_area_id", "is", null) : eb("service_area_id", "=", areaId)))
    .where(foldCase(trx, sql.ref("name")), "=", fold(names.name))
    .orderBy("id")
    .executeTakeFirst();
  const id = found ? Number(found.id) : await createCategory(trx, { name: names.name, catalogueId, areaId }, causer);
  if (!found) created.categories.push(names.areaName === null ? names.name : `${names.areaName} › ${names.name}`);
  cache.set(key, id);
  return id;
}

/** The local category a template service goes to (null: none, when the template has none either). */
async function targetCategory(trx: Transaction<Database>, service: FactoryService & { category_name?: string | null; area_name?: string | null }, plan: ImportPlan, causer: Causer, cache: NameCache, created: { areas: string[]; categories: string[] }) {
  const target = plan.targets.get(service.category_id) ?? { kind: "template" };
  if (target.kind === "existing") {
    const category = await trx.selectFrom("service_categories").select(["id", "service_catalogue_id"]).where("id", "=", target.categoryId).executeTakeFirst();
    if (!category || category.service_catalogue_id !== plan.catalogueId) throw new TargetCategoryError(target.categoryId);
    return category.id;
  }
  const names = (service.category_id !== null ? plan.categoryNames.get(service.category_id) : undefined) ?? (service.category_name ? { name: service.category_name, areaName: service.area_name ?? null } : null);
  return names ? categoryByName(trx, plan.catalogueId, names, causer, cache, created) : null;
}

/** The live local service linked to a template service, if any. */
async function linkedService(db: Executor, factoryId: number) {
  return db.selectFrom("services").select("id").where("factory_service_id", "=", factoryId).where("deleted_at", "is", null).orderBy("id").executeTakeFirst();
}

/** Rows of a child list in one insert (a template service has a few of each). */
async function insertChildren(trx: Transaction<Database>, serviceId: number, service: FactoryService, now: string) {
  if (service.options.length)
    await trx
      .insertInto("service_options")
      .values(service.options.map((o, i) => ({ service_id: serviceId, name: o.name, art_nr: o.art_nr, short_description: o.short_description, description: o.description, costs: o.costs, position: i, created_at: now, updated_at: now })))
      .execute();
  if (service.responsibilities.length)
    await trx
      .insertInto("responsibilities")
      .values(service.responsibilities.map((r) => ({ service_id: serviceId, pos: r.pos, description: r.description, client: r.client, it: r.it, created_at: now, updated_at: now })))
      .execute();
  if (service.links.length)
    await trx
      .insertInto("service_links")
      .values(service.links.map((l, i) => ({ service_id: serviceId, url: l.url, position: i })))
      .execute();
}

type Service = FactoryService & { category_name?: string | null; area_name?: string | null };

/** One template service in its own transaction; what became of it. */
export async function importFactoryService(db: Executor, raw: unknown, plan: ImportPlan, causer: Causer, cache = new NameCache()): Promise<ImportOutcome> {
  const rawId = typeof (raw as { id?: unknown })?.id === "number" ? (raw as { id: number }).id : 0;
  const rawName = typeof (raw as { name?: unknown })?.name === "string" ? String((raw as { name: string }).name).slice(0, 255) : "";
  // Linked already: skipped without reading (and sanitising) the whole service; the transaction below checks again.
  const known = Number.isSafeInteger(rawId) && rawId > 0 ? await linkedService(db, rawId) : undefined;
  if (known) return { status: "skipped", factoryId: rawId, name: rawName, serviceId: Number(known.id) };
  const read = readFactoryService(raw);
  if ("invalid" in read) return { status: "failed", factoryId: rawId, name: rawName, reason: "invalid", detail: read.invalid };
  const service: Service = {
    ...read.service,
    category_name: typeof (raw as { category_name?: unknown }).category_name === "string" ? (raw as { category_name: string }).category_name.slice(0, 255) : null,
    area_name: typeof (raw as { area_name?: unknown }).area_name === "string" ? (raw as { area_name: string }).area_name.slice(0, 255) : null,
  };
  const created = { areas: [] as string[], categories: [] as string[] };
  try {
    const outcome = await inTransaction(db, async (trx): Promise<ImportOutcome> => {
      created.areas = [];
      created.categories = [];
      // Two imports of one template service at once: the second waits, then finds the first's.
      if (isPostgresDb(trx)) await sql`select pg_advisory_xact_lock(18, ${service.id})`.execute(trx);
      const existing = await linkedService(trx, service.id);
      if (existing) return { status: "skipped", factoryId: service.id, name: service.name, serviceId: Number(existing.id) };
      const categoryId = await targetCategory(trx, service, plan, causer, cache, created);
      const now = nowIso();
      const copied = Object.fromEntries(COPIED_FIELDS.map((field) => [field, service[field]]));
      const { id: serviceId } = await insertService(
        trx,
        { ...copied, name: service.name, status: "open", factory_service_id: service.id, created_at: now, updated_at: now, created_by: causer.id, updated_by: causer.id },
        { categoryId, catalogueId: plan.catalogueId },
      );
      await insertChildren(trx, serviceId, service, now);
      const related: Record<string, string[]> = {};
      for (const kind of Object.keys(RELATIONS) as RelationKind[]) {
        const ids = await idsByName(trx, kind, service[kind], causer, cache);
        if (!ids.length) continue;
        const { table, column } = RELATIONS[kind];
        await trx
          .insertInto(table)
          .values(ids.map((other) => ({ service_id: serviceId, [column]: other }) as never))
          .execute();
        related[kind] = distinct(service[kind]);
      }
      await recordActivity(trx, {
        subjectType: "service",
        subjectId: serviceId,
        event: "imported",
        causer,
        newValues: {
          name: service.name,
          category_id: categoryId,
          service_catalogue_id: plan.catalogueId,
          factory_service_id: service.id,
          options: service.options.length,
          responsibilities: service.responsibilities.length,
          links: service.links.length,
          ...related,
        },
      });
      return { status: "imported", factoryId: service.id, name: service.name, serviceId, createdAreas: created.areas, createdCategories: created.categories };
    });
    cache.commit();
    return outcome;
  } catch (error) {
    cache.discard();
    if (error instanceof TargetCategoryError) return { status: "failed", factoryId: service.id, name: service.name, reason: "category" };
    // A template name our forms would refuse (an area's name too long for the structure screens).
    if (error instanceof ValidationError) return { status: "failed", factoryId: service.id, name: service.name, reason: "invalid", detail: Object.keys(error.errors)[0] };
    console.error(`[factory] import of template service ${service.id} failed:`, error);
    return { status: "failed", factoryId: service.id, name: service.name, reason: "store" };
  }
}

/**
 * Imports template services one after the other (each in its own transaction); `onProgress`
 * hears each outcome. The selection's services that the template no longer offers are reported
 * as such.
 */
export async function importFactoryServices(
  db: Executor,
  selection: { id: number; name: string; raw: unknown | null }[],
  plan: ImportPlan,
  causer: Causer,
  onProgress?: (done: number, outcome: ImportOutcome) => void,
): Promise<ImportOutcome[]> {
  const cache = new NameCache();
  const outcomes: ImportOutcome[] = [];
  for (const item of selection) {
    const outcome: ImportOutcome =
      item.raw === null ? { status: "failed", factoryId: item.id, name: item.name, reason: "gone" } : await importFactoryService(db, item.raw, plan, causer, cache);
    outcomes.push(outcome);
    onProgress?.(outcomes.length, outcome);
  }
  return outcomes;
}

/** Template service ids → the live local services linked to them (the catalogue list marks these). */
export async function linkedServices(db: Executor): Promise<Map<number, number>> {
  const rows = await db.selectFrom("services").select(["id", "factory_service_id"]).where("factory_service_id", "is not", null).where("deleted_at", "is", null).orderBy("id").execute();
  const map = new Map<number, number>();
  for (const row of rows) if (row.factory_service_id !== null && !map.has(row.factory_service_id)) map.set(row.factory_service_id, row.id);
  return map;
}
