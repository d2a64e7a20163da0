/** What the service page shows of a service's children: options, responsibilities, links, attributes. */
import { DROPDOWN_SLOTS, type DropdownSlot } from "~/server/db/schema";
import { sanitizeRichText } from "~/server/sanitize.server";
import type { Executor } from "../../server/audit.server";
import type { AttributeItem, LinkItem, OptionItem, ResponsibilityItem } from "./children-types";

// ---------------------------------------------------------------------------------- reading

// The shapes are the client-safe ones the sections render (children-types.ts): one definition.
export interface ServiceChildren {
  options: OptionItem[];
  responsibilities: ResponsibilityItem[];
  links: LinkItem[];
  attributes: { items: AttributeItem[] };
}

const PICTURE_MIMES = new Set<string>(["image/jpeg", "image/png"]);

function pictureUrl(data: string | null, mime: string | null): string | null {
  return data && mime && PICTURE_MIMES.has(mime) ? `data:${mime};base64,${data}` : null;
}

type DropdownRow = Record<`drop_down_${DropdownSlot}_value`, string | null> & Record<`drop_down_${DropdownSlot}_active`, number | null>;

function activeSlots(row: DropdownRow): AttributeItem["slots"] {
  const slots: AttributeItem["slots"] = [];
  for (const reference of DROPDOWN_SLOTS) {
    const value = row[`drop_down_${reference}_value`];
    if (Number(row[`drop_down_${reference}_active`]) === 1 && value != null && value.trim() !== "") slots.push({ reference, value });
  }
  return slots;
}

const SLOT_COLUMNS = DROPDOWN_SLOTS.flatMap((s) => [`d.drop_down_${s}_value`, `d.drop_down_${s}_active`] as const);

/** The active attribute definitions (text and dropdown) in display order, with their active slots. */
export async function activeAttributeItems(db: Executor, onlyId?: number) {
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
