/**
 * The children of a service that are edited on the service page: options, responsibilities
 * ("who does what"), links and the values of the custom service attributes.
 *
 * Every write validates its input with zod first (a ChildValidationError carries field errors as
 * i18n keys), then, in one transaction: `touchService` (stale-form check against the service's
 * `updated_at`, version bump, an approved service returns to "open"), the change, the audit
 * activity. Positions of options, responsibilities and links stay contiguous (0..n-1).
 */
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { z } from "zod";
import { DROPDOWN_SLOTS, type Database, type DropdownSlot } from "~/server/db/schema";
import { errorKey, fieldErrorsFrom, type FieldErrors } from "~/ui/forms";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import { nowIso } from "~/lib/time";
import type { AcceptedImageMime } from "~/server/upload.server";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction } from "../../server/db-helpers.server";
import { NotFoundError } from "../../server/errors.server";
import { appendPosition, closeGap, moveStep, type OrderedList } from "../../server/positions.server";
import { touchService } from "./service-version.server";

// ------------------------------------------------------------------------------------ errors

/** Invalid input; nothing was written. */
export class ChildValidationError extends Error {
  constructor(readonly errors: FieldErrors) {
    super("invalid service child input");
  }
}

/** The option, responsibility, link or attribute is not (or no longer) there; nothing was written. */
export class ChildNotFoundError extends NotFoundError {}

/** Thrown inside a transaction to roll back a write that would change nothing. */
class NoChange extends Error {}

// -------------------------------------------------------------------------------- validation

export const NAME_MAX = 255;
export const ART_NR_MAX = 100;
export const RICH_TEXT_MAX = 100_000;
export const RESPONSIBILITY_MAX = 2000;
export const URL_MAX = 2000;
export const ATTRIBUTE_TEXT_MAX = 2000;
export const COSTS_MAX = 1_000_000_000;

const REQUIRED = "validation.required";
const tooLong = (max: number) => ({ error: errorKey("validation.tooLong", { max }) });

const emptyToNull = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? null : v);
/** A form posted without JS sends \r\n line breaks. */
const normaliseBreaks = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v);

const requiredText = (max: number) =>
  z.preprocess(
    (v) => normaliseBreaks(v ?? ""),
    z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(max, tooLong(max)),
  );

const optionalText = (max: number) =>
  z.preprocess((v) => normaliseBreaks(emptyToNull(v)), z.string().trim().max(max, tooLong(max)).nullable());

/** Rich text: stored sanitised; markup without any text (an empty paragraph) is stored as null. */
const richText = optionalText(RICH_TEXT_MAX).transform((v) => {
  if (v == null) return null;
  const clean = sanitizeRichText(v);
  return htmlToPlainText(clean) === "" ? null : clean;
});

/**
 * Costs in EUR: empty means 0; "12,50" and "1.234,50" (German) as well as "12.50" are accepted.
 * Without a comma a dot is the decimal point. Stored rounded to cents.
 */
export function normaliseCosts(v: unknown): unknown {
  if (v == null) return 0;
  if (typeof v !== "string") return v;
  let s = v.replace(/[\s\u00a0€]/g, "");
  if (s === "") return 0;
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

const costsSchema = z.preprocess(
  normaliseCosts,
  z
    .number({ error: "servicechildren.costsInvalid" })
    .min(0, { error: "servicechildren.costsNegative" })
    .max(COSTS_MAX, { error: "servicechildren.costsInvalid" })
    .transform((n) => Math.round(n * 100) / 100),
);

/** A checkbox: "on" (the browser's default value), "1", "true" or true mean checked. */
const checkbox = z.preprocess((v) => v === true || v === 1 || v === "on" || v === "1" || v === "true", z.boolean());

const idSchema = z.coerce.number().int().positive();
const directionSchema = z.enum(["up", "down"]);

export const optionSchema = z.object({
  name: requiredText(NAME_MAX),
  art_nr: optionalText(ART_NR_MAX),
  short_description: richText,
  description: richText,
  costs: costsSchema,
});

export const responsibilitySchema = z.object({
  description: requiredText(RESPONSIBILITY_MAX),
  client: checkbox,
  it: checkbox,
});

/** An absolute http(s) address. */
export const urlSchema = z.preprocess(
  (v) => v ?? "",
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(URL_MAX, tooLong(URL_MAX))
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, { error: "validation.url" }),
);

export const linkSchema = z.object({ url: urlSchema });

export const attributeTextSchema = z.object({ item: idSchema, text: optionalText(ATTRIBUTE_TEXT_MAX) });
export const attributeDropdownSchema = z.object({
  item: idSchema,
  reference: z.preprocess(emptyToNull, z.enum(DROPDOWN_SLOTS, { error: "servicechildren.attributes.invalidChoice" }).nullable()),
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ChildValidationError(fieldErrorsFrom(result.error));
  return result.data;
}

/** A child's id from a form; anything that is not a positive integer cannot exist. */
function childId(raw: unknown): number {
  const result = idSchema.safeParse(raw);
  if (!result.success) throw new ChildNotFoundError("service child");
  return result.data;
}

function direction(raw: unknown): "up" | "down" {
  const result = directionSchema.safeParse(raw);
  if (!result.success) throw new ChildValidationError({ direction: "errors.badRequest" });
  return result.data;
}

// ---------------------------------------------------------------------------------- reading

export interface ServiceOptionView {
  id: number;
  name: string;
  short_description: string | null;
  description: string | null;
  art_nr: string | null;
  costs: number;
  position: number;
  /** The picture as a data: URL (the CSP allows data: images), or null. */
  pictureUrl: string | null;
}

export interface ResponsibilityView {
  id: number;
  pos: number;
  description: string | null;
  client: boolean;
  it: boolean;
}

export interface LinkView {
  id: number;
  url: string;
  position: number;
}

export interface AttributeSlot {
  reference: DropdownSlot;
  value: string;
}

export interface AttributeView {
  id: number;
  designation: string;
  headline: string;
  details: string | null;
  type: "text" | "dropdown";
  /** Active slots only, in slot order (dropdowns; empty for text attributes). */
  slots: AttributeSlot[];
  /** The service's text (text attributes), else null. */
  text: string | null;
  /** The service's chosen slot (dropdowns), null when none or when the slot is no longer active. */
  selected: DropdownSlot | null;
}

export interface ServiceChildren {
  options: ServiceOptionView[];
  responsibilities: ResponsibilityView[];
  links: LinkView[];
  attributes: { items: AttributeView[] };
}

const PICTURE_MIMES = new Set<string>(["image/jpeg", "image/png"]);

function pictureUrl(data: string | null, mime: string | null): string | null {
  return data && mime && PICTURE_MIMES.has(mime) ? `data:${mime};base64,${data}` : null;
}

type DropdownRow = Record<`drop_down_${DropdownSlot}_value`, string | null> & Record<`drop_down_${DropdownSlot}_active`, number | null>;

function activeSlots(row: DropdownRow): AttributeSlot[] {
  const slots: AttributeSlot[] = [];
  for (const reference of DROPDOWN_SLOTS) {
    const value = row[`drop_down_${reference}_value`];
    if (Number(row[`drop_down_${reference}_active`]) === 1 && value != null && value.trim() !== "") slots.push({ reference, value });
  }
  return slots;
}

const SLOT_COLUMNS = DROPDOWN_SLOTS.flatMap((s) => [`d.drop_down_${s}_value`, `d.drop_down_${s}_active`] as const);

/** The active attribute definitions (text and dropdown) in display order, with their active slots. */
async function activeAttributeItems(db: Executor, onlyId?: number) {
  const rows = await db
    .selectFrom("service_attribute_items as i")
    .leftJoin("attribute_dropdowns as d", "d.attribute_item_id", "i.id")
    .select(["i.id", "i.designation", "i.headline", "i.details", "i.type", ...SLOT_COLUMNS])
    .where("i.active", "=", 1)
    .where("i.type", "in", ["text", "dropdown"])
    .$if(onlyId !== undefined, (qb) => qb.where("i.id", "=", onlyId!))
    .orderBy("i.position")
    .orderBy("i.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    designation: r.designation,
    headline: r.headline,
    details: r.details,
    type: r.type as "text" | "dropdown",
    slots: r.type === "dropdown" ? activeSlots(r as unknown as DropdownRow) : [],
  }));
}

/** One attribute definition (active, text or dropdown) for showing its form again; null if there is none. */
export async function getAttributeItem(db: Executor, itemId: number) {
  return (await activeAttributeItems(db, itemId))[0] ?? null;
}

/** Everything the service page shows of a service's children, in six queries (run together). */
export async function loadServiceChildren(db: Executor, serviceId: number): Promise<ServiceChildren> {
  const [options, responsibilities, links, items, texts, choices] = await Promise.all([
    db
      .selectFrom("service_options")
      .select(["id", "name", "short_description", "description", "art_nr", "costs", "position", "picture", "picture_mime"])
      .where("service_id", "=", serviceId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("responsibilities")
      .select(["id", "pos", "description", "client", "it"])
      .where("service_id", "=", serviceId)
      .orderBy("pos")
      .orderBy("id")
      .execute(),
    db.selectFrom("service_links").select(["id", "url", "position"]).where("service_id", "=", serviceId).orderBy("position").orderBy("id").execute(),
    activeAttributeItems(db),
    db.selectFrom("service_attribute_text_items").select(["service_attribute_item_id", "text"]).where("service_id", "=", serviceId).execute(),
    db.selectFrom("service_dropdown_items").select(["items_id", "value_reference"]).where("service_id", "=", serviceId).execute(),
  ]);
  const textByItem = new Map(texts.map((t) => [t.service_attribute_item_id, t.text]));
  const choiceByItem = new Map(choices.map((c) => [c.items_id, c.value_reference]));
  return {
    options: options.map((o) => ({
      id: o.id,
      name: o.name,
      // Sanitised on save; again here so that rows written by older versions or imports are safe to render too.
      short_description: o.short_description ? sanitizeRichText(o.short_description) : null,
      description: o.description ? sanitizeRichText(o.description) : null,
      art_nr: o.art_nr,
      costs: Number(o.costs),
      position: o.position,
      pictureUrl: pictureUrl(o.picture, o.picture_mime),
    })),
    responsibilities: responsibilities.map((r) => ({
      id: r.id,
      pos: r.pos,
      description: r.description,
      client: Number(r.client) === 1,
      it: Number(r.it) === 1,
    })),
    links,
    attributes: {
      items: items.map((item) => {
        const chosen = choiceByItem.get(item.id) ?? null;
        return {
          ...item,
          text: item.type === "text" ? (textByItem.get(item.id) ?? null) : null,
          selected: item.type === "dropdown" && chosen && item.slots.some((s) => s.reference === chosen) ? chosen : null,
        };
      }),
    },
  };
}

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

/** The audit's view of a picture: type, size and a fingerprint, never the bytes. */
function pictureSummary(data: string | null, mime: string | null): string | null {
  if (!data) return null;
  const hash = crypto.createHash("sha256").update(data).digest("hex").slice(0, 12);
  return `${mime ?? "?"}, ${Math.floor((data.length * 3) / 4)} bytes, sha256 ${hash}`;
}

async function findOption(db: Executor, serviceId: number, id: number) {
  const row = await db.selectFrom("service_options").selectAll().where("id", "=", id).where("service_id", "=", serviceId).executeTakeFirst();
  if (!row) throw new ChildNotFoundError("option");
  return row;
}

function optionAudit(o: { name: string; short_description: string | null; description: string | null; art_nr: string | null; costs: number; picture: string | null; picture_mime: string | null }) {
  return {
    name: o.name,
    short_description: o.short_description,
    description: o.description,
    art_nr: o.art_nr,
    costs: Number(o.costs),
    picture: pictureSummary(o.picture, o.picture_mime),
  };
}

/** Adds an option at the end of the service's options; returns its id. */
export async function addOption(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: OptionFields & { picture?: OptionPicture | null },
  causer: Causer,
): Promise<number> {
  const values = parse(optionSchema, input);
  const result = await childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const position = await appendPosition(trx, childList("service_options", serviceId));
    const now = nowIso();
    const row = {
      ...values,
      picture: input.picture?.data ?? null,
      picture_mime: input.picture?.mime ?? null,
    };
    const { id } = await trx
      .insertInto("service_options")
      .values({ service_id: serviceId, ...row, position, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, serviceId, "option_added", causer, null, { id, ...optionAudit(row), position });
    return Number(id);
  });
  return result as number;
}

/**
 * Updates an option. `picture`: undefined keeps the current one, null removes it, a picture
 * replaces it. Returns false when nothing changed (nothing is written then).
 */
export async function updateOption(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: OptionFields & { id: number | string; picture?: OptionPicture | null },
  causer: Causer,
): Promise<boolean> {
  const id = childId(input.id);
  const values = parse(optionSchema, input);
  const result = await childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const current = await findOption(trx, serviceId, id);
    const next = {
      ...values,
      picture: input.picture === undefined ? current.picture : (input.picture?.data ?? null),
      picture_mime: input.picture === undefined ? current.picture_mime : (input.picture?.mime ?? null),
    };
    const { keys, oldValues, newValues } = diff(id, optionAudit(current), optionAudit(next));
    if (keys.length === 0) throw new NoChange();
    await trx.updateTable("service_options").set({ ...next, updated_at: nowIso() }).where("id", "=", id).execute();
    await audit(trx, serviceId, "option_updated", causer, oldValues, newValues);
    return true;
  });
  return result;
}

export async function removeOption(db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: { id: number | string }, causer: Causer): Promise<boolean> {
  const id = childId(input.id);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const current = await findOption(trx, serviceId, id);
    await trx.deleteFrom("service_options").where("id", "=", id).execute();
    await closeGap(trx, childList("service_options", serviceId));
    await audit(trx, serviceId, "option_removed", causer, { id, ...optionAudit(current), position: current.position }, null);
    return true;
  });
}

/** Moves an option one place up or down; false (nothing written) at either end. */
export async function moveOption(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: { id: number | string; direction: "up" | "down" | string },
  causer: Causer,
): Promise<boolean> {
  const id = childId(input.id);
  const dir = direction(input.direction);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const [from, to] = await moveRow(trx, "service_options", serviceId, id, dir);
    await audit(trx, serviceId, "option_moved", causer, { id, position: from }, { id, position: to });
    return true;
  });
}

// ---- responsibilities

export interface ResponsibilityFields {
  description?: string;
  /** Checkbox values: true / "on" / "1" mean set; absent means not set. */
  client?: boolean | string | null;
  it?: boolean | string | null;
}

async function findResponsibility(db: Executor, serviceId: number, id: number) {
  const row = await db.selectFrom("responsibilities").selectAll().where("id", "=", id).where("service_id", "=", serviceId).executeTakeFirst();
  if (!row) throw new ChildNotFoundError("responsibility");
  return row;
}

const responsibilityAudit = (r: { description: string | null; client: number | boolean; it: number | boolean }) => ({
  description: r.description,
  client: Number(r.client) === 1 || r.client === true,
  it: Number(r.it) === 1 || r.it === true,
});

export async function addResponsibility(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: ResponsibilityFields,
  causer: Causer,
): Promise<number> {
  const values = parse(responsibilitySchema, input);
  const result = await childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const pos = await appendPosition(trx, childList("responsibilities", serviceId));
    const now = nowIso();
    const { id } = await trx
      .insertInto("responsibilities")
      .values({ service_id: serviceId, description: values.description, client: values.client ? 1 : 0, it: values.it ? 1 : 0, pos, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, serviceId, "responsibility_added", causer, null, { id, ...responsibilityAudit(values), pos });
    return Number(id);
  });
  return result as number;
}

export async function updateResponsibility(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: ResponsibilityFields & { id: number | string },
  causer: Causer,
): Promise<boolean> {
  const id = childId(input.id);
  const values = parse(responsibilitySchema, input);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const current = await findResponsibility(trx, serviceId, id);
    const { keys, oldValues, newValues } = diff(id, responsibilityAudit(current), responsibilityAudit(values));
    if (keys.length === 0) throw new NoChange();
    await trx
      .updateTable("responsibilities")
      .set({ description: values.description, client: values.client ? 1 : 0, it: values.it ? 1 : 0, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await audit(trx, serviceId, "responsibility_updated", causer, oldValues, newValues);
    return true;
  });
}

export async function removeResponsibility(db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: { id: number | string }, causer: Causer): Promise<boolean> {
  const id = childId(input.id);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const current = await findResponsibility(trx, serviceId, id);
    await trx.deleteFrom("responsibilities").where("id", "=", id).execute();
    await closeGap(trx, childList("responsibilities", serviceId));
    await audit(trx, serviceId, "responsibility_removed", causer, { id, ...responsibilityAudit(current), pos: current.pos }, null);
    return true;
  });
}

export async function moveResponsibility(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: { id: number | string; direction: "up" | "down" | string },
  causer: Causer,
): Promise<boolean> {
  const id = childId(input.id);
  const dir = direction(input.direction);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const [from, to] = await moveRow(trx, "responsibilities", serviceId, id, dir);
    await audit(trx, serviceId, "responsibility_moved", causer, { id, pos: from }, { id, pos: to });
    return true;
  });
}

// ---- links

export async function addLink(db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: { url?: string }, causer: Causer): Promise<number> {
  const { url } = parse(linkSchema, input);
  const result = await childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const position = await appendPosition(trx, childList("service_links", serviceId));
    const { id } = await trx.insertInto("service_links").values({ service_id: serviceId, url, position }).returning("id").executeTakeFirstOrThrow();
    await audit(trx, serviceId, "link_added", causer, null, { id, url, position });
    return Number(id);
  });
  return result as number;
}

export async function removeLink(db: Executor, serviceId: number, expectedUpdatedAt: string | null, input: { id: number | string }, causer: Causer): Promise<boolean> {
  const id = childId(input.id);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const current = await trx.selectFrom("service_links").selectAll().where("id", "=", id).where("service_id", "=", serviceId).executeTakeFirst();
    if (!current) throw new ChildNotFoundError("link");
    await trx.deleteFrom("service_links").where("id", "=", id).execute();
    await closeGap(trx, childList("service_links", serviceId));
    await audit(trx, serviceId, "link_removed", causer, { id, url: current.url, position: current.position }, null);
    return true;
  });
}

export async function moveLink(
  db: Executor,
  serviceId: number,
  expectedUpdatedAt: string | null,
  input: { id: number | string; direction: "up" | "down" | string },
  causer: Causer,
): Promise<boolean> {
  const id = childId(input.id);
  const dir = direction(input.direction);
  return childWrite(db, serviceId, expectedUpdatedAt, causer, async (trx) => {
    const [from, to] = await moveRow(trx, "service_links", serviceId, id, dir);
    await audit(trx, serviceId, "link_moved", causer, { id, position: from }, { id, position: to });
    return true;
  });
}

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
      throw new ChildValidationError({ reference: "servicechildren.attributes.invalidChoice" });
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
