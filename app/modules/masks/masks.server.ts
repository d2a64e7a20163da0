import { sql } from "kysely";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { isUniqueViolation } from "~/server/db-errors";
import { foldCase, inTransaction, nextTimestamp } from "~/server/db-helpers.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { nowIso } from "~/lib/time";
import { encodeHidden, parseHidden, type MaskHidden, type MaskValues } from "./masks-schema";

/**
 * Attribute masks (issue 15 §2): create, update, delete, each audited (subject "attribute_mask")
 * in its transaction. Names are unique case-insensitively: checked first for a clear answer, and
 * the unique index decides between two concurrent creates — its violation becomes the same field
 * error. What a mask hides for a service: mask-rules.server.ts.
 */

export const DUPLICATE_NAME = "masks.errors.duplicate";

export interface MaskRow {
  id: number;
  name: string;
  target_model: "area" | "category";
  target_id: number | null;
  hidden: MaskHidden;
  updated_at: string;
  /** The area's or category's name and its catalogue; null when the target no longer exists. */
  target_name: string | null;
  catalogue_id: number | null;
  catalogue_title: string | null;
  catalogue_frame_title: string | null;
}

function masksQuery(db: Executor) {
  return db
    .selectFrom("attribute_masks as m")
    .leftJoin("service_areas as a", (j) => j.onRef("a.id", "=", "m.target_id").on("m.target_model", "=", "area"))
    .leftJoin("service_categories as c", (j) => j.onRef("c.id", "=", "m.target_id").on("m.target_model", "=", "category"))
    .leftJoin("service_catalogues as k", (j) => j.on((eb) => eb("k.id", "=", eb.fn.coalesce("a.service_catalogue_id", "c.service_catalogue_id"))))
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "k.id")
    .select([
      "m.id",
      "m.name",
      "m.target_model",
      "m.target_id",
      "m.hidden_attributes",
      "m.updated_at",
      (eb) => eb.fn.coalesce("a.name", "c.name").as("target_name"),
      "k.id as catalogue_id",
      "k.title as catalogue_title",
      "f.title as catalogue_frame_title",
    ]);
}

type RawMask = Awaited<ReturnType<ReturnType<typeof masksQuery>["executeTakeFirstOrThrow"]>>;

function toRow({ hidden_attributes, ...row }: RawMask): MaskRow {
  return { ...row, target_id: row.target_id === null ? null : Number(row.target_id), hidden: parseHidden(hidden_attributes) };
}

export async function listMasks(db: Executor): Promise<MaskRow[]> {
  const rows = await masksQuery(db).orderBy(sql`lower(m.name)`).orderBy("m.id").execute();
  return rows.map(toRow);
}

export async function getMask(db: Executor, id: number): Promise<MaskRow> {
  const row = await masksQuery(db).where("m.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("attribute mask");
  return toRow(row);
}

/** The target selects: every catalogue's areas and categories, catalogues by title. */
export async function maskTargets(db: Executor) {
  const [catalogues, areas, categories] = await Promise.all([
    db
      .selectFrom("service_catalogues as k")
      .leftJoin("catalog_frames as f", "f.service_catalogue_id", "k.id")
      .select(["k.id", "k.title", "f.title as frame_title"])
      .orderBy("k.id")
      .execute(),
    db.selectFrom("service_areas").select(["id", "name", "service_catalogue_id"]).orderBy(sql`lower(name)`).orderBy("id").execute(),
    db.selectFrom("service_categories").select(["id", "name", "service_catalogue_id"]).orderBy(sql`lower(name)`).orderBy("id").execute(),
  ]);
  return { catalogues, areas, categories };
}

/** The custom attributes a mask can hide (active or not: a mask may be prepared before one is switched on). */
export async function maskableAttributes(db: Executor) {
  return db.selectFrom("service_attribute_items").select(["id", "designation", "active"]).orderBy("position").orderBy("id").execute();
}

/** Refuses a target that does not exist, attributes that do not exist, and a name in use. */
async function check(trx: Executor, values: MaskValues, exceptId: number | null) {
  const table = values.target_model === "area" ? "service_areas" : "service_categories";
  const target = await trx.selectFrom(table).select("id").where("id", "=", values.target_id).executeTakeFirst();
  if (!target) throw new ValidationError({ [values.target_model === "area" ? "area_id" : "category_id"]: "masks.errors.target" });
  const wanted = [...new Set(values.hidden.attributes)];
  if (wanted.length) {
    const found = await trx.selectFrom("service_attribute_items").select("id").where("id", "in", wanted).execute();
    if (found.length !== wanted.length) throw new ValidationError({ attributes: "masks.errors.unknown" });
  }
  const same = await trx
    .selectFrom("attribute_masks")
    .select("id")
    .where(foldCase(trx, sql.ref("name")), "=", values.name.toLowerCase())
    .$if(exceptId !== null, (qb) => qb.where("id", "!=", exceptId!))
    .executeTakeFirst();
  if (same) throw new ValidationError({ name: DUPLICATE_NAME });
}

/** The unique index's answer to a concurrent write of the same name, as the form's field error. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ name: DUPLICATE_NAME });
    throw error;
  }
}

/** A mask as the audit trail records it: what it hides as three readable lists. */
const audited = (values: { name: string; target_model: string; target_id: number | null; hidden_attributes: string }) => {
  const hidden = parseHidden(values.hidden_attributes);
  return {
    name: values.name,
    target_model: values.target_model,
    target_id: values.target_id,
    hidden_sections: hidden.sections,
    hidden_fields: hidden.fields,
    hidden_attributes: hidden.attributes,
  };
};

export async function createMask(db: Executor, values: MaskValues, causer: Causer): Promise<number> {
  return uniqueName(() =>
    inTransaction(db, async (trx) => {
      await check(trx, values, null);
      const now = nowIso();
      const row = { name: values.name, target_model: values.target_model, target_id: values.target_id, hidden_attributes: encodeHidden(values.hidden) };
      const { id } = await trx
        .insertInto("attribute_masks")
        .values({ ...row, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordActivity(trx, { subjectType: "attribute_mask", subjectId: id, event: "created", causer, newValues: audited(row) });
      return id;
    }),
  );
}

/** Saves a mask loaded at `expectedUpdatedAt` (null: whatever is stored); false when nothing changed. */
export async function updateMask(db: Executor, id: number, values: MaskValues, expectedUpdatedAt: string | null, causer: Causer): Promise<boolean> {
  return uniqueName(() =>
    inTransaction(db, async (trx) => {
      const before = await trx.selectFrom("attribute_masks").selectAll().where("id", "=", id).executeTakeFirst();
      if (!before) throw new NotFoundError("attribute mask");
      if (expectedUpdatedAt !== null && before.updated_at !== expectedUpdatedAt) throw new StaleRecordError(before, []);
      await check(trx, values, id);
      const after = { name: values.name, target_model: values.target_model, target_id: values.target_id, hidden_attributes: encodeHidden(values.hidden) };
      const old = audited({ ...before, target_id: before.target_id === null ? null : Number(before.target_id) });
      const next = audited(after);
      const keys = (Object.keys(next) as (keyof typeof next)[]).filter((k) => JSON.stringify(old[k]) !== JSON.stringify(next[k]));
      if (!keys.length) return false;
      await trx.updateTable("attribute_masks").set({ ...after, updated_at: nextTimestamp(before.updated_at) }).where("id", "=", id).execute();
      await recordActivity(trx, {
        subjectType: "attribute_mask",
        subjectId: id,
        event: "updated",
        causer,
        oldValues: Object.fromEntries(keys.map((k) => [k, old[k]])),
        newValues: Object.fromEntries(keys.map((k) => [k, next[k]])),
      });
      return true;
    }),
  );
}

export async function deleteMask(db: Executor, id: number, causer: Causer): Promise<{ name: string }> {
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("attribute_masks").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new NotFoundError("attribute mask");
    await trx.deleteFrom("attribute_masks").where("id", "=", id).execute();
    await recordActivity(trx, {
      subjectType: "attribute_mask",
      subjectId: id,
      event: "deleted",
      causer,
      oldValues: audited({ ...before, target_id: before.target_id === null ? null : Number(before.target_id) }),
    });
    return { name: before.name };
  });
}
