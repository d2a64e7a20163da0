import type { KyselyPlugin } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import {
  ChildNotFoundError,
  addLink,
  addOption,
  addResponsibility,
  loadServiceChildren,
  moveLink,
  moveOption,
  moveResponsibility,
  normaliseCosts,
  removeLink,
  removeOption,
  removeResponsibility,
  setAttributeDropdown,
  setAttributeText,
  updateOption,
  updateResponsibility,
} from "~/modules/service/service-children.server";
import { factories } from "../../factories";
import { PNG } from "../../support/helpers";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

// A valid 1×1 PNG.
const PNG_BASE64 = PNG.toString("base64");

const t = useTestDb();
const make = factories(() => t.db);
let causer: { id: number; name: string };
let catalogueId: number;
let categoryId: number;
/** Attribute definitions made in beforeAll. */
const attr = { text: 0, dropdown: 0, inactive: 0, second: 0 };

async function makeService(status: "open" | "checking" | "closed" = "open") {
  return make.service(catalogueId, categoryId, { status, updated_at: "2026-01-01T00:00:00.000Z" });
}

async function service(id: number) {
  return t.db.selectFrom("services").select(["updated_at", "status", "updated_by"]).where("id", "=", id).executeTakeFirstOrThrow();
}

const version = async (id: number) => (await service(id)).updated_at;

async function activities(serviceId: number) {
  const rows = await listActivitiesFor(t.db, "service", serviceId);
  return rows
    .map((r) => ({
      event: r.event,
      causer_id: r.causer_id,
      old: r.old_values ? JSON.parse(r.old_values) : null,
      new: r.new_values ? JSON.parse(r.new_values) : null,
    }))
    .reverse();
}

async function positions(table: "service_options" | "service_links", serviceId: number) {
  const rows = await t.db.selectFrom(table).select(["id", "position"]).where("service_id", "=", serviceId).orderBy("position").orderBy("id").execute();
  return rows;
}

async function responsibilityPositions(serviceId: number) {
  return t.db.selectFrom("responsibilities").select(["id", "pos"]).where("service_id", "=", serviceId).orderBy("pos").orderBy("id").execute();
}

beforeAll(async () => {
  const user = await make.user("keyuser", { name: "Kinder Keyuser", email: "keyuser@children.test" });
  causer = { id: user.id, name: user.name };
  catalogueId = await make.catalogue({ title: "Katalog" });
  categoryId = await make.category(catalogueId, { name: "Kategorie" });

  // Position order on the page: dropdown (1), text (2), second (3); the inactive one (0) is never shown.
  attr.inactive = await make.attribute({ designation: "Abgeschaltet", type: "text", position: 0, active: 0 });
  attr.text = await make.attribute({ designation: "Ansprechpartner", type: "text", position: 2, details: "Wer hilft?" });
  attr.dropdown = await make.attribute({ designation: "Betriebszeit", position: 1, slots: { one: ["Mo–Fr", true], two: ["Alt", false], three: ["24/7", true] } });
  attr.second = await make.attribute({ designation: "Schutzklasse", position: 3, slots: { one: ["Intern", true] } });
});

describe("normaliseCosts", () => {
  it("reads German and English decimals; empty is 0; anything else is not a number", () => {
    expect(normaliseCosts("12,50")).toBe(12.5);
    expect(normaliseCosts("1.234,50 €")).toBe(1234.5);
    expect(normaliseCosts("12.5")).toBe(12.5);
    expect(normaliseCosts("  ")).toBe(0);
    expect(normaliseCosts(undefined)).toBe(0);
    expect(normaliseCosts(7)).toBe(7);
    expect(normaliseCosts("12,5,0")).toBeNaN();
    expect(normaliseCosts("zwölf")).toBeNaN();
  });
});

describe("options", () => {
  it("adds options at the end with costs, sanitised rich text and a picture, and loads them back", async () => {
    const id = await makeService();
    const first = await addOption(
      t.db,
      id,
      await version(id),
      {
        name: "  Premium  ",
        art_nr: "A-1",
        costs: "12,50",
        short_description: '<p>Mit <strong>Vorrang</strong><script>alert("x")</script></p>',
        description: '<p onclick="steal()">Lang <a href="javascript:alert(1)">klick</a></p>',
        picture: { data: PNG_BASE64, mime: "image/png" },
      },
      causer,
    );
    const second = await addOption(t.db, id, await version(id), { name: "Basis" }, causer);
    const { options } = await loadServiceChildren(t.db, id);
    expect(options.map((o) => o.id)).toEqual([first, second]);
    expect(options[0]).toMatchObject({
      name: "Premium",
      art_nr: "A-1",
      costs: 12.5,
      position: 0,
      short_description: "<p>Mit <strong>Vorrang</strong></p>",
      description: "<p>Lang <a>klick</a></p>",
      pictureUrl: `data:image/png;base64,${PNG_BASE64}`,
    });
    expect(options[1]).toMatchObject({ name: "Basis", costs: 0, position: 1, art_nr: null, short_description: null, pictureUrl: null });
    // Stored sanitised, not only rendered so.
    const stored = await t.db.selectFrom("service_options").select(["short_description", "description", "picture_mime"]).where("id", "=", first).executeTakeFirstOrThrow();
    expect(stored.short_description).toBe("<p>Mit <strong>Vorrang</strong></p>");
    expect(stored.description).not.toContain("javascript");
    expect(stored.description).not.toContain("onclick");
    expect(stored.picture_mime).toBe("image/png");
  });

  it("refuses a missing name and bad costs with field errors, writing nothing", async () => {
    const id = await makeService();
    const before = await version(id);
    const noName = await rejection(addOption(t.db, id, before, { name: "   ", costs: "abc" }, causer));
    expect(noName).toBeInstanceOf(ValidationError);
    expect((noName as ValidationError).errors).toEqual({ name: "validation.required", costs: "servicechildren.costsInvalid" });
    const negative = await rejection(addOption(t.db, id, before, { name: "X", costs: "-1" }, causer));
    expect((negative as ValidationError).errors).toEqual({ costs: "servicechildren.costsNegative" });
    const long = await rejection(addOption(t.db, id, before, { name: "x".repeat(256) }, causer));
    expect((long as ValidationError).errors).toEqual({ name: "validation.tooLong|max=255" });
    expect(await version(id)).toBe(before);
    expect((await loadServiceChildren(t.db, id)).options).toEqual([]);
    expect(await activities(id)).toEqual([]);
  });

  it("updates an option (keeping, replacing or removing the picture) and audits only what changed", async () => {
    const id = await makeService();
    const optionId = await addOption(t.db, id, await version(id), { name: "Alt", costs: 5, picture: { data: PNG_BASE64, mime: "image/png" } }, causer);
    expect(await updateOption(t.db, id, await version(id), { id: optionId, name: "Neu", costs: "7,25", description: "<p><em>neu</em></p>" }, causer)).toBe(true);
    let [option] = (await loadServiceChildren(t.db, id)).options;
    expect(option).toMatchObject({ name: "Neu", costs: 7.25, description: "<p><em>neu</em></p>", pictureUrl: `data:image/png;base64,${PNG_BASE64}` });
    const log = await activities(id);
    expect(log.at(-1)).toEqual({
      event: "option_updated",
      causer_id: causer.id,
      old: { id: optionId, name: "Alt", description: null, costs: 5 },
      new: { id: optionId, name: "Neu", description: "<p><em>neu</em></p>", costs: 7.25 },
    });

    // The same values again: nothing changes, nothing is written, the version stays.
    const v = await version(id);
    expect(await updateOption(t.db, id, v, { id: optionId, name: "Neu", costs: "7.25", description: "<p><em>neu</em></p>" }, causer)).toBe(false);
    expect(await version(id)).toBe(v);
    expect(await activities(id)).toHaveLength(log.length);

    await updateOption(t.db, id, v, { id: optionId, name: "Neu", costs: "7,25", description: "<p><em>neu</em></p>", picture: null }, causer);
    [option] = (await loadServiceChildren(t.db, id)).options;
    expect(option.pictureUrl).toBeNull();
    const removal = (await activities(id)).at(-1)!;
    expect(removal.event).toBe("option_updated");
    expect(removal.old.picture).toMatch(/^image\/png, \d+ bytes, sha256 [0-9a-f]{12}$/);
    expect(removal.new).toEqual({ id: optionId, picture: null });
  });

  it("keeps positions contiguous through moves and removals", async () => {
    const id = await makeService();
    const ids: number[] = [];
    for (const name of ["A", "B", "C", "D"]) ids.push(await addOption(t.db, id, await version(id), { name }, causer));
    const [a, b, c, d] = ids;
    expect(await moveOption(t.db, id, await version(id), { id: c, direction: "up" }, causer)).toBe(true);
    expect((await positions("service_options", id)).map((r) => r.id)).toEqual([a, c, b, d]);
    // Past either end nothing happens and nothing is written.
    const v = await version(id);
    expect(await moveOption(t.db, id, v, { id: a, direction: "up" }, causer)).toBe(false);
    expect(await moveOption(t.db, id, v, { id: d, direction: "down" }, causer)).toBe(false);
    expect(await version(id)).toBe(v);
    await removeOption(t.db, id, v, { id: c }, causer);
    expect(await positions("service_options", id)).toEqual([
      { id: a, position: 0 },
      { id: b, position: 1 },
      { id: d, position: 2 },
    ]);
    await moveOption(t.db, id, await version(id), { id: a, direction: "down" }, causer);
    expect(await positions("service_options", id)).toEqual([
      { id: b, position: 0 },
      { id: a, position: 1 },
      { id: d, position: 2 },
    ]);
    const e = await addOption(t.db, id, await version(id), { name: "E" }, causer);
    expect((await positions("service_options", id)).at(-1)).toEqual({ id: e, position: 3 });
    const events = (await activities(id)).map((x) => x.event);
    expect(events.filter((x) => x === "option_moved")).toHaveLength(2);
    expect((await activities(id)).find((x) => x.event === "option_removed")).toMatchObject({ old: { id: c, name: "C", position: 1 }, new: null });
  });

  it("refuses an option of another service and an invalid direction", async () => {
    const mine = await makeService();
    const other = await makeService();
    const foreign = await addOption(t.db, other, await version(other), { name: "Fremd" }, causer);
    const v = await version(mine);
    expect(await rejection(updateOption(t.db, mine, v, { id: foreign, name: "Gekapert" }, causer))).toBeInstanceOf(ChildNotFoundError);
    expect(await rejection(removeOption(t.db, mine, v, { id: foreign }, causer))).toBeInstanceOf(ChildNotFoundError);
    expect(await rejection(removeOption(t.db, mine, v, { id: "abc" }, causer))).toBeInstanceOf(ChildNotFoundError);
    expect(await rejection(moveOption(t.db, mine, v, { id: foreign, direction: "sideways" }, causer))).toBeInstanceOf(ValidationError);
    expect(await version(mine)).toBe(v);
    expect((await loadServiceChildren(t.db, other)).options[0].name).toBe("Fremd");
  });
});

describe("responsibilities", () => {
  it("add, update, move and remove round-trip with contiguous positions and audit rows", async () => {
    const id = await makeService();
    const r1 = await addResponsibility(t.db, id, await version(id), { description: "Antrag stellen", client: "on" }, causer);
    const r2 = await addResponsibility(t.db, id, await version(id), { description: "Konto anlegen\r\nund prüfen", it: "on" }, causer);
    const r3 = await addResponsibility(t.db, id, await version(id), { description: "Abnahme", client: true, it: true }, causer);
    let { responsibilities } = await loadServiceChildren(t.db, id);
    expect(responsibilities).toEqual([
      { id: r1, pos: 0, description: "Antrag stellen", client: true, it: false },
      { id: r2, pos: 1, description: "Konto anlegen\nund prüfen", client: false, it: true },
      { id: r3, pos: 2, description: "Abnahme", client: true, it: true },
    ]);
    // An unchecked checkbox is simply absent from the form.
    expect(await updateResponsibility(t.db, id, await version(id), { id: r3, description: "Abnahme durch Fachbereich", client: "on" }, causer)).toBe(true);
    await moveResponsibility(t.db, id, await version(id), { id: r3, direction: "up" }, causer);
    ({ responsibilities } = await loadServiceChildren(t.db, id));
    expect(responsibilities.map((r) => [r.id, r.pos])).toEqual([
      [r1, 0],
      [r3, 1],
      [r2, 2],
    ]);
    expect(responsibilities[1]).toMatchObject({ description: "Abnahme durch Fachbereich", client: true, it: false });
    await removeResponsibility(t.db, id, await version(id), { id: r1 }, causer);
    expect(await responsibilityPositions(id)).toEqual([
      { id: r3, pos: 0 },
      { id: r2, pos: 1 },
    ]);
    const log = await activities(id);
    expect(log.map((x) => x.event)).toEqual([
      "responsibility_added",
      "responsibility_added",
      "responsibility_added",
      "responsibility_updated",
      "responsibility_moved",
      "responsibility_removed",
    ]);
    expect(log[3]).toMatchObject({
      old: { id: r3, description: "Abnahme", it: true },
      new: { id: r3, description: "Abnahme durch Fachbereich", it: false },
    });
    expect(log[5]).toMatchObject({ old: { id: r1, description: "Antrag stellen", client: true, it: false, pos: 0 }, new: null });
  });

  it("requires a description", async () => {
    const id = await makeService();
    const error = await rejection(addResponsibility(t.db, id, await version(id), { description: " ", client: "on" }, causer));
    expect((error as ValidationError).errors).toEqual({ description: "validation.required" });
    expect(await responsibilityPositions(id)).toEqual([]);
  });
});

describe("links", () => {
  it("accepts http and https addresses only, at most 2000 characters", async () => {
    const id = await makeService();
    const v = await version(id);
    for (const url of ["javascript:alert(1)", "ftp://example.com/x", "www.example.com", "https://", "", "mailto:a@b.de"]) {
      const error = await rejection(addLink(t.db, id, v, { url }, causer));
      expect(error, url).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors.url, url).toBe(url === "" ? "validation.required" : "validation.url");
    }
    const long = await rejection(addLink(t.db, id, v, { url: `https://example.com/${"a".repeat(2000)}` }, causer));
    expect((long as ValidationError).errors).toEqual({ url: "validation.tooLong|max=2000" });
    expect(await version(id)).toBe(v);
    expect(await positions("service_links", id)).toEqual([]);
  });

  it("add, move and remove round-trip with contiguous positions", async () => {
    const id = await makeService();
    const l1 = await addLink(t.db, id, await version(id), { url: "  https://intranet.example/wiki  " }, causer);
    const l2 = await addLink(t.db, id, await version(id), { url: "http://example.com/a?b=c#d" }, causer);
    const l3 = await addLink(t.db, id, await version(id), { url: `https://example.com/${"a".repeat(1980)}` }, causer);
    expect((await loadServiceChildren(t.db, id)).links.map((l) => l.url)).toEqual([
      "https://intranet.example/wiki",
      "http://example.com/a?b=c#d",
      `https://example.com/${"a".repeat(1980)}`,
    ]);
    await moveLink(t.db, id, await version(id), { id: l3, direction: "up" }, causer);
    await removeLink(t.db, id, await version(id), { id: l1 }, causer);
    expect(await positions("service_links", id)).toEqual([
      { id: l3, position: 0 },
      { id: l2, position: 1 },
    ]);
    const log = await activities(id);
    expect(log.map((x) => x.event)).toEqual(["link_added", "link_added", "link_added", "link_moved", "link_removed"]);
    expect(log[0].new).toEqual({ id: l1, url: "https://intranet.example/wiki", position: 0 });
    expect(log[3]).toMatchObject({ old: { id: l3, position: 2 }, new: { id: l3, position: 1 } });
    expect(log[4].old).toEqual({ id: l1, url: "https://intranet.example/wiki", position: 0 });
  });
});

describe("attributes", () => {
  it("lists active attributes by position with their active slots and the service's values", async () => {
    const id = await makeService();
    const { attributes } = await loadServiceChildren(t.db, id);
    expect(attributes.items).toEqual([
      {
        id: attr.dropdown,
        designation: "Betriebszeit",
        headline: "No Headline Data",
        details: null,
        type: "dropdown",
        slots: [
          { reference: "one", value: "Mo–Fr" },
          { reference: "three", value: "24/7" },
        ],
        text: null,
        selected: null,
      },
      { id: attr.text, designation: "Ansprechpartner", headline: "No Headline Data", details: "Wer hilft?", type: "text", slots: [], text: null, selected: null },
      { id: attr.second, designation: "Schutzklasse", headline: "No Headline Data", details: null, type: "dropdown", slots: [{ reference: "one", value: "Intern" }], text: null, selected: null },
    ]);
  });

  it("sets and clears a text attribute (an empty text removes the row)", async () => {
    const id = await makeService();
    expect(await setAttributeText(t.db, id, await version(id), { item: attr.text, text: " Frau Muster " }, causer)).toBe(true);
    expect((await loadServiceChildren(t.db, id)).attributes.items.find((i) => i.id === attr.text)?.text).toBe("Frau Muster");
    await setAttributeText(t.db, id, await version(id), { item: attr.text, text: "Herr Beispiel" }, causer);
    const rows = await t.db.selectFrom("service_attribute_text_items").select(["text"]).where("service_id", "=", id).execute();
    expect(rows).toEqual([{ text: "Herr Beispiel" }]);
    await setAttributeText(t.db, id, await version(id), { item: attr.text, text: "" }, causer);
    expect(await t.db.selectFrom("service_attribute_text_items").select("id").where("service_id", "=", id).execute()).toEqual([]);
    const log = await activities(id);
    expect(log.map((x) => [x.old?.text ?? null, x.new?.text ?? null])).toEqual([
      [null, "Frau Muster"],
      ["Frau Muster", "Herr Beispiel"],
      ["Herr Beispiel", null],
    ]);
    expect(log.every((x) => x.event === "attribute_set" && x.new.attribute_id === attr.text)).toBe(true);
    // An inactive or unknown attribute, or a dropdown set as text, cannot be set.
    const v = await version(id);
    expect(await rejection(setAttributeText(t.db, id, v, { item: attr.inactive, text: "x" }, causer))).toBeInstanceOf(ChildNotFoundError);
    expect(await rejection(setAttributeText(t.db, id, v, { item: 999_999, text: "x" }, causer))).toBeInstanceOf(ChildNotFoundError);
    expect(await rejection(setAttributeText(t.db, id, v, { item: attr.dropdown, text: "x" }, causer))).toBeInstanceOf(ChildNotFoundError);
    expect(await version(id)).toBe(v);
  });

  it("saves an active dropdown slot, refuses an inactive or unknown one with nothing written, and clears", async () => {
    const id = await makeService();
    expect(await setAttributeDropdown(t.db, id, await version(id), { item: attr.dropdown, reference: "three" }, causer)).toBe(true);
    let item = (await loadServiceChildren(t.db, id)).attributes.items.find((i) => i.id === attr.dropdown)!;
    expect(item.selected).toBe("three");
    const v = await version(id);
    for (const reference of ["two", "ten", "eleven"]) {
      const error = await rejection(setAttributeDropdown(t.db, id, v, { item: attr.dropdown, reference }, causer));
      expect(error, reference).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({ reference: "servicechildren.attributes.invalidChoice" });
    }
    expect(await version(id)).toBe(v);
    const stored = await t.db.selectFrom("service_dropdown_items").select(["items_id", "value_reference"]).where("service_id", "=", id).execute();
    expect(stored).toEqual([{ items_id: attr.dropdown, value_reference: "three" }]);
    expect((await activities(id)).at(-1)).toEqual({
      event: "attribute_set",
      causer_id: causer.id,
      old: { attribute_id: attr.dropdown, designation: "Betriebszeit", reference: null, value: null },
      new: { attribute_id: attr.dropdown, designation: "Betriebszeit", reference: "three", value: "24/7" },
    });
    await setAttributeDropdown(t.db, id, v, { item: attr.dropdown, reference: "one" }, causer);
    await setAttributeDropdown(t.db, id, await version(id), { item: attr.second, reference: "one" }, causer);
    item = (await loadServiceChildren(t.db, id)).attributes.items.find((i) => i.id === attr.dropdown)!;
    expect(item.selected).toBe("one");
    await setAttributeDropdown(t.db, id, await version(id), { item: attr.dropdown, reference: "" }, causer);
    expect(await t.db.selectFrom("service_dropdown_items").select(["items_id"]).where("service_id", "=", id).execute()).toEqual([{ items_id: attr.second }]);
  });

  it("shows no choice when the stored slot was switched off later", async () => {
    const id = await makeService();
    await make.attributeValue(id, attr.dropdown, { slot: "two" });
    expect((await loadServiceChildren(t.db, id)).attributes.items.find((i) => i.id === attr.dropdown)?.selected).toBeNull();
  });
});

describe("service version", () => {
  it("bumps the version, records the editor and returns an approved service to open on a content edit", async () => {
    const id = await makeService("closed");
    const before = await service(id);
    await addLink(t.db, id, before.updated_at, { url: "https://example.com" }, causer);
    const after = await service(id);
    expect(after.status).toBe("open");
    expect(after.updated_by).toBe(causer.id);
    expect(after.updated_at > before.updated_at).toBe(true);
    expect((await activities(id)).map((x) => [x.event, x.old, x.new])).toEqual([
      ["link_added", null, expect.objectContaining({ url: "https://example.com" })],
      ["status_reopened", { status: "closed" }, { status: "open" }],
    ]);
    // A service in review stays in review.
    const checking = await makeService("checking");
    await addOption(t.db, checking, await version(checking), { name: "O" }, causer);
    expect((await service(checking)).status).toBe("checking");
  });

  it("refuses every write with a stale version and writes nothing", async () => {
    const id = await makeService("closed");
    const stale = await version(id);
    const optionId = await addOption(t.db, id, stale, { name: "Erste" }, causer);
    const linkId = await addLink(t.db, id, await version(id), { url: "https://example.com" }, causer);
    const respId = await addResponsibility(t.db, id, await version(id), { description: "Tun" }, causer);
    await t.db.updateTable("services").set({ status: "closed" }).where("id", "=", id).execute();
    const current = await service(id);
    const before = await loadServiceChildren(t.db, id);
    const logLength = (await activities(id)).length;
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ["addOption", () => addOption(t.db, id, stale, { name: "Zweite" }, causer)],
      ["updateOption", () => updateOption(t.db, id, stale, { id: optionId, name: "Geändert" }, causer)],
      ["removeOption", () => removeOption(t.db, id, stale, { id: optionId }, causer)],
      ["moveOption", () => moveOption(t.db, id, stale, { id: optionId, direction: "down" }, causer)],
      ["addResponsibility", () => addResponsibility(t.db, id, stale, { description: "Mehr" }, causer)],
      ["updateResponsibility", () => updateResponsibility(t.db, id, stale, { id: respId, description: "Anders" }, causer)],
      ["removeResponsibility", () => removeResponsibility(t.db, id, stale, { id: respId }, causer)],
      ["addLink", () => addLink(t.db, id, stale, { url: "https://example.org" }, causer)],
      ["removeLink", () => removeLink(t.db, id, stale, { id: linkId }, causer)],
      ["setAttributeText", () => setAttributeText(t.db, id, stale, { item: attr.text, text: "x" }, causer)],
      ["setAttributeDropdown", () => setAttributeDropdown(t.db, id, stale, { item: attr.dropdown, reference: "one" }, causer)],
    ];
    for (const [name, attempt] of attempts) expect(await rejection(attempt()), name).toBeInstanceOf(StaleRecordError);
    expect(await service(id)).toEqual(current);
    expect(current.status).toBe("closed");
    expect(await loadServiceChildren(t.db, id)).toEqual(before);
    expect(await activities(id)).toHaveLength(logLength);
  });

  it("refuses writes to a service in the bin", async () => {
    const id = await makeService();
    await t.db.updateTable("services").set({ deleted_at: "2026-02-01T00:00:00.000Z" }).where("id", "=", id).execute();
    const error = await rejection(addLink(t.db, id, await version(id), { url: "https://example.com" }, causer));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).not.toBeInstanceOf(ChildNotFoundError);
    expect(await positions("service_links", id)).toEqual([]);
  });
});

describe("loadServiceChildren", () => {
  it("needs the same small number of queries however many children there are", async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = t.db.withPlugin(counter);
    const empty = await makeService();
    await loadServiceChildren(counted, empty);
    const forEmpty = queries;
    const full = await makeService();
    for (let i = 0; i < 5; i++) {
      await addOption(t.db, full, await version(full), { name: `O${i}` }, causer);
      await addResponsibility(t.db, full, await version(full), { description: `R${i}` }, causer);
      await addLink(t.db, full, await version(full), { url: `https://example.com/${i}` }, causer);
    }
    await setAttributeText(t.db, full, await version(full), { item: attr.text, text: "T" }, causer);
    await setAttributeDropdown(t.db, full, await version(full), { item: attr.dropdown, reference: "one" }, causer);
    queries = 0;
    const loaded = await loadServiceChildren(counted, full);
    expect(loaded.options).toHaveLength(5);
    expect(loaded.responsibilities).toHaveLength(5);
    expect(loaded.links).toHaveLength(5);
    expect(queries).toBe(forEmpty);
    expect(queries).toBeLessThanOrEqual(6);
  });
});
