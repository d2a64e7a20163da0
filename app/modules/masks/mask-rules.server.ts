import type { Executor } from "~/server/audit.server";
import { ForbiddenError } from "~/server/errors.server";
import { NOTHING_HIDDEN, fieldsOfSection, parseHidden, type MaskHidden } from "./masks-schema";

/**
 * What attribute masks hide for one service (issue 15 §2): the union of the masks of its category
 * and of its category's area. The service page leaves out what is hidden, and every save path asks
 * here, so a form (or a hand-made request) can never overwrite a hidden value: hidden plain fields
 * are dropped from a section's save, a write to a hidden section or attribute is refused (403).
 */

/** The masks of a category and of its area, united. */
export async function hiddenForCategory(db: Executor, categoryId: number | null): Promise<MaskHidden> {
  if (categoryId === null) return NOTHING_HIDDEN;
  const rows = await db
    .selectFrom("attribute_masks as m")
    .select("m.hidden_attributes")
    .where((eb) =>
      eb.or([
        eb.and([eb("m.target_model", "=", "category"), eb("m.target_id", "=", categoryId)]),
        eb.and([
          eb("m.target_model", "=", "area"),
          eb("m.target_id", "=", eb.selectFrom("service_categories as c").select("c.service_area_id").where("c.id", "=", categoryId)),
        ]),
      ]),
    )
    .orderBy("m.id")
    .execute();
  return unite(rows.map((r) => parseHidden(r.hidden_attributes)));
}

/** What the masks hide for this service (nothing for an unknown service or one without a category). */
export async function hiddenForService(db: Executor, serviceId: number): Promise<MaskHidden> {
  const row = await db.selectFrom("services").select("category_id").where("id", "=", serviceId).executeTakeFirst();
  return hiddenForCategory(db, row?.category_id ?? null);
}

/**
 * hiddenForCategory for many categories at once (the Word export), in two queries whatever their
 * number: every mask (there are few) and the categories' areas.
 */
export async function hiddenForCategories(db: Executor, categoryIds: number[]): Promise<Map<number, MaskHidden>> {
  const result = new Map<number, MaskHidden>();
  const ids = [...new Set(categoryIds)];
  if (!ids.length) return result;
  const [masks, categories] = await Promise.all([
    db.selectFrom("attribute_masks").select(["target_model", "target_id", "hidden_attributes"]).orderBy("id").execute(),
    db.selectFrom("service_categories").select(["id", "service_area_id"]).where("id", "in", ids).execute(),
  ]);
  for (const category of categories) {
    const applying = masks.filter(
      (m) => (m.target_model === "category" && m.target_id === category.id) || (m.target_model === "area" && category.service_area_id !== null && m.target_id === category.service_area_id),
    );
    result.set(category.id, applying.length ? unite(applying.map((m) => parseHidden(m.hidden_attributes))) : NOTHING_HIDDEN);
  }
  return result;
}

function unite(masks: MaskHidden[]): MaskHidden {
  const sections = new Set(masks.flatMap((m) => m.sections));
  const fields = new Set([...masks.flatMap((m) => m.fields), ...[...sections].flatMap((s) => fieldsOfSection(s))]);
  const attributes = new Set(masks.flatMap((m) => m.attributes));
  return { fields: [...fields], sections: [...sections], attributes: [...attributes].sort((a, b) => a - b) };
}

/** The values without the hidden fields: what a save may write. */
export function withoutHidden<T extends Record<string, unknown>>(values: T, hidden: MaskHidden): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !hidden.fields.includes(key))) as Partial<T>;
}

/** Drops the service's hidden fields from a save's values. */
export async function visibleValues<T extends Record<string, unknown>>(db: Executor, serviceId: number, values: T): Promise<Partial<T>> {
  return withoutHidden(values, await hiddenForService(db, serviceId));
}

/** Refuses (ForbiddenError → 403, nothing written) a write to a hidden section, field or attribute of the service. */
export async function refuseHidden(db: Executor, serviceId: number, what: { section?: string; field?: string; attribute?: number | null }) {
  const hidden = await hiddenForService(db, serviceId);
  if (
    (what.section && hidden.sections.includes(what.section)) ||
    (what.field && hidden.fields.includes(what.field)) ||
    (what.attribute != null && hidden.attributes.includes(what.attribute))
  )
    throw new ForbiddenError("hidden by an attribute mask");
}

