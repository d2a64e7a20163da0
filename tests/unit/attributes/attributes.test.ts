import { beforeAll, describe, expect, it } from "vitest";
import {
  AttributeChangeNeedsConfirmation,
  createAttribute,
  deleteAttribute,
  getAttribute,
  listAttributes,
  moveAttribute,
  servicesWithValues,
  updateAttribute,
} from "~/modules/attributes/attributes.server";
import { AttributeSchema, DEFAULT_HEADLINE, type AttributeImpact, type AttributeInput } from "~/modules/attributes/attributes-schema";
import { loadServiceChildren } from "~/modules/service/service-children-read.server";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { factories, type TestUser } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Custom service attributes (issue 15 §1): definitions, slot protection, audit.
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let admin: TestUser;
let catalogueId: number;
let categoryId: number;

const causer = () => ({ id: admin.id, name: admin.name });
const json = (value: string | null) => (value ? JSON.parse(value) : null);

/** A dropdown input with these slot values (all active unless listed in `off`). */
function dropdown(designation: string, values: string[], extra: Partial<AttributeInput> & { off?: number[] } = {}): AttributeInput {
  const { off = [], ...rest } = extra;
  return {
    designation,
    type: "dropdown",
    dropdown_count: values.length,
    active: true,
    headline: null,
    details: null,
    slots: values.map((value, i) => ({ value, active: !off.includes(i) })),
    ...rest,
  } as AttributeInput;
}

async function needsConfirmation(promise: Promise<unknown>): Promise<AttributeImpact> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AttributeChangeNeedsConfirmation);
  return (error as AttributeChangeNeedsConfirmation).impact;
}

const choices = (attributeId: number) =>
  t.db.selectFrom("service_dropdown_items").select(["service_id", "value_reference"]).where("items_id", "=", attributeId).orderBy("service_id").execute();
const texts = (attributeId: number) =>
  t.db.selectFrom("service_attribute_text_items").select(["service_id", "text"]).where("service_attribute_item_id", "=", attributeId).orderBy("service_id").execute();

beforeAll(async () => {
  admin = await make.user("superadmin", { name: "Attribut-Admin" });
  catalogueId = await make.catalogue();
  categoryId = await make.category(catalogueId);
});

describe("create and update", () => {
  it("creates a dropdown with its slots at the end of the list, with the default headline, and records it", async () => {
    const first = await createAttribute(t.db, { designation: "Erstes", type: "text", active: true, headline: null, details: null }, causer());
    const id = await createAttribute(t.db, dropdown("Betriebszeit", ["Mo–Fr", "24/7", "Nie"], { off: [2] }), causer());
    const a = await getAttribute(t.db, id);
    expect(a).toMatchObject({ designation: "Betriebszeit", type: "dropdown", dropdownCount: 3, active: true, headline: DEFAULT_HEADLINE });
    expect(a.position).toBeGreaterThan((await getAttribute(t.db, first)).position);
    expect(a.slots.slice(0, 4)).toEqual([
      { word: "one", value: "Mo–Fr", active: true },
      { word: "two", value: "24/7", active: true },
      { word: "three", value: "Nie", active: false },
      { word: "four", value: null, active: false },
    ]);
    const [created] = await listActivitiesFor(t.db, "service_attribute", id);
    expect(created).toMatchObject({ event: "created", causer_id: admin.id, causer_name: "Attribut-Admin" });
    expect(json(created.new_values)).toMatchObject({ designation: "Betriebszeit", type: "dropdown", dropdown_count: 3, active: 1, dropdown_values: ["Mo–Fr", "24/7", "Nie"], inactive_dropdown_values: ["Nie"] });
    // The service page offers only the active slots.
    const service = await make.service(catalogueId, categoryId);
    const shown = (await loadServiceChildren(t.db, service)).attributes.items.find((i) => i.id === id);
    expect(shown?.slots).toEqual([
      { reference: "one", value: "Mo–Fr" },
      { reference: "two", value: "24/7" },
    ]);
  });

  it("updates the fields, records only what changed, and says so when nothing did", async () => {
    const id = await createAttribute(t.db, { designation: "Hinweis", type: "text", active: true, headline: "Allgemein", details: null }, causer());
    const input: AttributeInput = { designation: "Hinweis neu", type: "text", active: true, headline: "Allgemein", details: "Mehr", position: 7 };
    expect(await updateAttribute(t.db, id, input, causer())).toEqual({ changed: true, deleted: 0 });
    expect(await getAttribute(t.db, id)).toMatchObject({ designation: "Hinweis neu", details: "Mehr", position: 7, headline: "Allgemein" });
    expect(await updateAttribute(t.db, id, input, causer())).toEqual({ changed: false, deleted: 0 });
    const log = await listActivitiesFor(t.db, "service_attribute", id);
    expect(log.map((a) => a.event)).toEqual(["updated", "created"]);
    expect(json(log[0].old_values)).toEqual({ designation: "Hinweis", details: null, position: json(log[1].new_values).position });
    expect(json(log[0].new_values)).toEqual({ designation: "Hinweis neu", details: "Mehr", position: 7 });
  });

  it("refuses invalid input, an unknown id and a stale form, writing nothing", async () => {
    await expect(createAttribute(t.db, { ...dropdown("Leer", ["a"]), dropdown_count: 2 }, causer())).rejects.toMatchObject({ errors: { "slots[1].value": "validation.required" } });
    await expect(createAttribute(t.db, { ...dropdown("Zu viele", ["a"]), dropdown_count: 11 }, causer())).rejects.toBeInstanceOf(ValidationError);
    await expect(createAttribute(t.db, { designation: "  ", type: "text" } as AttributeInput, causer())).rejects.toMatchObject({ errors: { designation: "validation.required" } });
    await expect(updateAttribute(t.db, 999999, { designation: "X", type: "text", headline: null, details: null }, causer())).rejects.toBeInstanceOf(NotFoundError);
    const id = await createAttribute(t.db, { designation: "Alt", type: "text", headline: null, details: null }, causer());
    await expect(updateAttribute(t.db, id, { designation: "Neu", type: "text", headline: null, details: null, updated_at: "2000-01-01T00:00:00.000Z" }, causer())).rejects.toBeInstanceOf(StaleRecordError);
    expect((await getAttribute(t.db, id)).designation).toBe("Alt");
    expect(await t.db.selectFrom("service_attribute_items").select("id").where("designation", "in", ["Leer", "Zu viele"]).execute()).toEqual([]);
  });

  it("the form schema reads a dropdown's slots the way conform hands them over", () => {
    const parsed = AttributeSchema.safeParse({ designation: "X", type: "dropdown", dropdown_count: 2, slots: [{ value: "a", active: true }, { value: "b" }] });
    expect(parsed.success).toBe(true);
    const missing = AttributeSchema.safeParse({ designation: "X", type: "dropdown", dropdown_count: 2, slots: [{ value: "a" }] });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path)).toEqual([["slots", 1, "value"]]);
  });

  it("refuses an absurd count at once: errors for the count, at most one per slot (the fuzz's 1e23 ran out of memory)", () => {
    for (const count of [1e23, Number.MAX_SAFE_INTEGER, 11]) {
      const parsed = AttributeSchema.safeParse({ designation: "X", type: "dropdown", dropdown_count: count, slots: [] });
      expect(parsed.success).toBe(false);
      // The count (its integer and maximum checks) and the ten slots at most.
      expect(parsed.error!.issues.length).toBeLessThanOrEqual(12);
      expect(parsed.error!.issues.some((i) => i.path.join(".") === "dropdown_count")).toBe(true);
    }
  });
});

describe("no silent loss", () => {
  it("reducing the slot count below a chosen slot asks first and lists the services; confirmed, only the removed slot's choices go", async () => {
    const id = await createAttribute(t.db, dropdown("Schutzklasse", ["Öffentlich", "Intern", "Vertraulich"]), causer());
    const [s1, s2, s3] = [await make.service(catalogueId, categoryId, { name: "B-Dienst" }), await make.service(catalogueId, categoryId, { name: "A-Dienst" }), await make.service(catalogueId, categoryId)];
    await make.attributeValue(s1, id, { slot: "three" });
    await make.attributeValue(s2, id, { slot: "three" });
    await make.attributeValue(s3, id, { slot: "one" });

    const reduced = dropdown("Schutzklasse", ["Öffentlich", "Intern"]);
    const impact = await needsConfirmation(updateAttribute(t.db, id, reduced, causer()));
    expect(impact).toMatchObject({ total: 2, typeChange: null, deactivated: [], removed: [{ word: "three", value: "Vertraulich", count: 2 }] });
    expect(impact.services).toEqual([
      { id: s2, name: "A-Dienst" },
      { id: s1, name: "B-Dienst" },
    ]);
    // Nothing changed yet; a wrong confirmation asks again.
    expect((await getAttribute(t.db, id)).dropdownCount).toBe(3);
    await needsConfirmation(updateAttribute(t.db, id, { ...reduced, confirm: "something else" }, causer()));
    expect(await choices(id)).toHaveLength(3);

    expect(await updateAttribute(t.db, id, { ...reduced, confirm: impact.fingerprint }, causer())).toEqual({ changed: true, deleted: 2 });
    expect(await choices(id)).toEqual([{ service_id: s3, value_reference: "one" }]);
    const a = await getAttribute(t.db, id);
    expect(a.dropdownCount).toBe(2);
    expect(a.slots[2]).toEqual({ word: "three", value: null, active: false });
    const [updated] = await listActivitiesFor(t.db, "service_attribute", id);
    expect(updated.event).toBe("updated");
    expect(json(updated.old_values)).toMatchObject({ dropdown_count: 3, dropdown_values: ["Öffentlich", "Intern", "Vertraulich"] });
    expect(json(updated.new_values)).toMatchObject({ dropdown_count: 2, dropdown_values: ["Öffentlich", "Intern"], cleared_service_ids: [s1, s2].sort((x, y) => x - y) });
  });

  it("reducing past slots nobody chose saves directly", async () => {
    const id = await createAttribute(t.db, dropdown("Frei", ["a", "b", "c"]), causer());
    const s = await make.service(catalogueId, categoryId);
    await make.attributeValue(s, id, { slot: "one" });
    expect(await updateAttribute(t.db, id, dropdown("Frei", ["a"]), causer())).toEqual({ changed: true, deleted: 0 });
    expect(await choices(id)).toEqual([{ service_id: s, value_reference: "one" }]);
  });

  it("deactivating a chosen slot asks first and, confirmed, keeps the stored choice (hidden on the service page)", async () => {
    const id = await createAttribute(t.db, dropdown("Zeit", ["früh", "spät"]), causer());
    const s = await make.service(catalogueId, categoryId, { name: "Spätdienst" });
    await make.attributeValue(s, id, { slot: "two" });
    const off = dropdown("Zeit", ["früh", "spät"], { off: [1] });
    const impact = await needsConfirmation(updateAttribute(t.db, id, off, causer()));
    expect(impact).toMatchObject({ total: 1, removed: [], deactivated: [{ word: "two", value: "spät", count: 1 }], services: [{ id: s, name: "Spätdienst" }] });
    expect(await updateAttribute(t.db, id, { ...off, confirm: impact.fingerprint }, causer())).toEqual({ changed: true, deleted: 0 });
    expect(await choices(id)).toEqual([{ service_id: s, value_reference: "two" }]);
    const shown = (await loadServiceChildren(t.db, s)).attributes.items.find((i) => i.id === id);
    expect(shown).toMatchObject({ selected: null, slots: [{ reference: "one", value: "früh" }] });
    // Active again: the choice is back.
    await updateAttribute(t.db, id, dropdown("Zeit", ["früh", "spät"]), causer());
    expect((await loadServiceChildren(t.db, s)).attributes.items.find((i) => i.id === id)?.selected).toBe("two");
  });

  it("deactivating the whole attribute keeps every value without asking", async () => {
    const id = await createAttribute(t.db, dropdown("Ganz", ["x", "y"]), causer());
    const s = await make.service(catalogueId, categoryId);
    await make.attributeValue(s, id, { slot: "two" });
    expect(await updateAttribute(t.db, id, dropdown("Ganz", ["x", "y"], { active: false }), causer())).toEqual({ changed: true, deleted: 0 });
    expect(await choices(id)).toEqual([{ service_id: s, value_reference: "two" }]);
    expect((await loadServiceChildren(t.db, s)).attributes.items.find((i) => i.id === id)).toBeUndefined();
    const [log] = await listActivitiesFor(t.db, "service_attribute", id);
    expect([json(log.old_values), json(log.new_values)]).toEqual([{ active: 1 }, { active: 0 }]);
  });

  it("switching the type while values exist asks first; confirmed, the old type's values go", async () => {
    const textId = await createAttribute(t.db, { designation: "Notiz", type: "text", active: true, headline: null, details: null }, causer());
    const s = await make.service(catalogueId, categoryId, { name: "Notierter Dienst" });
    await make.attributeValue(s, textId, { text: "wichtig" });
    const toDropdown = dropdown("Notiz", ["ja", "nein"]);
    const impact = await needsConfirmation(updateAttribute(t.db, textId, toDropdown, causer()));
    expect(impact).toMatchObject({ total: 1, typeChange: { from: "text", to: "dropdown", count: 1 }, services: [{ id: s, name: "Notierter Dienst" }] });
    expect(await texts(textId)).toEqual([{ service_id: s, text: "wichtig" }]);
    expect(await updateAttribute(t.db, textId, { ...toDropdown, confirm: impact.fingerprint }, causer())).toEqual({ changed: true, deleted: 1 });
    expect(await texts(textId)).toEqual([]);
    expect((await getAttribute(t.db, textId)).type).toBe("dropdown");

    // And back: the dropdown choice goes after confirmation.
    await make.attributeValue(s, textId, { slot: "one" });
    const toText: AttributeInput = { designation: "Notiz", type: "text", active: true, headline: null, details: null };
    const back = await needsConfirmation(updateAttribute(t.db, textId, toText, causer()));
    expect(back.typeChange).toEqual({ from: "dropdown", to: "text", count: 1 });
    await updateAttribute(t.db, textId, { ...toText, confirm: back.fingerprint }, causer());
    expect(await choices(textId)).toEqual([]);
    expect(await getAttribute(t.db, textId)).toMatchObject({ type: "text", dropdownCount: 0 });
  });

  it("names at most 20 services and counts the rest", async () => {
    const id = await createAttribute(t.db, dropdown("Viele", ["a", "b"]), causer());
    for (let i = 0; i < 23; i++) await make.attributeValue(await make.service(catalogueId, categoryId), id, { slot: "two" });
    const impact = await needsConfirmation(updateAttribute(t.db, id, dropdown("Viele", ["a"]), causer()));
    expect(impact.total).toBe(23);
    expect(impact.services).toHaveLength(20);
  });
});

describe("delete and order", () => {
  it("deletes an attribute with its values and records which services held one", async () => {
    const id = await createAttribute(t.db, dropdown("Weg", ["a", "b"]), causer());
    const s = await make.service(catalogueId, categoryId);
    await make.attributeValue(s, id, { slot: "one" });
    expect(await servicesWithValues(t.db, id)).toMatchObject({ total: 1 });
    // The confirmation saw no service: a value added since is not deleted unasked.
    await expect(deleteAttribute(t.db, id, causer(), 0)).rejects.toMatchObject({ errors: { _form: "attributes.deleteChanged" } });
    await deleteAttribute(t.db, id, causer(), 1);
    await expect(getAttribute(t.db, id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await choices(id)).toEqual([]);
    expect(await t.db.selectFrom("attribute_dropdowns").select("id").where("attribute_item_id", "=", id).execute()).toEqual([]);
    const [log] = await listActivitiesFor(t.db, "service_attribute", id);
    expect(log.event).toBe("deleted");
    expect(json(log.old_values)).toMatchObject({ designation: "Weg", used_by_service_ids: [s] });
  });

  it("moves an attribute up and down, renumbering the list, and records the move", async () => {
    const before = (await listAttributes(t.db)).map((a) => a.id);
    const last = before[before.length - 1];
    expect((await moveAttribute(t.db, last, "down", causer())).moved).toBe(false);
    expect((await moveAttribute(t.db, last, "up", causer())).moved).toBe(true);
    const after = (await listAttributes(t.db)).map((a) => a.id);
    expect(after.slice(-2)).toEqual([last, before[before.length - 2]]);
    expect((await listAttributes(t.db)).map((a) => a.position)).toEqual(after.map((_, i) => i));
    const [log] = await listActivitiesFor(t.db, "service_attribute", last);
    expect(log.event).toBe("moved");
    expect(json(log.new_values)).toEqual({ position: after.length - 2 });
    await expect(moveAttribute(t.db, 999999, "up", causer())).rejects.toBeInstanceOf(NotFoundError);
  });
});
