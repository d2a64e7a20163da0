/**
 * The catalogue's structure: areas ("Bereiche") and categories ("Kategorien") — reading one with
 * its children, creating, editing (with stale-form detection), images, and deleting when empty.
 *
 * Descriptions are plain text. Older data (the demo seed, imports) may hold HTML paragraphs; such
 * a description is read as its plain text (see `plainDescription`) and stored as text on the
 * next save.
 */
import { sql } from "kysely";
import { fieldErrorsFrom } from "~/ui/forms";
import { editSchema } from "./structure-schema";
import { htmlToPlainText } from "~/server/sanitize.server";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction, nextTimestamp } from "../../server/db-helpers.server";
import { NotFoundError, StaleRecordError, ValidationError } from "../../server/errors.server";
import { positionAfterLast } from "../../server/positions.server";
import type { StructureKind } from "./structure-types";

export type { StructureKind };

export function isStructureKind(value: unknown): value is StructureKind {
  return value === "area" || value === "category";
}

// An area's or category's image: its own file, re-exported so callers keep one entry point.
export * from "./structure-images.server";

// ------------------------------------------------------------------------------- domain errors

/** Deleting refused: the area still has categories / the category still has services (not in the bin). */
export class HasChildrenError extends Error {
  constructor(
    readonly kind: StructureKind,
    readonly children: { id: number; name: string }[],
    readonly total: number,
  ) {
    super(`${kind} has children`);
  }
}


// ---------------------------------------------------------------------------------- validation

export interface StructureValues {
  name: string;
  description?: string | null;
  /** Categories only: the new area, null for none, undefined to keep the current one. */
  areaId?: number | null;
}

function validate(values: StructureValues) {
  const result = editSchema.safeParse(values);
  if (!result.success) throw new ValidationError(fieldErrorsFrom(result.error));
  return result.data;
}

// -------------------------------------------------------------------------------------- reading

/** A description as plain text; legacy HTML (paragraphs, lists) is turned into its text. */
export function plainDescription(value: string | null): string | null {
  if (value == null) return null;
  if (/^\s*<(p|div|ul|ol|h[1-6]|br|span|strong|em)\b[^>]*>/i.test(value)) return htmlToPlainText(value) || null;
  return value;
}

export interface CategorySummary {
  id: number;
  name: string;
  position: number;
  service_count: number;
}

export interface AreaDetail {
  id: number;
  service_catalogue_id: number | null;
  name: string;
  description: string | null;
  has_image: boolean;
  position: number;
  created_at: string;
  updated_at: string;
  categories: CategorySummary[];
}

export interface ServiceSummary {
  id: number;
  name: string;
  status: "open" | "checking" | "closed";
  statuspercent: number;
  servicetype: "customer" | "it";
  position: number;
  stage: "pipeline" | "live" | "retired";
}

export interface CategoryDetail {
  id: number;
  service_catalogue_id: number | null;
  service_area_id: number | null;
  name: string;
  description: string | null;
  has_image: boolean;
  position: number;
  created_at: string;
  updated_at: string;
  area: { id: number; name: string } | null;
  services: ServiceSummary[];
}

const hasImage = sql<number>`case when image is null then 0 else 1 end`;

/** Services that are not in the bin, of one category. */
function liveServicesOf(db: Executor, categoryId: number) {
  return db.selectFrom("services").where("category_id", "=", categoryId).where("deleted_at", "is", null);
}

async function areaRow(db: Executor, id: number) {
  return db
    .selectFrom("service_areas")
    .select(["id", "service_catalogue_id", "name", "description", "position", "created_at", "updated_at"])
    .select(hasImage.as("has_image"))
    .where("id", "=", id)
    .executeTakeFirst();
}

async function categoryRow(db: Executor, id: number) {
  return db
    .selectFrom("service_categories")
    .select(["id", "service_catalogue_id", "service_area_id", "name", "description", "position", "created_at", "updated_at"])
    .select(hasImage.as("has_image"))
    .where("id", "=", id)
    .executeTakeFirst();
}

/** An area with its categories (by position, then name), each with its count of services not in the bin. */
export async function getArea(db: Executor, id: number): Promise<AreaDetail | undefined> {
  const row = await areaRow(db, id);
  if (!row) return undefined;
  const categories = await db
    .selectFrom("service_categories as c")
    .select(["c.id", "c.name", "c.position"])
    .select(
      sql<number>`(select count(*) from services s where s.category_id = c.id and s.deleted_at is null)`.as("service_count"),
    )
    .where("c.service_area_id", "=", id)
    .orderBy("c.position")
    .orderBy(sql`lower(c.name)`)
    .orderBy("c.id")
    .execute();
  return {
    ...row,
    description: plainDescription(row.description),
    has_image: Number(row.has_image) === 1,
    categories: categories.map((c) => ({ ...c, service_count: Number(c.service_count) })),
  };
}

/** A category with its area (id, name) and its services not in the bin, by position. */
export async function getCategory(db: Executor, id: number): Promise<CategoryDetail | undefined> {
  const row = await categoryRow(db, id);
  if (!row) return undefined;
  const [area, services] = await Promise.all([
    row.service_area_id == null
      ? undefined
      : db.selectFrom("service_areas").select(["id", "name"]).where("id", "=", row.service_area_id).executeTakeFirst(),
    liveServicesOf(db, id)
      .select(["id", "name", "status", "statuspercent", "servicetype", "position", "stage"])
      .orderBy("position")
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute(),
  ]);
  return {
    ...row,
    description: plainDescription(row.description),
    has_image: Number(row.has_image) === 1,
    area: area ?? null,
    services,
  };
}

/** The areas a category of this catalogue may belong to (same catalogue), by position and name. */
export async function listAreaOptions(db: Executor, catalogueId: number | null): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom("service_areas")
    .select(["id", "name"])
    .where((eb) => (catalogueId == null ? eb("service_catalogue_id", "is", null) : eb("service_catalogue_id", "=", catalogueId)))
    .orderBy("position")
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
}

// -------------------------------------------------------------------------------------- writing

async function assertCatalogue(db: Executor, catalogueId: number | null) {
  if (catalogueId == null) return;
  const found = await db.selectFrom("service_catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst();
  if (!found) throw new NotFoundError("catalogue");
}

/** The area a category is put into must exist and belong to the category's catalogue. */
async function assertAreaFor(db: Executor, areaId: number, catalogueId: number | null) {
  const area = await db.selectFrom("service_areas").select(["id", "service_catalogue_id"]).where("id", "=", areaId).executeTakeFirst();
  if (!area || (area.service_catalogue_id ?? null) !== (catalogueId ?? null)) {
    throw new ValidationError({ areaId: "structure.areaInvalid" });
  }
}

/** The position after the last area of a catalogue. */
function nextAreaPosition(db: Executor, catalogueId: number | null): Promise<number> {
  return positionAfterLast(db, { table: "service_areas", parent: { column: "service_catalogue_id", value: catalogueId } });
}

/** The position after the last category of an area; categories without an area count within their catalogue. */
function nextCategoryPosition(db: Executor, areaId: number | null, catalogueId: number | null): Promise<number> {
  const parent =
    areaId != null
      ? { column: "service_area_id", value: areaId }
      : [
          { column: "service_area_id", value: null },
          { column: "service_catalogue_id", value: catalogueId },
        ];
  return positionAfterLast(db, { table: "service_categories", parent });
}

export async function createArea(
  db: Executor,
  input: { name: string; description?: string | null; catalogueId: number | null },
  causer: Causer,
): Promise<number> {
  const values = validate({ name: input.name, description: input.description });
  return inTransaction(db, async (trx) => {
    await assertCatalogue(trx, input.catalogueId);
    const now = nowIso();
    const row = {
      service_catalogue_id: input.catalogueId,
      name: values.name,
      description: values.description,
      position: await nextAreaPosition(trx, input.catalogueId),
    };
    const { id } = await trx
      .insertInto("service_areas")
      .values({ ...row, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "area", subjectId: id, event: "created", causer, newValues: row });
    return Number(id);
  });
}

export async function createCategory(
  db: Executor,
  input: { name: string; description?: string | null; catalogueId: number | null; areaId: number | null },
  causer: Causer,
): Promise<number> {
  const values = validate({ name: input.name, description: input.description });
  return inTransaction(db, async (trx) => {
    await assertCatalogue(trx, input.catalogueId);
    if (input.areaId != null) await assertAreaFor(trx, input.areaId, input.catalogueId);
    const now = nowIso();
    const row = {
      service_catalogue_id: input.catalogueId,
      service_area_id: input.areaId,
      name: values.name,
      description: values.description,
      position: await nextCategoryPosition(trx, input.areaId, input.catalogueId),
    };
    const { id } = await trx
      .insertInto("service_categories")
      .values({ ...row, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "category", subjectId: id, event: "created", causer, newValues: row });
    return Number(id);
  });
}

function changedKeys(current: Record<string, unknown>, incoming: Record<string, unknown>): string[] {
  return Object.keys(incoming).filter((k) => (current[k] ?? null) !== (incoming[k] ?? null));
}

/**
 * Saves name and description of an area. `expectedUpdatedAt` is the version the form was loaded
 * with: if the area changed since, nothing is written and StaleRecordError carries the current
 * values and which of the submitted fields differ from them.
 */
export async function updateArea(
  db: Executor,
  id: number,
  input: StructureValues,
  expectedUpdatedAt: string | null,
  causer: Causer,
): Promise<void> {
  const values = validate({ name: input.name, description: input.description });
  await inTransaction(db, async (trx) => {
    const current = await areaRow(trx, id);
    if (!current) throw new NotFoundError("area");
    const stored = { name: current.name, description: plainDescription(current.description) };
    const incoming = { name: values.name, description: values.description };
    const changed = changedKeys(stored, incoming);
    if (expectedUpdatedAt && current.updated_at !== expectedUpdatedAt) {
      throw new StaleRecordError({ ...stored, updated_at: current.updated_at }, changed);
    }
    if (changed.length === 0) return;
    await trx
      .updateTable("service_areas")
      .set({
        ...(changed.includes("name") ? { name: incoming.name } : {}),
        ...(changed.includes("description") ? { description: incoming.description } : {}),
        updated_at: nextTimestamp(current.updated_at),
      })
      .where("id", "=", id)
      .execute();
    const old: Record<string, unknown> = { name: current.name, description: current.description };
    await recordActivity(trx, {
      subjectType: "area",
      subjectId: id,
      event: "updated",
      causer,
      oldValues: Object.fromEntries(changed.map((k) => [k, old[k]])),
      newValues: Object.fromEntries(changed.map((k) => [k, (incoming as Record<string, unknown>)[k]])),
    });
  });
}

/**
 * Saves name, description and (when `areaId` is given) the area of a category; stale detection as
 * for areas. The new area must belong to the category's catalogue.
 */
export async function updateCategory(
  db: Executor,
  id: number,
  input: StructureValues,
  expectedUpdatedAt: string | null,
  causer: Causer,
): Promise<void> {
  const values = validate(input);
  await inTransaction(db, async (trx) => {
    const current = await categoryRow(trx, id);
    if (!current) throw new NotFoundError("category");
    const stored: Record<string, unknown> = {
      name: current.name,
      description: plainDescription(current.description),
      service_area_id: current.service_area_id,
    };
    const incoming: Record<string, unknown> = { name: values.name, description: values.description };
    if (values.areaId !== undefined) incoming.service_area_id = values.areaId;
    const changed = changedKeys(stored, incoming);
    if (expectedUpdatedAt && current.updated_at !== expectedUpdatedAt) {
      throw new StaleRecordError({ ...stored, updated_at: current.updated_at }, changed);
    }
    if (changed.length === 0) return;
    // Only what changed is written: an untouched legacy HTML description stays as it is.
    const set: { name?: string; description?: string | null; service_area_id?: number | null; position?: number } = {};
    if (changed.includes("name")) set.name = values.name;
    if (changed.includes("description")) set.description = values.description;
    if (changed.includes("service_area_id")) {
      const areaId = incoming.service_area_id as number | null;
      if (areaId != null) await assertAreaFor(trx, areaId, current.service_catalogue_id);
      // A moved category goes to the end of its new area.
      set.service_area_id = areaId;
      set.position = await nextCategoryPosition(trx, areaId, current.service_catalogue_id);
    }
    await trx
      .updateTable("service_categories")
      .set({ ...set, updated_at: nextTimestamp(current.updated_at) })
      .where("id", "=", id)
      .execute();
    const old: Record<string, unknown> = { ...stored, description: current.description };
    await recordActivity(trx, {
      subjectType: "category",
      subjectId: id,
      event: "updated",
      causer,
      oldValues: Object.fromEntries(changed.map((k) => [k, old[k]])),
      newValues: Object.fromEntries(changed.map((k) => [k, incoming[k]])),
    });
  });
}

/** The first `limit` categories of an area (by position, name) and how many it has in all. */
export async function categoriesOf(db: Executor, areaId: number, limit = 50) {
  const base = db.selectFrom("service_categories").where("service_area_id", "=", areaId);
  const [rows, count] = await Promise.all([
    base.select(["id", "name"]).orderBy("position").orderBy(sql`lower(name)`).orderBy("id").limit(limit).execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { items: rows, total: Number(count?.n ?? 0) };
}

/** The first `limit` services (not in the bin) of a category and how many it has in all. */
export async function servicesOf(db: Executor, categoryId: number, limit = 50) {
  const [rows, count] = await Promise.all([
    liveServicesOf(db, categoryId).select(["id", "name"]).orderBy("position").orderBy(sql`lower(name)`).orderBy("id").limit(limit).execute(),
    liveServicesOf(db, categoryId)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst(),
  ]);
  return { items: rows, total: Number(count?.n ?? 0) };
}

/** Deletes an area without categories; one that still has categories is refused (HasChildrenError). */
export async function deleteArea(db: Executor, id: number, causer: Causer): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await areaRow(trx, id);
    if (!current) throw new NotFoundError("area");
    const children = await categoriesOf(trx, id);
    if (children.total > 0) throw new HasChildrenError("area", children.items, children.total);
    await trx.deleteFrom("service_areas").where("id", "=", id).execute();
    const { has_image, ...old } = current;
    await recordActivity(trx, {
      subjectType: "area",
      subjectId: id,
      event: "deleted",
      causer,
      oldValues: { ...old, image: Number(has_image) === 1 ? "removed" : null },
    });
  });
}

/**
 * Deletes a category without services; one with services that are not in the bin is refused
 * (HasChildrenError: they must be moved first). Binned services keep existing with no category
 * (the foreign key sets category_id to null), so they can still be restored.
 */
export async function deleteCategory(db: Executor, id: number, causer: Causer): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await categoryRow(trx, id);
    if (!current) throw new NotFoundError("category");
    const children = await servicesOf(trx, id);
    if (children.total > 0) throw new HasChildrenError("category", children.items, children.total);
    const binned = await trx.selectFrom("services").select("id").where("category_id", "=", id).orderBy("id").execute();
    await trx.deleteFrom("service_categories").where("id", "=", id).execute();
    const { has_image, ...old } = current;
    await recordActivity(trx, {
      subjectType: "category",
      subjectId: id,
      event: "deleted",
      causer,
      oldValues: {
        ...old,
        image: Number(has_image) === 1 ? "removed" : null,
        binned_service_ids: binned.map((s) => s.id),
      },
    });
  });
}
