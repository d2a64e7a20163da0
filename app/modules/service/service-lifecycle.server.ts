/**
 * A service's life cycle beyond editing: to the bin and back (spec 01 §4, 02 §4 "Admin and bin"),
 * duplicates and derivatives (copies in another catalogue that remember their source through
 * `parent_service_id`).
 *
 * - Trashing sets `deleted_at`/`deleted_by` on the service and on all its live derivatives
 *   (recursively, cycle-safe), in one transaction, and renumbers the categories they leave.
 * - Restoring brings back one service, at the end of its category (or of a chosen one). It does
 *   not bring back its derivatives: each one is listed in the bin and restored on its own.
 * - Copying copies every scalar field, the children and the relations; the copy goes to the end
 *   of the target category and starts "open".
 *
 * Positions within a category are contiguous 0..n-1 over live services after every write here.
 */
import { sql } from "kysely";
import type { NewService, Service } from "~/server/db/schema";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction, nextTimestamp } from "../../server/db-helpers.server";
import { NotFoundError } from "../../server/errors.server";
import { touchService } from "./service-version.server";
import { closeCategoryGaps, insertService, lockCategories, placeAtEnd } from "./service-placement.server";

// What the bin, the lineage and the copy dialogs read: its own file, re-exported here.
export * from "./service-lifecycle-read.server";
import { derivativesOf, findServiceHead, type Derivative } from "./service-lifecycle-read.server";
import { SERVICE_BOOKKEEPING } from "./service-fields";

export const NAME_MAX = 255;
/** The suffix of a duplicate's name when the caller passes none (the German UI text). */
export const DEFAULT_COPY_SUFFIX = " (Kopie)";

// ------------------------------------------------------------------------------- domain errors

/** Restoring needs a target category: the service's own one no longer exists (or it had none). */
export class CategoryGoneError extends Error {
  constructor(readonly service: { id: number; name: string }) {
    super("category of the service is gone");
  }
}

/** A derivative must live in another catalogue than its source. */
export class SameCatalogueError extends Error {
  constructor() {
    super("derivative target is in the source's catalogue");
  }
}

/** The category a copy or a restore should go to does not exist. */
export class TargetCategoryNotFoundError extends Error {
  constructor(readonly categoryId: number) {
    super("target category not found");
  }
}

/** The derivatives that would be trashed along are not the ones the user confirmed. */
export class DerivativesChangedError extends Error {
  constructor(readonly derivatives: Derivative[]) {
    super("derivatives changed since the confirmation was shown");
  }
}

// ---------------------------------------------------------------------------------------- places

async function targetCategory(db: Executor, categoryId: number) {
  const category = await db.selectFrom("service_categories").select(["id", "service_catalogue_id"]).where("id", "=", categoryId).executeTakeFirst();
  if (!category) throw new TargetCategoryNotFoundError(categoryId);
  return category;
}

// -------------------------------------------------------------------------------------- writing

/**
 * Moves a service and all its live derivatives to the bin. `expectedUpdatedAt` is the version
 * the confirmation was loaded with (stale → StaleRecordError, nothing written). When
 * `expectedDerivativeIds` is given (the list the warning showed) and the derivatives differ now,
 * DerivativesChangedError carries the current list and nothing is written.
 */
export async function trashService(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  causer: Causer,
  opts: { expectedDerivativeIds?: number[] } = {},
): Promise<{ trashedIds: number[] }> {
  return inTransaction(db, async (trx) => {
    const { before } = await touchService(trx, serviceId, expectedUpdatedAt, causer);
    const derivatives = await derivativesOf(trx, serviceId);
    if (opts.expectedDerivativeIds) {
      const expected = [...new Set(opts.expectedDerivativeIds)].sort((a, b) => a - b).join(",");
      const actual = derivatives.map((d) => d.id).sort((a, b) => a - b).join(",");
      if (expected !== actual) throw new DerivativesChangedError(derivatives);
    }
    const others = derivatives.length
      ? await trx
          .selectFrom("services")
          .select(["id", "category_id", "position", "service_catalogue_id", "parent_service_id", "updated_at"])
          .where("id", "in", derivatives.map((d) => d.id))
          .execute()
      : [];
    const affected = [before, ...others];
    await lockCategories(trx, affected.map((s) => s.category_id));
    const now = nowIso();
    await trx.updateTable("services").set({ deleted_at: now, deleted_by: causer.id }).where("id", "=", serviceId).execute();
    for (const s of others) {
      await trx
        .updateTable("services")
        .set({ deleted_at: now, deleted_by: causer.id, updated_at: nextTimestamp(s.updated_at), updated_by: causer.id })
        .where("id", "=", s.id)
        .execute();
    }
    await closeCategoryGaps(trx, affected.map((s) => s.category_id));
    for (const s of affected) {
      await recordActivity(trx, {
        subjectType: "service",
        subjectId: s.id,
        event: "trashed",
        causer,
        oldValues: { deleted_at: null, category_id: s.category_id, position: s.position, service_catalogue_id: s.service_catalogue_id },
        newValues: { deleted_at: now, deleted_by: causer.id, ...(s.id === serviceId ? {} : { trashed_with: serviceId }) },
      });
    }
    return { trashedIds: affected.map((s) => s.id) };
  });
}

/**
 * Takes one service out of the bin and puts it at the end of its category, or of
 * `targetCategoryId` when given (the catalogue follows the category). Without a target, a
 * service whose category is gone raises CategoryGoneError so the UI can ask for one. Its
 * derivatives stay in the bin. Unknown or live service → NotFoundError.
 */
export async function restoreService(
  db: Executor,
  serviceId: number,
  targetCategoryId: number | null,
  causer: Causer,
): Promise<{ name: string; categoryId: number; position: number }> {
  return inTransaction(db, async (trx) => {
    const trashed = await findServiceHead(trx, serviceId, "trashed");
    if (!trashed) throw new NotFoundError("service");
    let category: { id: number; service_catalogue_id: number | null } | undefined;
    if (targetCategoryId != null) category = await targetCategory(trx, targetCategoryId);
    else if (trashed.category_id != null) {
      category = await trx.selectFrom("service_categories").select(["id", "service_catalogue_id"]).where("id", "=", trashed.category_id).executeTakeFirst();
    }
    if (!category) throw new CategoryGoneError({ id: trashed.id, name: trashed.name });
    const { before } = await touchService(trx, serviceId, null, causer, { allowDeleted: true });
    const position = await placeAtEnd(trx, serviceId, { categoryId: category.id, catalogueId: category.service_catalogue_id }, { deleted_at: null, deleted_by: null });
    await recordActivity(trx, {
      subjectType: "service",
      subjectId: serviceId,
      event: "restored",
      causer,
      oldValues: {
        deleted_at: before.deleted_at,
        deleted_by: before.deleted_by,
        category_id: before.category_id,
        service_catalogue_id: before.service_catalogue_id,
        position: before.position,
      },
      newValues: { deleted_at: null, category_id: category.id, service_catalogue_id: category.service_catalogue_id, position },
    });
    return { name: trashed.name, categoryId: category.id, position };
  });
}

/** Columns a copy does not take over from its source (identity, place, history, template link). */
const NOT_COPIED = new Set<keyof Service>([
  "id",
  "name",
  "status",
  "category_id",
  "service_catalogue_id",
  "position",
  "parent_service_id",
  // A copy is a new service: live, like every new one (issue 36 §2).
  "stage",
  "retired_at",
  "successor_id",
  ...SERVICE_BOOKKEEPING,
]);

/** Child rows are inserted in chunks so a service with many options stays under parameter limits. */
const CHUNK = 100;

async function insertChunked<R>(rows: R[], insert: (chunk: R[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

function copyName(name: string, suffix: string): string {
  if (!suffix) return name;
  return `${name.slice(0, Math.max(0, NAME_MAX - suffix.length))}${suffix}`;
}

/**
 * Copies a live service into `categoryId`, at its end: every scalar field (status back to
 * "open", statuspercent kept; not the template link), options, responsibilities, links,
 * attribute text and dropdown items, owners, providers, service levels, tags and required
 * services. A duplicate's name gets `copySuffix`; a derivative keeps the name, remembers its
 * source as parent and must go to another catalogue (else SameCatalogueError). Returns the new id.
 */
export async function copyService(
  db: Executor,
  serviceId: number,
  opts: { categoryId: number; asDerivative: boolean; copySuffix?: string },
  causer: Causer,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const source = await trx.selectFrom("services").selectAll().where("id", "=", serviceId).where("deleted_at", "is", null).executeTakeFirst();
    if (!source) throw new NotFoundError("service");
    const category = await targetCategory(trx, opts.categoryId);
    if (opts.asDerivative && (category.service_catalogue_id ?? null) === (source.service_catalogue_id ?? null)) throw new SameCatalogueError();
    const scalars = Object.fromEntries(Object.entries(source).filter(([key]) => !NOT_COPIED.has(key as keyof Service))) as Partial<NewService>;
    const name = opts.asDerivative ? source.name : copyName(source.name, opts.copySuffix ?? DEFAULT_COPY_SUFFIX);
    const now = nowIso();
    const parentServiceId = opts.asDerivative ? source.id : null;
    const { id: newId } = await insertService(
      trx,
      { ...scalars, name, status: "open", parent_service_id: parentServiceId, created_at: now, updated_at: now, created_by: causer.id, updated_by: causer.id },
      { categoryId: category.id, catalogueId: category.service_catalogue_id },
    );

    const options = await trx.selectFrom("service_options").selectAll().where("service_id", "=", serviceId).orderBy("id").execute();
    await insertChunked(options, (chunk) =>
      trx
        .insertInto("service_options")
        .values(chunk.map(({ id: _id, service_id: _s, created_at: _c, updated_at: _u, ...rest }) => ({ ...rest, service_id: newId, created_at: now, updated_at: now })))
        .execute(),
    );
    const responsibilities = await trx.selectFrom("responsibilities").selectAll().where("service_id", "=", serviceId).orderBy("id").execute();
    await insertChunked(responsibilities, (chunk) =>
      trx
        .insertInto("responsibilities")
        .values(chunk.map(({ id: _id, service_id: _s, created_at: _c, updated_at: _u, ...rest }) => ({ ...rest, service_id: newId, created_at: now, updated_at: now })))
        .execute(),
    );
    const links = await trx.selectFrom("service_links").selectAll().where("service_id", "=", serviceId).orderBy("id").execute();
    await insertChunked(links, (chunk) =>
      trx
        .insertInto("service_links")
        .values(chunk.map(({ id: _id, service_id: _s, ...rest }) => ({ ...rest, service_id: newId })))
        .execute(),
    );
    const texts = await trx.selectFrom("service_attribute_text_items").selectAll().where("service_id", "=", serviceId).orderBy("id").execute();
    await insertChunked(texts, (chunk) =>
      trx
        .insertInto("service_attribute_text_items")
        .values(chunk.map(({ id: _id, service_id: _s, ...rest }) => ({ ...rest, service_id: newId })))
        .execute(),
    );
    const dropdowns = await trx.selectFrom("service_dropdown_items").selectAll().where("service_id", "=", serviceId).orderBy("id").execute();
    await insertChunked(dropdowns, (chunk) =>
      trx
        .insertInto("service_dropdown_items")
        .values(chunk.map(({ id: _id, service_id: _s, ...rest }) => ({ ...rest, service_id: newId })))
        .execute(),
    );

    // Relations: one INSERT … SELECT each. The new id is a literal: Postgres cannot type a
    // parameter in a SELECT list.
    const newIdLit = sql.lit(newId);
    await trx
      .insertInto("service_owners")
      .columns(["service_id", "owner_id"])
      .expression(trx.selectFrom("service_owners").select([newIdLit.as("service_id"), "owner_id"]).where("service_id", "=", serviceId))
      .execute();
    await trx
      .insertInto("service_providers")
      .columns(["service_id", "provider_id"])
      .expression(trx.selectFrom("service_providers").select([newIdLit.as("service_id"), "provider_id"]).where("service_id", "=", serviceId))
      .execute();
    await trx
      .insertInto("service_kpis")
      .columns(["service_id", "kpi_id"])
      .expression(trx.selectFrom("service_kpis").select([newIdLit.as("service_id"), "kpi_id"]).where("service_id", "=", serviceId))
      .execute();
    await trx
      .insertInto("service_tags")
      .columns(["service_id", "tag_id"])
      .expression(trx.selectFrom("service_tags").select([newIdLit.as("service_id"), "tag_id"]).where("service_id", "=", serviceId))
      .execute();
    // What the source requires, the copy requires too; services that require the source do not
    // start requiring the copy.
    await trx
      .insertInto("service_dependencies")
      .columns(["service_id", "required_service_id"])
      .expression(
        trx
          .selectFrom("service_dependencies")
          .select([newIdLit.as("service_id"), "required_service_id"])
          .where("service_id", "=", serviceId)
          .where("required_service_id", "<>", serviceId),
      )
      .execute();

    await recordActivity(trx, {
      subjectType: "service",
      subjectId: newId,
      event: "created",
      causer,
      newValues: {
        name,
        category_id: category.id,
        service_catalogue_id: category.service_catalogue_id,
        parent_service_id: parentServiceId,
        copied_from: serviceId,
        derivative: opts.asDerivative,
      },
    });
    return newId;
  });
}
