/**
 * Bulk changes (issue 20 §4): one change for many services, previewed, then applied service by
 * service through the service page's own writes — `updateServiceBasics` (the review workflow),
 * `setServiceRelations` (owners, providers, service levels, tags; attribute masks), and for a
 * move to another catalogue the browser's `moveSelectionToCatalogue` (which closes the gap in the
 * category left behind) behind `touchService`. So every service is permission-checked (a `user`'s
 * grants), version-checked (a service changed since the preview is refused like a stale form) and
 * audited on its own; nothing here writes around those rules.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import { canEditService, editScope } from "~/modules/access/permissions.server";
import type { SessionUser } from "~/modules/access/user.server";
import { listCatalogueNames, moveSelectionToCatalogue, type CatalogueName } from "~/modules/catalogue/catalogue.server";
import { mayEdit } from "~/modules/catalogue/browser-types";
import { hiddenForCategories } from "~/modules/masks/mask-rules.server";
import { ForbiddenTransitionError, setServiceRelations, updateServiceBasics, type RelationKind } from "~/modules/service/service.server";
import { canTransition, type Status } from "~/modules/service/service-status";
import { touchService } from "~/modules/service/service-version.server";
import { recordActivity, type Executor } from "~/server/audit.server";
import type { Database } from "~/server/db/schema";
import { inTransaction, nextTimestamp } from "~/server/db-helpers.server";
import { ForbiddenError, NotFoundError, StaleRecordError, TooManyServicesError, ValidationError } from "~/server/errors.server";
import { MAX_BULK_SERVICES } from "./tools-query";
import type { BulkChange, BulkRelationKind } from "./tools-schemas";
import { ID_CHUNK } from "./tools-selection.server";
import { chunks } from "~/lib/chunks";

/** Why a service is left out of a bulk change. */
export type SkipReason = "noPermission" | "unchanged" | "workflow" | "alreadyAssigned" | "notAssigned" | "alreadyThere" | "hidden" | "stale" | "gone";

export interface BulkRow {
  id: number;
  name: string;
  /** The version the preview was made from: the apply form sends it back. */
  version: string;
  status: Status;
  catalogueId: number | null;
  outcome: "change" | "skip";
  reason?: SkipReason;
  /** The change edits content of an approved service: the workflow returns it to "open". */
  reopens?: boolean;
}

export interface BulkPreview {
  change: BulkChange;
  /** The owner, provider, service level or tag the change assigns or removes. */
  valueName: string | null;
  catalogues: CatalogueName[];
  rows: BulkRow[];
  changing: number;
  skipped: number;
}

export interface BulkResult {
  applied: { id: number; name: string }[];
  refused: { id: number; name: string; reason: SkipReason }[];
}

const RELATION_TABLES = {
  owners: { table: "service_owners", fk: "owner_id", source: "owners" },
  providers: { table: "service_providers", fk: "provider_id", source: "providers" },
  kpis: { table: "service_kpis", fk: "kpi_id", source: "kpis" },
  tags: { table: "service_tags", fk: "tag_id", source: "tags" },
} as const satisfies Record<BulkRelationKind, unknown>;

const isRelation = (change: BulkChange): change is Extract<BulkChange, { mode: "add" | "remove" }> => change.kind !== "status" && change.kind !== "catalogue";


async function serviceRows(db: Executor, ids: number[]) {
  const rows = [];
  for (const part of chunks(ids, ID_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom("services")
        .select(["id", "name", "status", "updated_at", "category_id", "service_catalogue_id"])
        .where("id", "in", part)
        .where("deleted_at", "is", null)
        .execute()),
    );
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of these services hold the relation record `recordId`. */
async function holders(db: Executor, kind: BulkRelationKind, recordId: number, ids: number[]): Promise<Set<number>> {
  const { table, fk } = RELATION_TABLES[kind];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- table and column come from the fixed map above
  const untyped = db as unknown as Kysely<any>;
  const found = new Set<number>();
  for (const part of chunks(ids, ID_CHUNK)) {
    const rows: { service_id: number }[] = await untyped.selectFrom(table).select("service_id").where(fk, "=", recordId).where("service_id", "in", part).execute();
    for (const r of rows) found.add(Number(r.service_id));
  }
  return found;
}

/** The name of the record a relation change names; a ValidationError when it does not exist. */
async function relationName(db: Executor, kind: BulkRelationKind, id: number): Promise<string> {
  const row = await db.selectFrom(RELATION_TABLES[kind].source).select("name").where("id", "=", id).executeTakeFirst();
  if (!row) throw new ValidationError({ value: "tools.bulk.errors.unknownValue" });
  return row.name;
}

/**
 * What the change would do to each service: change, or skip and why (no grant, the workflow
 * does not allow the transition, already assigned, hidden by an attribute mask, …). Reads in a
 * fixed number of queries per chunk of ids.
 */
export async function previewBulkChange(db: Executor, user: SessionUser, ids: number[], change: BulkChange): Promise<BulkPreview> {
  if (ids.length > MAX_BULK_SERVICES) throw new TooManyServicesError(ids.length, MAX_BULK_SERVICES);
  const catalogues = await listCatalogueNames(db);
  let valueName: string | null = null;
  if (isRelation(change)) valueName = await relationName(db, change.kind, change.id);
  if (change.kind === "catalogue" && !catalogues.some((c) => c.id === change.catalogueId)) throw new ValidationError({ value: "tools.bulk.errors.unknownValue" });
  const [rows, scope] = await Promise.all([serviceRows(db, ids), editScope(db, user)]);
  const held = isRelation(change) ? await holders(db, change.kind, change.id, rows.map((r) => r.id)) : new Set<number>();
  const masks = change.kind === "tags" ? await hiddenForCategories(db, rows.flatMap((r) => (r.category_id === null ? [] : [r.category_id]))) : null;

  const out: BulkRow[] = rows.map((r) => {
    const row: BulkRow = { id: r.id, name: r.name, version: r.updated_at, status: r.status as Status, catalogueId: r.service_catalogue_id, outcome: "change" };
    const skip = (reason: SkipReason): BulkRow => ({ ...row, outcome: "skip", reason });
    if (!mayEdit(scope, r)) return skip("noPermission");
    if (change.kind === "status") {
      if (r.status === change.status) return skip("unchanged");
      if (!canTransition(user.role, r.status as Status, change.status)) return skip("workflow");
      return row;
    }
    if (change.kind === "catalogue") return r.service_catalogue_id === change.catalogueId ? skip("alreadyThere") : row;
    if (change.kind === "tags" && r.category_id !== null && masks?.get(r.category_id)?.sections.includes("tags")) return skip("hidden");
    const has = held.has(r.id);
    if (change.mode === "add" && has) return skip("alreadyAssigned");
    if (change.mode === "remove" && !has) return skip("notAssigned");
    // Editing content of an approved service returns it to "open" (decision 0009).
    return { ...row, reopens: r.status === "closed" };
  });
  const changing = out.filter((r) => r.outcome === "change").length;
  return { change, valueName, catalogues, rows: out, changing, skipped: out.length - changing };
}

/**
 * Moves one service into another catalogue, as the browser's batch move does (it arrives without
 * a category when its category stays behind), but version-checked and audited on the service.
 */
async function moveToCatalogue(trx: Transaction<Database>, id: number, targetCatalogueId: number, expected: string, user: SessionUser) {
  const { before } = await touchService(trx, id, expected, user);
  await moveSelectionToCatalogue(trx, { areas: [], categories: [], services: [id] }, targetCatalogueId, user);
  // The batch move stamps the wall clock; the version must still be newer than the one the form carried.
  await trx.updateTable("services").set({ updated_at: nextTimestamp(before.updated_at) }).where("id", "=", id).execute();
  await recordActivity(trx, {
    subjectType: "service",
    subjectId: id,
    event: "moved",
    causer: user,
    oldValues: { service_catalogue_id: before.service_catalogue_id, category_id: before.category_id, position: before.position },
    newValues: { service_catalogue_id: targetCatalogueId, category_id: null },
    description: "catalogue",
  });
}

async function relationIds(trx: Transaction<Database>, kind: BulkRelationKind, serviceId: number): Promise<number[]> {
  const { table, fk } = RELATION_TABLES[kind];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- table and column come from the fixed map above
  const rows: Record<string, number>[] = await (trx as unknown as Transaction<any>).selectFrom(table).select(fk).where("service_id", "=", serviceId).execute();
  return rows.map((r) => Number(r[fk]));
}

/** One service, in its own transaction: "applied", or the reason it was refused (nothing written for it). */
async function applyOne(db: Executor, user: SessionUser, item: { id: number; version: string }, change: BulkChange): Promise<{ name: string; reason: SkipReason | null }> {
  let name = `#${item.id}`;
  try {
    return await inTransaction(db, async (trx) => {
      const row: Selectable<Database["services"]> | undefined = await trx.selectFrom("services").selectAll().where("id", "=", item.id).where("deleted_at", "is", null).executeTakeFirst();
      if (!row) return { name, reason: "gone" as const };
      name = row.name;
      if (!(await canEditService(trx, user, item.id))) return { name, reason: "noPermission" as const };
      if (row.updated_at !== item.version) return { name, reason: "stale" as const };
      if (change.kind === "status") {
        if (row.status === change.status) return { name, reason: "unchanged" as const };
        const values = {
          name: row.name,
          // A service without a category keeps none: updateServiceBasics only moves on a different id.
          category_id: row.category_id as number,
          servicetype: row.servicetype,
          status: change.status,
          statuspercent: Number(row.statuspercent),
          servicechangeplanned: Number(row.servicechangeplanned),
        };
        await updateServiceBasics(trx, item.id, values, item.version, user);
      } else if (change.kind === "catalogue") {
        if (row.service_catalogue_id === change.catalogueId) return { name, reason: "alreadyThere" as const };
        await moveToCatalogue(trx, item.id, change.catalogueId, item.version, user);
      } else {
        const current = await relationIds(trx, change.kind, item.id);
        const has = current.includes(change.id);
        if (change.mode === "add" && has) return { name, reason: "alreadyAssigned" as const };
        if (change.mode === "remove" && !has) return { name, reason: "notAssigned" as const };
        const wanted = change.mode === "add" ? [...current, change.id] : current.filter((x) => x !== change.id);
        await setServiceRelations(trx, item.id, { [change.kind as RelationKind]: wanted }, item.version, user);
      }
      return { name, reason: null };
    });
  } catch (error) {
    if (error instanceof StaleRecordError) return { name, reason: "stale" };
    if (error instanceof ForbiddenTransitionError) return { name, reason: "workflow" };
    // The only ForbiddenError past the grant check is an attribute mask hiding the tags.
    if (error instanceof ForbiddenError) return { name, reason: change.kind === "tags" ? "hidden" : "noPermission" };
    if (error instanceof NotFoundError) return { name, reason: "gone" };
    throw error;
  }
}

/**
 * Applies the change to the services the preview listed, each at the version it was previewed
 * with. Services are independent: one refused (changed meanwhile, grant removed, …) leaves the
 * others applied. The change's target must still exist (else ValidationError, nothing written).
 */
export async function applyBulkChange(db: Executor, user: SessionUser, items: { id: number; version: string }[], change: BulkChange): Promise<BulkResult> {
  if (items.length > MAX_BULK_SERVICES) throw new TooManyServicesError(items.length, MAX_BULK_SERVICES);
  if (isRelation(change)) await relationName(db, change.kind, change.id);
  if (change.kind === "catalogue" && !(await listCatalogueNames(db)).some((c) => c.id === change.catalogueId)) throw new ValidationError({ value: "tools.bulk.errors.unknownValue" });
  const result: BulkResult = { applied: [], refused: [] };
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const { name, reason } = await applyOne(db, user, item, change);
    if (reason === null) result.applied.push({ id: item.id, name });
    else result.refused.push({ id: item.id, name, reason });
  }
  return result;
}
