/**
 * The children of a service that are edited on the service page: options, responsibilities
 * ("who does what"), links and the values of the custom service attributes.
 *
 * Every write validates its input with zod first (a ValidationError carries field errors as
 * i18n keys), then, in one transaction: `touchService` (stale-form check against the service's
 * `updated_at`, version bump, an approved service returns to "open"), the change, the audit
 * activity. Positions of options, responsibilities and links stay contiguous (0..n-1).
 */
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { Database } from "~/server/db/schema";
import { nowIso } from "~/lib/time";
import type { AcceptedImageMime } from "~/server/upload.server";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction } from "../../server/db-helpers.server";
import { ValidationError } from "../../server/errors.server";
import { appendPosition, closeGap, moveStep, type OrderedList } from "../../server/positions.server";
import {
  ChildNotFoundError,
  NoChange,
  attributeDropdownSchema,
  attributeTextSchema,
  childId,
  direction,
  linkSchema,
  optionSchema,
  parse,
  responsibilitySchema,
} from "./service-children-input.server";
import { getAttributeItem } from "./service-children-read.server";
import { touchService } from "./service-version.server";

export * from "./service-children-input.server";
export * from "./service-children-read.server";

// -------------------------------------------------------------------------------- positions

type ChildTable = "service_options" | "responsibilities" | "service_links";

/** A service's rows of `table` as one ordered list (responsibilities name their column `pos`). */
const childList = (table: ChildTable, serviceId: number): OrderedList => ({
  table,
  parent: { column: "service_id", value: serviceId },
  position: table === "responsibilities" ? "pos" : "position",
});

/** Moves one row a step up or down; NoChange at either end. Returns [from, to]. */
async function moveRow(db: Executor, table: ChildTable, serviceId: number, id: number, dir: "up" | "down"): Promise<[number, number]> {
  const moved = await moveStep(db, childList(table, serviceId), id, dir);
  if (!moved) throw new ChildNotFoundError("service child");
  if (moved.from === moved.to) throw new NoChange();
  return [moved.from, moved.to];
}

// ----------------------------------------------------------------------------------- writes

export type ChildEvent =
  | "option_added"
  | "option_updated"
  | "option_removed"
  | "option_moved"
  | "responsibility_added"
  | "responsibility_updated"
  | "responsibility_removed"
  | "responsibility_moved"
  | "link_added"
  | "link_removed"
  | "link_moved"
  | "attribute_set";

/**
 * The frame of every write: one transaction, the service touched first (stale check, version
 * bump, reopen), then the change; an approved service that reopens gets its own activity.
 * Returns what `fn` returns, or `false` when `fn` found nothing to change (rolled back).
 */
async function childWrite<T>(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  causer: Causer,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | false> {
  try {
    return await inTransaction(db, async (trx) => {
      const { before, reopened } = await touchService(trx, serviceId, expectedUpdatedAt, causer, { reopen: true });
      const result = await fn(trx);
      if (reopened) {
        await recordActivity(trx, {
          subjectType: "service",
          subjectId: serviceId,
          event: "status_reopened",
          causer,
          oldValues: { status: before.status },
          newValues: { status: "open" },
        });
      }
      return result;
    });
  } catch (error) {
    if (error instanceof NoChange) return false;
    throw error;
  }
}

async function audit(db: Executor, serviceId: number, event: ChildEvent, causer: Causer, oldValues: Record<string, unknown> | null, newValues: Record<string, unknown> | null) {
  await recordActivity(db, { subjectType: "service", subjectId: serviceId, event, causer, oldValues, newValues });
}

/** Only the keys whose values differ, with `id` for context. */
function diff(id: number, before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => (before[k] ?? null) !== (after[k] ?? null));
  return {
    keys,
    oldValues: { id, ...Object.fromEntries(keys.map((k) => [k, before[k] ?? null])) },
    newValues: { id, ...Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) },
  };
}

// ------------------------------------------------------------- options, responsibilities, links

/**
 * The three ordered children differ only in their table, their fields and what the audit shows
 * of them; adding, changing, removing and moving work the same way for all three.
 */
interface ListChild<Values, Input> {
  /** Event prefix (`option_added`, …) and the not-found subject. */
  name: "option" | "responsibility" | "link";
  table: ChildTable;
  schema: z.ZodType<Values>;
  /** The columns written for validated values; `current` is the stored row when changing one. */
  columns: (values: Values, input: Input, current?: Record<string, unknown>) => Record<string, unknown>;
  /** What the audit records of a row (never picture bytes). */
  audited: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Whether the table has created_at/updated_at. */
  timestamps: boolean;
}

const positionKey = (kind: { table: ChildTable }) => (kind.table === "responsibilities" ? "pos" : "position");

async function findChild(db: Executor, kind: { name: string; table: ChildTable }, serviceId: number, id: number) {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(kind.table)} where id = ${id} and service_id = ${serviceId}`.execute(db);
  if (!rows[0]) throw new ChildNotFoundError(kind.name);
  return rows[0];
}

/** Adds a child at the end of the service's list; returns its id. */
async function addChild<V, I>(kind: ListChild<V, I>, db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: I, causer: Causer): Promise<number> {
  const values = parse(kind.schema, input);
  const result = await childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const position = await appendPosition(trx, childList(kind.table, serviceId));
    const columns = kind.columns(values, input);
    const now = nowIso();
    const row = { service_id: serviceId, ...columns, [positionKey(kind)]: position, ...(kind.timestamps ? { created_at: now, updated_at: now } : {}) };
    const { id } = await trx
      .insertInto(kind.table)
      .values(row as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, serviceId, `${kind.name}_added`, causer, null, { id, ...kind.audited(columns), [positionKey(kind)]: position });
    return Number(id);
  });
  return result as number;
}

/** Changes a child; false when nothing changed (nothing is written then). */
async function updateChild<V, I extends { id: number | string }>(
  kind: ListChild<V, I>,
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: I,
  causer: Causer,
): Promise<boolean> {
  const id = childId(input.id);
  const values = parse(kind.schema, input);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const current = await findChild(trx, kind, serviceId, id);
    const next = kind.columns(values, input, current);
    const { keys, oldValues, newValues } = diff(id, kind.audited(current), kind.audited(next));
    if (keys.length === 0) throw new NoChange();
    await trx
      .updateTable(kind.table)
      .set({ ...next, ...(kind.timestamps ? { updated_at: nowIso() } : {}) } as never)
      .where("id", "=", id)
      .execute();
    await audit(trx, serviceId, `${kind.name}_updated` as ChildEvent, causer, oldValues, newValues);
    return true;
  });
}

async function removeChild(kind: ListChild<unknown, never>, db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: { id: number | string }, causer: Causer) {
  const id = childId(input.id);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const current = await findChild(trx, kind, serviceId, id);
    await trx.deleteFrom(kind.table).where("id", "=", id).execute();
    await closeGap(trx, childList(kind.table, serviceId));
    const key = positionKey(kind);
    await audit(trx, serviceId, `${kind.name}_removed`, causer, { id, ...kind.audited(current), [key]: current[key] }, null);
    return true;
  });
}

/** Moves a child one place up or down; false (nothing written) at either end. */
async function moveChild(
  kind: ListChild<unknown, never>,
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: { id: number | string; direction: "up" | "down" | string },
  causer: Causer,
) {
  const id = childId(input.id);
  const dir = direction(input.direction);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const [from, to] = await moveRow(trx, kind.table, serviceId, id, dir);
    const key = positionKey(kind);
    await audit(trx, serviceId, `${kind.name}_moved`, causer, { id, [key]: from }, { id, [key]: to });
    return true;
  });
}

type Removal = (db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: { id: number | string }, causer: Causer) => Promise<boolean>;
type Move = (
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: { id: number | string; direction: "up" | "down" | string },
  causer: Causer,
) => Promise<boolean>;

// ---- options

export interface OptionPicture {
  /** base64 */
  data: string;
  mime: AcceptedImageMime;
}

export interface OptionFields {
  name?: string;
  short_description?: string | null;
  description?: string | null;
  art_nr?: string | null;
  /** A number or a form string ("12,50"); empty means 0. */
  costs?: string | number | null;
}

type OptionInput = OptionFields & { picture?: OptionPicture | null };

/** The audit's view of a picture: type, size and a fingerprint, never the bytes. */
function pictureSummary(data: unknown, mime: unknown): string | null {
  if (typeof data !== "string" || !data) return null;
  const hash = crypto.createHash("sha256").update(data).digest("hex").slice(0, 12);
  return `${typeof mime === "string" ? mime : "?"}, ${Math.floor((data.length * 3) / 4)} bytes, sha256 ${hash}`;
}

const OPTION: ListChild<z.infer<typeof optionSchema>, OptionInput> = {
  name: "option",
  table: "service_options",
  schema: optionSchema,
  timestamps: true,
  // `picture`: undefined keeps the current one, null removes it, a picture replaces it.
  columns: (values, input, current) => ({
    ...values,
    picture: input.picture === undefined ? (current?.picture ?? null) : (input.picture?.data ?? null),
    picture_mime: input.picture === undefined ? (current?.picture_mime ?? null) : (input.picture?.mime ?? null),
  }),
  audited: (o) => ({
    name: o.name,
    short_description: o.short_description,
    description: o.description,
    art_nr: o.art_nr,
    costs: Number(o.costs),
    picture: pictureSummary(o.picture, o.picture_mime),
  }),
};

/** Adds an option at the end of the service's options; returns its id. */
export const addOption = (db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: OptionInput, causer: Causer) =>
  addChild(OPTION, db, serviceId, expectedUpdatedAt, input, causer);
/** Updates an option; the picture is kept unless `picture` is given (null removes it). False when unchanged. */
export const updateOption = (db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: OptionInput & { id: number | string }, causer: Causer) =>
  updateChild(OPTION, db, serviceId, expectedUpdatedAt, input, causer);
export const removeOption: Removal = (...args) => removeChild(OPTION as ListChild<unknown, never>, ...args);
export const moveOption: Move = (...args) => moveChild(OPTION as ListChild<unknown, never>, ...args);

// ---- responsibilities

export interface ResponsibilityFields {
  description?: string;
  /** Checkbox values: true / "on" / "1" mean set; absent means not set. */
  client?: boolean | string | null;
  it?: boolean | string | null;
}

const RESPONSIBILITY: ListChild<z.infer<typeof responsibilitySchema>, ResponsibilityFields> = {
  name: "responsibility",
  table: "responsibilities",
  schema: responsibilitySchema,
  timestamps: true,
  columns: (values) => ({ description: values.description, client: values.client ? 1 : 0, it: values.it ? 1 : 0 }),
  audited: (r) => ({ description: r.description, client: Number(r.client) === 1, it: Number(r.it) === 1 }),
};

export const addResponsibility = (db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: ResponsibilityFields, causer: Causer) =>
  addChild(RESPONSIBILITY, db, serviceId, expectedUpdatedAt, input, causer);
export const updateResponsibility = (
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: ResponsibilityFields & { id: number | string },
  causer: Causer,
) => updateChild(RESPONSIBILITY, db, serviceId, expectedUpdatedAt, input, causer);
export const removeResponsibility: Removal = (...args) => removeChild(RESPONSIBILITY as ListChild<unknown, never>, ...args);
export const moveResponsibility: Move = (...args) => moveChild(RESPONSIBILITY as ListChild<unknown, never>, ...args);

// ---- links

const LINK: ListChild<z.infer<typeof linkSchema>, { url?: string }> = {
  name: "link",
  table: "service_links",
  schema: linkSchema,
  timestamps: false,
  columns: (values) => ({ url: values.url }),
  audited: (l) => ({ url: l.url }),
};

export const addLink = (db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: { url?: string }, causer: Causer) =>
  addChild(LINK, db, serviceId, expectedUpdatedAt, input, causer);
export const removeLink: Removal = (...args) => removeChild(LINK as ListChild<unknown, never>, ...args);
export const moveLink: Move = (...args) => moveChild(LINK as ListChild<unknown, never>, ...args);

// ---- attributes

async function attributeItemOf(db: Executor, itemId: number, type: "text" | "dropdown") {
  const item = await getAttributeItem(db, itemId);
  // An unknown, inactive or other-typed attribute cannot be set from the page.
  if (!item || item.type !== type) throw new ChildNotFoundError("attribute");
  return item;
}

/** Sets a text attribute's value for the service; an empty text removes the row. False when unchanged. */
export async function setAttributeText(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: { item: number | string; text?: string | null },
  causer: Causer,
): Promise<boolean> {
  const { item: itemId, text } = parse(attributeTextSchema, input);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const item = await attributeItemOf(trx, itemId, "text");
    const current = await trx
      .selectFrom("service_attribute_text_items")
      .select(["id", "text"])
      .where("service_id", "=", serviceId)
      .where("service_attribute_item_id", "=", itemId)
      .executeTakeFirst();
    const before = current?.text ?? null;
    if (before === text) throw new NoChange();
    if (text === null) {
      await trx.deleteFrom("service_attribute_text_items").where("id", "=", current!.id).execute();
    } else if (current) {
      await trx.updateTable("service_attribute_text_items").set({ text }).where("id", "=", current.id).execute();
    } else {
      await trx.insertInto("service_attribute_text_items").values({ service_id: serviceId, service_attribute_item_id: itemId, text }).execute();
    }
    await audit(trx, serviceId, "attribute_set", causer, { attribute_id: itemId, designation: item.designation, text: before }, { attribute_id: itemId, designation: item.designation, text });
    return true;
  });
}

/**
 * Chooses a dropdown attribute's value for the service: `reference` must be an active slot of
 * that attribute, or empty to clear the choice. False when unchanged.
 */
export async function setAttributeDropdown(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: { item: number | string; reference?: string | null },
  causer: Causer,
): Promise<boolean> {
  const { item: itemId, reference } = parse(attributeDropdownSchema, input);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const item = await attributeItemOf(trx, itemId, "dropdown");
    // Only an active slot can be chosen; the refusal rolls the whole transaction back.
    if (reference !== null && !item.slots.some((s) => s.reference === reference)) {
      throw new ValidationError({ reference: "servicechildren.attributes.invalidChoice" });
    }
    const valueOf = (ref: string | null) => item.slots.find((s) => s.reference === ref)?.value ?? null;
    const current = await trx
      .selectFrom("service_dropdown_items")
      .select(["id", "value_reference"])
      .where("service_id", "=", serviceId)
      .where("items_id", "=", itemId)
      .executeTakeFirst();
    const before = current?.value_reference ?? null;
    if (before === reference) throw new NoChange();
    if (reference === null) {
      await trx.deleteFrom("service_dropdown_items").where("id", "=", current!.id).execute();
    } else if (current) {
      await trx.updateTable("service_dropdown_items").set({ value_reference: reference }).where("id", "=", current.id).execute();
    } else {
      await trx.insertInto("service_dropdown_items").values({ service_id: serviceId, items_id: itemId, value_reference: reference }).execute();
    }
    await audit(
      trx,
      serviceId,
      "attribute_set",
      causer,
      { attribute_id: itemId, designation: item.designation, reference: before, value: valueOf(before) },
      { attribute_id: itemId, designation: item.designation, reference, value: valueOf(reference) },
    );
    return true;
  });
}
