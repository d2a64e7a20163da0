/** What the service page shows of a service's children: options, responsibilities, links, attributes. */
import { DROPDOWN_SLOTS, type DropdownSlot } from "~/server/db/schema";
import { sanitizeRichText } from "~/server/sanitize.server";
import type { Executor } from "../../server/audit.server";

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
