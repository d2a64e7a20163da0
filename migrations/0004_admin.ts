/**
 * Admin: service headlines (11 fixed positions), attribute masks, custom service attributes (text or
 * dropdown) and their per-service values, the service-area config (single row id 1), support
 * tickets, system messages, patch notes and credits (token orders and usage).
 * Portable column conventions: see ./lib/columns.ts.
 */
import { sql, type Kysely } from "kysely";
import { flag, id, index, optionalRef, position, requiredRef, texts, timestamp, timestamps, uniqueLower } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** German initial texts of the 11 service-page sections, in page order. */
const HEADLINES = [
  "Kurzbeschreibung",
  "Beschreibung",
  "Leistungsumfang",
  "Vorteile",
  "Optionen",
  "Attribute",
  "Verantwortlichkeiten",
  "Abhängigkeiten",
  "Kosten",
  "Tags",
  "Links",
];

const SLOTS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("service_headlines")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("position", "integer", (c) => c.notNull().unique().check(sql`position between 1 and 11`))
    .addColumn("headline_text_init", "text", (c) => c.notNull())
    .addColumn("headline_text_custom", "text")
    .execute();
  await db
    .insertInto("service_headlines")
    .values(HEADLINES.map((text, i) => ({ id: i + 1, position: i + 1, headline_text_init: text, headline_text_custom: null })))
    .execute();

  // Which service attributes are hidden for services of an area or a category.
  let masks = id(db, db.schema.createTable("attribute_masks"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("target_model", "text", (c) => c.notNull().check(sql`target_model in ('area', 'category')`))
    .addColumn("hidden_attributes", "text", (c) => c.notNull().defaultTo("[]"));
  masks = optionalRef(masks, "service_id", "services.id");
  await timestamps(db, masks).execute();
  await uniqueLower(db, "attribute_masks", "name");
  await index(db, "attribute_masks", ["service_id"]);

  // Custom service attributes. type: 'text' or 'dropdown' (not constrained, the UI may add kinds);
  // dropdown_count: how many of the ten dropdown slots are in use.
  let items = flag(id(db, db.schema.createTable("service_attribute_items")), "active", 1)
    .addColumn("headline", "text", (c) => c.notNull().defaultTo("No Headline Data"));
  items = position(items)
    .addColumn("type", "text", (c) => c.notNull().defaultTo("text"))
    .addColumn("model", "text")
    .addColumn("details", "text")
    .addColumn("designation", "text", (c) => c.notNull())
    .addColumn("dropdown_count", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`dropdown_count >= 0 and dropdown_count <= 10`),
    );
  await timestamps(db, items).execute();
  await index(db, "service_attribute_items", ["position"]);

  // The ten dropdown slots of a dropdown attribute (one row per attribute item).
  let dropdowns = id(db, db.schema.createTable("attribute_dropdowns")).addColumn("attribute_item_id", "integer", (c) =>
    c.notNull().unique().references("service_attribute_items.id").onDelete("cascade"),
  );
  for (const slot of SLOTS) {
    dropdowns = flag(dropdowns.addColumn(`drop_down_${slot}_value`, "text"), `drop_down_${slot}_active`);
  }
  await timestamps(db, dropdowns).execute();

  // Per-service value of a text attribute.
  let textItems = requiredRef(id(db, db.schema.createTable("service_attribute_text_items")), "service_id", "services.id");
  textItems = requiredRef(textItems, "service_attribute_item_id", "service_attribute_items.id")
    .addColumn("text", "text")
    .addUniqueConstraint("service_attribute_text_items_unique", ["service_id", "service_attribute_item_id"]);
  await textItems.execute();
  await index(db, "service_attribute_text_items", ["service_attribute_item_id"]);

  // Per-service choice of a dropdown attribute: items_id is the attribute item, value_reference the
  // chosen slot word ('one'..'ten').
  let dropdownItems = requiredRef(id(db, db.schema.createTable("service_dropdown_items")), "service_id", "services.id");
  dropdownItems = requiredRef(dropdownItems, "items_id", "service_attribute_items.id")
    .addColumn("value_reference", "text", (c) =>
      c.check(sql`value_reference in (${sql.join(SLOTS.map((s) => sql.lit(s)))})`),
    )
    .addUniqueConstraint("service_dropdown_items_unique", ["service_id", "items_id"]);
  await dropdownItems.execute();
  await index(db, "service_dropdown_items", ["items_id"]);

  await flag(
    db.schema.createTable("service_area_config").addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`)),
    "active",
    1,
  ).execute();
  await db.insertInto("service_area_config").values({ id: 1, active: 1 }).execute();

  let tickets = optionalRef(id(db, db.schema.createTable("support_tickets")), "user_id", "users.id")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    // message is sanitised HTML; status e.g. 'open' (stored), 'sent' (mailed to support), 'failed'.
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"));
  tickets = texts(tickets, "sent_at");
  await timestamps(db, tickets).execute();
  await index(db, "support_tickets", ["created_at"]);

  // text is HTML; a message shows while expiration_date is set and not in the past.
  const messages = texts(id(db, db.schema.createTable("system_messages")).addColumn("headline", "text", (c) => c.notNull()), "text", "expiration_date");
  await timestamps(db, messages).execute();

  const notes = texts(
    id(db, db.schema.createTable("patch_notes")).addColumn("headline", "text", (c) => c.notNull()),
    "text",
    "version",
    "patch_date",
  );
  await timestamps(db, notes).execute();
  await index(db, "patch_notes", ["patch_date"]);

  let orders = id(db, db.schema.createTable("token_orders"))
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0).check(sql`value >= 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'completed', 'failed', 'cancelled')`),
    );
  orders = timestamp(db, orders, "ordered_at").addColumn("status_changed_at", "text").addColumn("completed_at", "text");
  await optionalRef(orders, "user_id", "users.id").execute();
  // Spec 02 §4: only one pending order may exist.
  await db.schema
    .createIndex("token_orders_one_pending")
    .on("token_orders")
    .column("status")
    .unique()
    .where(sql<boolean>`status = 'pending'`)
    .execute();
  await index(db, "token_orders", ["user_id"]);

  // kind: what consumed the tokens (e.g. 'generate', 'update').
  let usage = optionalRef(id(db, db.schema.createTable("token_usage")), "user_id", "users.id");
  usage = optionalRef(usage, "service_id", "services.id")
    .addColumn("tokens", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull());
  await timestamp(db, usage, "created_at").execute();
  await index(db, "token_usage", ["created_at"]);
  await index(db, "token_usage", ["user_id"]);
  await index(db, "token_usage", ["service_id"]);
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    "token_usage",
    "token_orders",
    "patch_notes",
    "system_messages",
    "support_tickets",
    "service_area_config",
    "service_dropdown_items",
    "service_attribute_text_items",
    "attribute_dropdowns",
    "service_attribute_items",
    "attribute_masks",
    "service_headlines",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
