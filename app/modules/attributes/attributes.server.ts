/**
 * Custom service attributes (issue 15 §1): the definitions admins keep at /admin/serviceattributes
 * — text or dropdown with up to ten slots — and the rule that no change silently loses a value a
 * service holds. Every write records an audit activity (subject "service_attribute") in its
 * transaction.
 */
import type { Transaction, Updateable } from "kysely";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction, nextTimestamp } from "~/server/db-helpers.server";
import type { Database } from "~/server/db/schema";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { moveStep, positionAfterLast, type OrderedList } from "~/server/positions.server";
import {
  AttributeSchema,
  DEFAULT_HEADLINE,
  SLOT_WORDS,
  type AttributeImpact,
  type AttributeInput,
  type AttributeType,
  type SlotView,
  type SlotWord,
} from "./attributes-schema";

export const SUBJECT = "service_attribute";
/** Services a confirmation names; the rest is a count. */
export const LISTED_SERVICES = 20;

/** The attributes as one ordered list (no parent: every attribute is global). */
const ATTRIBUTE_LIST: OrderedList = { table: "service_attribute_items", parent: [] };

/** A change that affects values services hold; nothing was written. The page lists `impact` and asks to confirm. */
export class AttributeChangeNeedsConfirmation extends Error {
  constructor(readonly impact: AttributeImpact) {
    super("attribute change needs confirmation");
  }
}

export interface AttributeListItem {
  id: number;
  designation: string;
  type: AttributeType;
  active: boolean;
  headline: string;
  position: number;
  dropdownCount: number;
}

export interface AttributeDetail extends AttributeListItem {
  details: string | null;
  updatedAt: string;
  /** All ten slots, as stored. */
  slots: SlotView[];
}

/** All attributes in display order (position, then id). */
export async function listAttributes(db: Executor): Promise<AttributeListItem[]> {
  const rows = await db
    .selectFrom("service_attribute_items")
    .select(["id", "designation", "type", "active", "headline", "position", "dropdown_count"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    designation: r.designation,
    type: r.type === "dropdown" ? "dropdown" : "text",
    active: Number(r.active) === 1,
    headline: r.headline,
    position: Number(r.position),
    dropdownCount: Number(r.dropdown_count),
  }));
}

const slotColumns = SLOT_WORDS.flatMap((w) => [`d.drop_down_${w}_value`, `d.drop_down_${w}_active`] as const);

/** One attribute with its ten slots; NotFoundError when there is none. */
export async function getAttribute(db: Executor, id: number): Promise<AttributeDetail> {
  const row = await db
    .selectFrom("service_attribute_items as i")
    .leftJoin("attribute_dropdowns as d", "d.attribute_item_id", "i.id")
    .select(["i.id", "i.designation", "i.type", "i.active", "i.headline", "i.position", "i.dropdown_count", "i.details", "i.updated_at", ...slotColumns])
    .where("i.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("service_attribute");
  const stored = row as unknown as Record<string, string | number | null>;
  return {
    id: row.id,
    designation: row.designation,
    type: row.type === "dropdown" ? "dropdown" : "text",
    active: Number(row.active) === 1,
    headline: row.headline,
    position: Number(row.position),
    dropdownCount: Number(row.dropdown_count),
    details: row.details,
    updatedAt: row.updated_at,
    slots: SLOT_WORDS.map((word) => ({
      word,
      value: (stored[`drop_down_${word}_value`] as string | null) ?? null,
      active: Number(stored[`drop_down_${word}_active`]) === 1,
    })),
  };
}

// ------------------------------------------------------------------------------ values held

/** Which stored values of an attribute: its texts, its dropdown choices (of some slots only, if given). */
interface ValueFilter {
  texts?: boolean;
  choices?: boolean | SlotWord[];
}

function valueSubqueries(db: Executor, id: number, filter: ValueFilter) {
  const subs = [];
  if (filter.texts) subs.push(db.selectFrom("service_attribute_text_items").select("service_id").where("service_attribute_item_id", "=", id));
  if (filter.choices === true) subs.push(db.selectFrom("service_dropdown_items").select("service_id").where("items_id", "=", id));
  else if (Array.isArray(filter.choices) && filter.choices.length)
    subs.push(db.selectFrom("service_dropdown_items").select("service_id").where("items_id", "=", id).where("value_reference", "in", filter.choices));
  return subs;
}

/** The services holding such values: the first 20 by name and how many in all (a service counts once). */
export async function servicesWithValues(db: Executor, id: number, filter: ValueFilter = { texts: true, choices: true }) {
  const subs = valueSubqueries(db, id, filter);
  if (!subs.length) return { services: [], total: 0 };
  const base = db.selectFrom("services").where((eb) => eb.or(subs.map((sub) => eb("id", "in", sub))));
  const [{ count }, services] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    base.select(["id", "name"]).orderBy("name").orderBy("id").limit(LISTED_SERVICES).execute(),
  ]);
  return { services, total: Number(count) };
}

/** The ids of every service holding such values (for the audit trail). */
async function serviceIdsWithValues(db: Executor, id: number, filter: ValueFilter): Promise<number[]> {
  const ids = new Set<number>();
  for (const sub of valueSubqueries(db, id, filter)) for (const row of await sub.execute()) ids.add(Number(row.service_id));
  return [...ids].sort((a, b) => a - b);
}

/** How many services chose each slot. */
async function choiceCounts(db: Executor, id: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("service_dropdown_items")
    .select(["value_reference", (eb) => eb.fn.countAll<number>().as("count")])
    .where("items_id", "=", id)
    .groupBy("value_reference")
    .execute();
  return new Map(rows.filter((r) => r.value_reference).map((r) => [String(r.value_reference), Number(r.count)]));
}

async function textCount(db: Executor, id: number): Promise<number> {
  const { count } = await db
    .selectFrom("service_attribute_text_items")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("service_attribute_item_id", "=", id)
    .executeTakeFirstOrThrow();
  return Number(count);
}

// ------------------------------------------------------------------------------ writes

/** The input as stored: count 0 for text, slots beyond the count empty and inactive. */
interface Normalised {
  designation: string;
  type: AttributeType;
  dropdownCount: number;
  active: boolean;
  headline: string;
  position: number | undefined;
  details: string | null;
  slots: SlotView[];
}

function normalise(raw: AttributeInput): Normalised {
  const parsed = AttributeSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.reduce<string>((acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), "");
      errors[name || "_form"] ??= issue.message;
    }
    throw new ValidationError(errors);
  }
  const v = parsed.data;
  const count = v.type === "dropdown" ? (v.dropdown_count ?? 0) : 0;
  return {
    designation: v.designation,
    type: v.type,
    dropdownCount: count,
    active: v.active === true,
    headline: v.headline ?? DEFAULT_HEADLINE,
    position: v.position,
    details: v.details,
    slots: SLOT_WORDS.map((word, i) => (i < count ? { word, value: v.slots?.[i]?.value ?? null, active: v.slots?.[i]?.active === true } : { word, value: null, active: false })),
  };
}

/** The audit's view of an attribute: its fields and, for a dropdown, its slot values and which are inactive. */
function auditValues(a: Pick<Normalised, "designation" | "type" | "dropdownCount" | "active" | "headline" | "details" | "slots"> & { position: number }) {
  const used = a.type === "dropdown" ? a.slots.slice(0, a.dropdownCount) : [];
  return {
    designation: a.designation,
    type: a.type,
    dropdown_count: a.dropdownCount,
    active: a.active ? 1 : 0,
    headline: a.headline,
    position: a.position,
    details: a.details,
    dropdown_values: used.map((s) => s.value ?? ""),
    inactive_dropdown_values: used.filter((s) => !s.active).map((s) => s.value ?? ""),
  };
}

function slotColumnValues(slots: SlotView[]) {
  const columns: Record<string, string | number | null> = {};
  for (const s of slots) {
    columns[`drop_down_${s.word}_value`] = s.value;
    columns[`drop_down_${s.word}_active`] = s.active ? 1 : 0;
  }
  return columns as Updateable<Database["attribute_dropdowns"]>;
}

async function writeSlots(trx: Transaction<Database>, id: number, slots: SlotView[], now: string) {
  const columns = slotColumnValues(slots);
  const updated = await trx.updateTable("attribute_dropdowns").set({ ...columns, updated_at: now }).where("attribute_item_id", "=", id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await trx.insertInto("attribute_dropdowns").values({ attribute_item_id: id, ...columns, created_at: now, updated_at: now }).execute();
}

/** A new attribute (at the end of the list unless a position is given). Returns its id. */
export async function createAttribute(db: Executor, input: AttributeInput, causer: Causer): Promise<number> {
  const a = normalise(input);
  return inTransaction(db, async (trx) => {
    const position = a.position ?? (await positionAfterLast(trx, ATTRIBUTE_LIST));
    const now = nextTimestamp(null);
    const { id } = await trx
      .insertInto("service_attribute_items")
      .values({ designation: a.designation, type: a.type, dropdown_count: a.dropdownCount, active: a.active ? 1 : 0, headline: a.headline, position, details: a.details, model: "service", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (a.type === "dropdown") await writeSlots(trx, id, a.slots, now);
    await recordActivity(trx, { subjectType: SUBJECT, subjectId: id, event: "created", causer, newValues: auditValues({ ...a, position }), description: a.designation });
    return id;
  });
}

/** What saving `next` over `before` would do to stored values (none: `total` 0). */
async function impactOf(db: Executor, before: AttributeDetail, next: Normalised): Promise<AttributeImpact & { deleteFilter: ValueFilter }> {
  let typeChange: AttributeImpact["typeChange"] = null;
  const removed: AttributeImpact["removed"] = [];
  const deactivated: AttributeImpact["deactivated"] = [];
  let deleteFilter: ValueFilter = {};
  let listFilter: ValueFilter = {};
  if (before.type !== next.type) {
    const count = before.type === "text" ? await textCount(db, before.id) : [...(await choiceCounts(db, before.id)).values()].reduce((a, b) => a + b, 0);
    if (count > 0) typeChange = { from: before.type, to: next.type, count };
    deleteFilter = before.type === "text" ? { texts: true } : { choices: true };
    listFilter = deleteFilter;
  } else if (next.type === "dropdown") {
    const counts = await choiceCounts(db, before.id);
    SLOT_WORDS.forEach((word, i) => {
      const count = counts.get(word) ?? 0;
      if (!count) return;
      const old = before.slots[i];
      if (i >= next.dropdownCount) removed.push({ word, value: old.value, count });
      else if (old.active && i < before.dropdownCount && !next.slots[i].active) deactivated.push({ word, value: old.value, count });
    });
    deleteFilter = { choices: removed.map((r) => r.word) };
    listFilter = { choices: [...removed, ...deactivated].map((r) => r.word) };
  }
  const { services, total } = typeChange || removed.length || deactivated.length ? await servicesWithValues(db, before.id, listFilter) : { services: [], total: 0 };
  const fingerprint = [
    typeChange ? `type:${typeChange.from}>${typeChange.to}:${typeChange.count}` : "",
    ...removed.map((r) => `removed:${r.word}:${r.count}`),
    ...deactivated.map((d) => `off:${d.word}:${d.count}`),
    `services:${total}`,
  ]
    .filter(Boolean)
    .join("|");
  return { fingerprint, services, total, typeChange, removed, deactivated, deleteFilter };
}

/**
 * Saves an attribute. A change that affects values services hold — slots removed or switched off
 * that services chose, the type switched while values exist — is refused with
 * AttributeChangeNeedsConfirmation unless `input.confirm` carries that change's fingerprint.
 * Confirmed: the choices of removed slots and the values of the old type are deleted; switched-off
 * slots keep their stored choices (hidden while inactive). Deactivating the whole attribute keeps
 * every value. False when nothing changed.
 */
export async function updateAttribute(db: Executor, id: number, input: AttributeInput, causer: Causer): Promise<{ changed: boolean; deleted: number }> {
  const next = normalise(input);
  return inTransaction(db, async (trx) => {
    const before = await getAttribute(trx, id);
    if (input.updated_at && input.updated_at !== before.updatedAt) throw new StaleRecordError({ ...before }, []);
    // A text attribute keeps its (unused) slot definitions; a dropdown's slots are rewritten.
    const slots = next.type === "dropdown" ? next.slots : before.slots;
    const after = { ...next, slots, position: next.position ?? before.position };
    const impact = await impactOf(trx, before, after);
    if (impact.total > 0 && input.confirm !== impact.fingerprint) {
      const { deleteFilter: _filter, ...shown } = impact;
      throw new AttributeChangeNeedsConfirmation(shown);
    }
    const oldValues: Record<string, unknown> = auditValues(before);
    const newValues: Record<string, unknown> = auditValues(after);
    const changed = Object.keys(newValues).filter((k) => JSON.stringify(oldValues[k]) !== JSON.stringify(newValues[k]));
    const slotsChanged = next.type === "dropdown" && JSON.stringify(before.slots) !== JSON.stringify(next.slots);
    const clearedIds = impact.total > 0 ? await serviceIdsWithValues(trx, id, impact.deleteFilter) : [];
    let deleted = 0;
    if (impact.deleteFilter.texts) deleted += Number((await trx.deleteFrom("service_attribute_text_items").where("service_attribute_item_id", "=", id).executeTakeFirst()).numDeletedRows);
    if (impact.deleteFilter.choices === true) deleted += Number((await trx.deleteFrom("service_dropdown_items").where("items_id", "=", id).executeTakeFirst()).numDeletedRows);
    else if (Array.isArray(impact.deleteFilter.choices) && impact.deleteFilter.choices.length)
      deleted += Number(
        (await trx.deleteFrom("service_dropdown_items").where("items_id", "=", id).where("value_reference", "in", impact.deleteFilter.choices).executeTakeFirst()).numDeletedRows,
      );
    if (!changed.length && !slotsChanged && !deleted) return { changed: false, deleted: 0 };
    const now = nextTimestamp(before.updatedAt);
    await trx
      .updateTable("service_attribute_items")
      .set({ designation: after.designation, type: after.type, dropdown_count: after.dropdownCount, active: after.active ? 1 : 0, headline: after.headline, position: after.position, details: after.details, updated_at: now })
      .where("id", "=", id)
      .execute();
    if (next.type === "dropdown") await writeSlots(trx, id, next.slots, now);
    await recordActivity(trx, {
      subjectType: SUBJECT,
      subjectId: id,
      event: "updated",
      causer,
      oldValues: Object.fromEntries(changed.map((k) => [k, oldValues[k]])),
      newValues: { ...Object.fromEntries(changed.map((k) => [k, newValues[k]])), ...(deleted ? { cleared_service_ids: clearedIds } : {}) },
      description: after.designation,
    });
    return { changed: true, deleted };
  });
}

/**
 * Deletes an attribute with every value services hold of it (the page asked first). `seen`: how
 * many services the confirmation named; more by now is refused, so nobody's new value goes unasked.
 */
export async function deleteAttribute(db: Executor, id: number, causer: Causer, seen?: number): Promise<AttributeDetail> {
  return inTransaction(db, async (trx) => {
    const before = await getAttribute(trx, id);
    const usedBy = await serviceIdsWithValues(trx, id, { texts: true, choices: true });
    if (seen !== undefined && usedBy.length > seen) throw new ValidationError({ _form: "attributes.deleteChanged" });
    await trx.deleteFrom("service_attribute_text_items").where("service_attribute_item_id", "=", id).execute();
    await trx.deleteFrom("service_dropdown_items").where("items_id", "=", id).execute();
    await trx.deleteFrom("attribute_dropdowns").where("attribute_item_id", "=", id).execute();
    await trx.deleteFrom("service_attribute_items").where("id", "=", id).execute();
    await recordActivity(trx, { subjectType: SUBJECT, subjectId: id, event: "deleted", causer, oldValues: { ...auditValues(before), used_by_service_ids: usedBy }, description: before.designation });
    return before;
  });
}

/**
 * Moves an attribute one step up or down in the list; the list is renumbered 0..n-1. False when
 * it already is at that end.
 */
export async function moveAttribute(db: Executor, id: number, direction: "up" | "down", causer: Causer): Promise<{ moved: boolean; designation: string }> {
  return inTransaction(db, async (trx) => {
    const before = await getAttribute(trx, id);
    const step = await moveStep(trx, ATTRIBUTE_LIST, id, direction);
    if (!step || step.from === step.to) return { moved: false, designation: before.designation };
    const { to } = step;
    await recordActivity(trx, { subjectType: SUBJECT, subjectId: id, event: "moved", causer, oldValues: { position: before.position }, newValues: { position: to }, description: before.designation });
    return { moved: true, designation: before.designation };
  });
}

