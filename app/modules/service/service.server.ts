import { roleHasPermission } from "~/modules/access/policy";
import { sql } from "kysely";
import type { Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import { ENTITIES } from "~/modules/basedata/entities";
import type { RelationChoices, RichField } from "~/modules/service/service-sections";
import { canTransition, type Status } from "~/modules/service/service-status";
import { sanitizeRichText } from "~/server/sanitize.server";
import { type Role } from "~/modules/access/roles";
import { createBaseData } from "../basedata/basedata.server";
import { keepVersion, reopenIfApproved, touchService } from "./service-version.server";
import { moveService } from "./service-order.server";
import { stampReview } from "./review-cadence.server";
import { notifyStatusChange } from "~/modules/notifications/notifications.server";
import { insertService, type Place } from "./service-placement.server";
import { refuseHidden, visibleValues } from "~/modules/masks/mask-rules.server";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { containsIgnoreCase, foldCase, inTransaction } from "../../server/db-helpers.server";
import { ForbiddenError, NotFoundError, ValidationError } from "../../server/errors.server";

/**
 * Creates a service at the end of its category, in the category's catalogue — or, given a
 * catalogue instead (the AI assistant's batch creation, spec 02 §5), without a category at the
 * end of that catalogue's uncategorised services.
 */
export async function createService(db: Executor, input: { name: string; categoryId: number } | { name: string; catalogueId: number }, causer: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    let place: Place;
    if ("categoryId" in input) {
      const category = await trx
        .selectFrom("service_categories")
        .select(["id", "service_catalogue_id"])
        .where("id", "=", input.categoryId)
        .executeTakeFirst();
      if (!category) throw new NotFoundError("category");
      place = { categoryId: category.id, catalogueId: category.service_catalogue_id };
    } else {
      const catalogue = await trx.selectFrom("service_catalogues").select("id").where("id", "=", input.catalogueId).executeTakeFirst();
      if (!catalogue) throw new NotFoundError("catalogue");
      place = { categoryId: null, catalogueId: catalogue.id };
    }
    const now = nowIso();
    const { id } = await insertService(trx, { name: input.name, created_at: now, updated_at: now, created_by: causer.id, updated_by: causer.id }, place);
    await recordActivity(trx, {
      subjectType: "service",
      subjectId: id,
      event: "created",
      causer,
      newValues: { name: input.name, category_id: place.categoryId, service_catalogue_id: place.catalogueId },
    });
    return id;
  });
}

// ---------------------------------------------------------------------------------------------
// The service page: one read for everything it shows, one write per section.

export class ForbiddenTransitionError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`status ${from} → ${to} not allowed`);
  }
}

/** A field names a category or service that cannot be used (gone, itself, another catalogue's). */
export class InvalidReferenceError extends ValidationError {
  constructor(field: string, key: string) {
    super({ [field]: key });
  }
}

type Editor = Causer & { role: Role };

/** Everything the service page shows, in a fixed number of queries. Undefined for unknown or binned ids. */
export async function getServiceDetail(db: Executor, id: number) {
  const service = await db
    .selectFrom("services as s")
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .leftJoin("service_areas as a", "a.id", "c.service_area_id")
    .leftJoin("service_catalogues as k", "k.id", "s.service_catalogue_id")
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "k.id")
    .selectAll("s")
    .select([
      "c.name as category_name",
      "a.id as area_id",
      "a.name as area_name",
      "k.title as catalogue_title",
      "f.title as catalogue_frame_title",
      sql<number>`case when s.picture is null then 0 else 1 end`.as("has_picture"),
    ])
    .where("s.id", "=", id)
    .where("s.deleted_at", "is", null)
    .executeTakeFirst();
  if (!service) return undefined;
  const { picture: _picture, ...rest } = service;
  const [owners, providers, kpis, tags, requires, requiredBy, headlines, parent, derivatives] = await Promise.all([
    db.selectFrom("service_owners as j").innerJoin("owners as o", "o.id", "j.owner_id").select(["o.id", "o.name"]).where("j.service_id", "=", id).orderBy("o.name").execute(),
    db.selectFrom("service_providers as j").innerJoin("providers as p", "p.id", "j.provider_id").select(["p.id", "p.name"]).where("j.service_id", "=", id).orderBy("p.name").execute(),
    db.selectFrom("service_kpis as j").innerJoin("kpis as k", "k.id", "j.kpi_id").select(["k.id", "k.name"]).where("j.service_id", "=", id).orderBy("k.name").execute(),
    db.selectFrom("service_tags as j").innerJoin("tags as t", "t.id", "j.tag_id").select(["t.id", "t.name"]).where("j.service_id", "=", id).orderBy("t.name").execute(),
    db
      .selectFrom("service_dependencies as d")
      .innerJoin("services as r", "r.id", "d.required_service_id")
      .select(["r.id", "r.name"])
      .where("d.service_id", "=", id)
      .where("r.deleted_at", "is", null)
      .orderBy("r.name")
      .execute(),
    db
      .selectFrom("service_dependencies as d")
      .innerJoin("services as r", "r.id", "d.service_id")
      .select(["r.id", "r.name"])
      .where("d.required_service_id", "=", id)
      .where("r.deleted_at", "is", null)
      .orderBy("r.name")
      .execute(),
    db.selectFrom("service_headlines").select(["position", "headline_text_custom"]).orderBy("position").execute(),
    rest.parent_service_id
      ? db.selectFrom("services").select(["id", "name"]).where("id", "=", rest.parent_service_id).where("deleted_at", "is", null).executeTakeFirst()
      : Promise.resolve(undefined),
    db
      .selectFrom("services as d")
      .leftJoin("service_catalogues as k", "k.id", "d.service_catalogue_id")
      .select(["d.id", "d.name", "d.service_catalogue_id as catalogue_id", "k.title as catalogue_title"])
      .where("d.parent_service_id", "=", id)
      .where("d.deleted_at", "is", null)
      .orderBy("d.name")
      .execute(),
  ]);
  return {
    service: { ...rest, has_picture: Number(rest.has_picture) === 1 },
    owners,
    providers,
    kpis,
    tags,
    requires,
    requiredBy,
    parent: parent ?? null,
    derivatives,
    // An admin's own headline is content; otherwise the page shows the default in the reader's language.
    headlines: Object.fromEntries(headlines.filter((h) => h.headline_text_custom?.trim()).map((h) => [h.position, h.headline_text_custom!.trim()])) as Record<number, string>,
  };
}

/** The categories a service of this catalogue may be placed into (the basics form's select). */
export async function serviceCategoryOptions(db: Executor, catalogueId: number | null) {
  return db
    .selectFrom("service_categories")
    .select(["id", "name"])
    .$if(catalogueId !== null, (qb) => qb.where("service_catalogue_id", "=", catalogueId!))
    .orderBy(sql`lower(name)`)
    .execute();
}

export const PICKER_LIMIT = 25;
const PICKER_SOURCES = { owners: "owners", providers: "providers", kpis: "kpis", tags: "tags" } as const;

/**
 * A searchable picker instead of every record: with thousands of owners an edit form must not
 * ship them all (issue 10). Ticked records always show; of the others at most PICKER_LIMIT,
 * alphabetically, those whose name contains the search.
 */
export async function relationChoices(db: Executor, kind: RelationKind, ticked: number[], search: string, limit = PICKER_LIMIT): Promise<RelationChoices> {
  const source = PICKER_SOURCES[kind];
  const needle = search.trim();
  const [tickedRows, candidates, total] = await Promise.all([
    ticked.length
      ? db.selectFrom(source).select(["id", "name"]).where("id", "in", ticked).orderBy(sql`lower(name)`).execute()
      : Promise.resolve([]),
    db
      .selectFrom(source)
      .select(["id", "name"])
      .$if(ticked.length > 0, (qb) => qb.where("id", "not in", ticked))
      .$if(needle !== "", (qb) => qb.where(containsIgnoreCase(db, "name", needle)))
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .limit(limit)
      .execute(),
    db.selectFrom(source).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return { ticked: tickedRows, candidates, total: Number(total?.n ?? 0) };
}

function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  return {
    keys,
    oldValues: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    newValues: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

const nullIfEmpty = (values: Record<string, unknown>) => (Object.keys(values).length ? values : null);

/**
 * Writes the fields that differ and records them; `content`: a change takes back an approval (in
 * the same entry). Nothing differs → the version stays, unless `otherChange` (the basics' move to
 * another category, audited on its own) made the save a change after all.
 */
async function writeFields(trx: Transaction<Database>, id: number, before: Record<string, unknown> & { status: string; updated_at: string; updated_by: number | null }, values: Record<string, unknown>, causer: Causer, section: string, opts: { content?: boolean; otherChange?: boolean } = {}) {
  const diff = changes(before, values);
  if (!diff.keys.length) {
    if (!opts.otherChange) await keepVersion(trx, id, before);
    return diff.keys;
  }
  await trx.updateTable("services").set(diff.newValues).where("id", "=", id).execute();
  const status = opts.content ? await reopenIfApproved(trx, id, before) : { oldValues: {}, newValues: {} };
  await recordActivity(trx, { subjectType: "service", subjectId: id, event: "updated", causer, oldValues: { ...diff.oldValues, ...status.oldValues }, newValues: { ...diff.newValues, ...status.newValues }, description: section });
  return diff.keys;
}

/**
 * Name, category, type, status and progress. The status follows the review workflow
 * (app/modules/service/service-status.ts); a new category moves the service to the end of that category.
 */
export async function updateServiceBasics(
  db: Executor,
  id: number,
  values: {
    name: string;
    category_id: number;
    servicetype: "customer" | "it";
    status: Status;
    statuspercent: number;
    servicechangeplanned: number;
    /** The service's own review interval (null: the catalogue's); undefined leaves it as it is (bulk change, CSV). */
    review_interval_months?: number | null;
  },
  expectedUpdatedAt: string | null,
  editor: Editor,
) {
  return inTransaction(db, async (trx) => {
    const { before } = await touchService(trx, id, expectedUpdatedAt, editor);
    if (!canTransition(editor.role, before.status as Status, values.status)) throw new ForbiddenTransitionError(before.status, values.status);
    // Approving is reviewing (issue 36 §1): the page, a bulk change and a CSV import all approve here.
    if (values.status === "closed" && before.status !== "closed") await stampReview(trx, id, editor);
    // Sent to review, approved or sent back: the people concerned are told (issue 36 §5).
    if (values.status !== before.status) await notifyStatusChange(trx, { id, updated_by: before.updated_by }, before.status, values.status, editor);
    if (values.category_id !== before.category_id) {
      const target = await trx.selectFrom("service_categories").select("id").where("id", "=", values.category_id).executeTakeFirst();
      if (!target) throw new InvalidReferenceError("category_id", "service.errors.category");
      await moveService(trx, id, values.category_id, Number.MAX_SAFE_INTEGER, editor);
    }
    const { category_id: _moved, review_interval_months: interval, ...fields } = values;
    const rest = interval === undefined ? fields : { ...fields, review_interval_months: interval };
    return writeFields(trx, id, before, rest, editor, "basics", { otherChange: values.category_id !== before.category_id });
  });
}

/** One rich-text field, sanitised; a content change returns an approved service to "open". */
export async function updateServiceRichText(db: Executor, id: number, field: RichField, html: string, expectedUpdatedAt: string | null, causer: Causer) {
  return inTransaction(db, async (trx) => {
    // A field an attribute mask hides is not shown, so it cannot be saved either (403, nothing written).
    await refuseHidden(trx, id, { field });
    const { before } = await touchService(trx, id, expectedUpdatedAt, causer);
    const clean = sanitizeRichText(html);
    return writeFields(trx, id, before, { [field]: clean.trim() === "" ? null : clean }, causer, field, { content: true });
  });
}

/** Plain fields of one section (details, personal data). */
export async function updateServiceFields(
  db: Executor,
  id: number,
  values: Record<string, string | number | null>,
  section: string,
  expectedUpdatedAt: string | null,
  causer: Causer,
) {
  return inTransaction(db, async (trx) => {
    const { before } = await touchService(trx, id, expectedUpdatedAt, causer);
    // A field an attribute mask hides has no input: the save keeps its stored value.
    return writeFields(trx, id, before, await visibleValues(trx, id, values), causer, section, { content: true });
  });
}

const RELATIONS = {
  owners: { table: "service_owners", fk: "owner_id", source: "owners" },
  providers: { table: "service_providers", fk: "provider_id", source: "providers" },
  kpis: { table: "service_kpis", fk: "kpi_id", source: "kpis" },
  tags: { table: "service_tags", fk: "tag_id", source: "tags" },
} as const;
export type RelationKind = keyof typeof RELATIONS;

async function replaceRelation(trx: Transaction<Database>, id: number, kind: RelationKind, wanted: number[]) {
  const { table, fk, source } = RELATIONS[kind];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- table names come from the fixed map above
  const t = trx as unknown as Transaction<any>;
  const before = (await t.selectFrom(table).select(fk).where("service_id", "=", id).execute()).map((r) => Number(r[fk])).sort((a, b) => a - b);
  const existing = wanted.length ? (await t.selectFrom(source).select("id").where("id", "in", wanted).execute()).map((r) => Number(r.id)) : [];
  const after = [...new Set(existing)].sort((a, b) => a - b);
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  await t.deleteFrom(table).where("service_id", "=", id).execute();
  if (after.length) await t.insertInto(table).values(after.map((v) => ({ service_id: id, [fk]: v }))).execute();
  return { before, after };
}

/** Tags are admin-guarded base data (/admin/tags): only who may open that screen creates them inline. */
export function mayCreateTags(role: Role): boolean {
  return roleHasPermission(role, "access:admin");
}

/** Owners, providers and service levels (KPIs) in one form. */
export async function setServiceRelations(
  db: Executor,
  id: number,
  wanted: Partial<Record<RelationKind, number[]>>,
  expectedUpdatedAt: string | null,
  causer: Editor,
  opts: { newTag?: string | null } = {},
) {
  return inTransaction(db, async (trx) => {
    if (wanted.tags) await refuseHidden(trx, id, { section: "tags" });
    const { before } = await touchService(trx, id, expectedUpdatedAt, causer);
    const tags = wanted.tags ? [...wanted.tags] : undefined;
    const newTag = opts.newTag?.trim();
    if (tags && newTag) {
      const found = await trx.selectFrom("tags").select("id").where(foldCase(trx, sql.ref("name")), "=", newTag.toLowerCase()).executeTakeFirst();
      // Picking an existing tag by name is editing the service; creating one is the tag screen's right.
      if (!found && !mayCreateTags(causer.role)) throw new ForbiddenError("tag creation");
      tags.push(found ? found.id : await createBaseData(trx, ENTITIES.tags, { name: newTag, description: null }, causer));
    }
    const oldValues: Record<string, number[]> = {};
    const newValues: Record<string, number[]> = {};
    for (const kind of Object.keys(RELATIONS) as RelationKind[]) {
      const list = kind === "tags" ? tags : wanted[kind];
      if (!list) continue;
      const change = await replaceRelation(trx, id, kind, list);
      if (change) {
        oldValues[kind] = change.before;
        newValues[kind] = change.after;
      }
    }
    const changed = Object.keys(newValues);
    if (changed.length) {
      const status = await reopenIfApproved(trx, id, before);
      await recordActivity(trx, { subjectType: "service", subjectId: id, event: "updated", causer, oldValues: { ...oldValues, ...status.oldValues }, newValues: { ...newValues, ...status.newValues }, description: "relations" });
    } else await keepVersion(trx, id, before);
    return changed;
  });
}

/** Adds a required service; a service cannot require itself, binned or unknown ones are refused. */
export async function addDependency(db: Executor, id: number, requiredId: number, expectedUpdatedAt: string | null, causer: Causer) {
  return inTransaction(db, async (trx) => {
    if (requiredId === id) throw new InvalidReferenceError("required", "service.errors.selfDependency");
    await refuseHidden(trx, id, { section: "dependencies" });
    const { before } = await touchService(trx, id, expectedUpdatedAt, causer);
    const required = await trx.selectFrom("services").select("id").where("id", "=", requiredId).where("deleted_at", "is", null).executeTakeFirst();
    if (!required) throw new InvalidReferenceError("required", "service.errors.unknownService");
    await trx
      .insertInto("service_dependencies")
      .values({ service_id: id, required_service_id: requiredId })
      .onConflict((oc) => oc.columns(["service_id", "required_service_id"]).doNothing())
      .execute();
    const status = await reopenIfApproved(trx, id, before);
    await recordActivity(trx, { subjectType: "service", subjectId: id, event: "dependency_added", causer, oldValues: nullIfEmpty(status.oldValues), newValues: { required_service_id: requiredId, ...status.newValues } });
  });
}

export async function removeDependency(db: Executor, id: number, requiredId: number, expectedUpdatedAt: string | null, causer: Causer) {
  return inTransaction(db, async (trx) => {
    await refuseHidden(trx, id, { section: "dependencies" });
    const { before } = await touchService(trx, id, expectedUpdatedAt, causer);
    await trx.deleteFrom("service_dependencies").where("service_id", "=", id).where("required_service_id", "=", requiredId).execute();
    const status = await reopenIfApproved(trx, id, before);
    await recordActivity(trx, { subjectType: "service", subjectId: id, event: "dependency_removed", causer, oldValues: { required_service_id: requiredId, ...status.oldValues }, newValues: nullIfEmpty(status.newValues) });
  });
}

/** Candidates for the required-services picker: by name, excluding the service itself and binned ones. */
export async function dependencyCandidates(db: Executor, id: number, term: string, limit = 10) {
  const needle = term.trim();
  if (needle.length < 2) return [];
  return db
    .selectFrom("services as s")
    .leftJoin("service_catalogues as k", "k.id", "s.service_catalogue_id")
    .select(["s.id", "s.name", "k.title as catalogue_title"])
    .where("s.deleted_at", "is", null)
    .where("s.id", "!=", id)
    .where(containsIgnoreCase(db, "s.name", needle))
    .orderBy(sql`length(s.name)`)
    .orderBy("s.name")
    .limit(limit)
    .execute();
}

/** The service's picture (sniffed jpg/png, base64 in the row) or null to remove it. */
export async function setServicePicture(db: Executor, id: number, image: { data: string; mime: string } | null, expectedUpdatedAt: string | null, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const { before } = await touchService(trx, id, expectedUpdatedAt, causer);
    await trx.updateTable("services").set({ picture: image?.data ?? null, picture_mime: image?.mime ?? null }).where("id", "=", id).execute();
    const status = await reopenIfApproved(trx, id, before);
    await recordActivity(trx, { subjectType: "service", subjectId: id, event: "updated", causer, oldValues: nullIfEmpty(status.oldValues), newValues: { picture: image ? "changed" : "removed", ...status.newValues }, description: "picture" });
  });
}

export async function getServicePicture(db: Executor, id: number) {
  const row = await db.selectFrom("services").select(["picture", "picture_mime", "updated_at"]).where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
  if (!row?.picture || !row.picture_mime) return undefined;
  return { data: Buffer.from(row.picture, "base64"), mime: row.picture_mime, updated_at: row.updated_at };
}
