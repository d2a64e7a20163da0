import { describe, expect, it } from "vitest";
import { compareSides, serviceDifference, changedFieldKeys, type Side } from "~/modules/releases/release-compare.server";
import { getRelease, publishRelease } from "~/modules/releases/releases.server";
import { releaseServicePage } from "~/modules/releases/release-read.server";
import { saveTranslation, setCatalogueLanguages } from "~/modules/translations/translations.server";
import { unique } from "../../factories";
import { useTestDbWithPublisher } from "./testbed";

// Comparing versions (issue 35 §5) on SQLite, and on Postgres with DATABASE_URL=postgres://…: the
// working copy compares equal to a release just published from it; each kind of change is found;
// a changed service's difference names its fields, relations by name, and children one by one.

const { t, make, publisher: causer } = useTestDbWithPublisher("superadmin");

const release = async (id: number): Promise<Side> => ({ kind: "release", release: (await getRelease(t.db, id))! });

describe("comparing", () => {
  it("a release equals the working copy it was just published from, children, relations and attributes included", async () => {
    const catalogueId = await make.catalogue();
    const category = await make.category(catalogueId);
    const owner = await make.owner();
    const attribute = await make.attribute({ type: "text", active: 1 });
    const service = await make.service(catalogueId, category, { status: "closed", owners: [owner], options: ["A", "B"], responsibilities: ["Betrieb"], links: ["https://example.com/x"] });
    await make.attributeValue(service, attribute, { text: "Wert" });
    const id = await publishRelease(t.db, catalogueId, { label: "1", note: null }, causer);
    const comparison = await compareSides(t.db, await release(id), { kind: "working", catalogueId });
    expect(comparison.services).toEqual([]);
    expect(comparison.counts).toMatchObject({ added: 0, removed: 0, moved: 0, changed: 0, unchanged: 1 });
  });

  it("finds added, removed, moved (also when the category moved to another area) and changed services, with the fields that changed", async () => {
    const catalogueId = await make.catalogue();
    const areaA = await make.area(catalogueId, { name: "Bereich A" });
    const areaB = await make.area(catalogueId, { name: "Bereich B" });
    const category = await make.category(catalogueId, { service_area_id: areaA, name: "Kategorie" });
    const ownerOld = await make.owner({ name: unique("Alt-Owner") });
    const ownerNew = await make.owner({ name: unique("Neu-Owner") });
    const changed = await make.service(catalogueId, category, { name: "Geändert", status: "closed", description: "<p>eins zwei</p>", owners: [ownerOld], options: ["Basis"] });
    const removed = await make.service(catalogueId, category, { name: "Entfernt", status: "closed" });
    const first = await publishRelease(t.db, catalogueId, { label: "1", note: null }, causer);
    await t.db.updateTable("services").set({ description: "<p>eins drei</p>", name: "Umbenannt" }).where("id", "=", changed).execute();
    await t.db.deleteFrom("service_owners").where("service_id", "=", changed).execute();
    await t.db.insertInto("service_owners").values({ service_id: changed, owner_id: ownerNew }).execute();
    await t.db.updateTable("service_options").set({ art_nr: "A-1" }).where("service_id", "=", changed).execute();
    await make.link(changed, { url: "https://example.com/neu" });
    await t.db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", removed).execute();
    await t.db.updateTable("service_categories").set({ service_area_id: areaB }).where("id", "=", category).execute();
    const added = await make.service(catalogueId, category, { name: "Hinzu", status: "closed" });
    const second = await publishRelease(t.db, catalogueId, { label: "2", note: null }, causer);

    const comparison = await compareSides(t.db, await release(first), await release(second));
    const byId = new Map(comparison.services.map((s) => [s.id, s]));
    expect(byId.get(added)?.changes).toEqual(["added"]);
    expect(byId.get(removed)?.changes).toEqual(["removed"]);
    expect(byId.get(changed)).toMatchObject({ name: "Umbenannt", formerName: "Geändert", changes: ["moved", "changed"], from: { area: "Bereich A" }, to: { area: "Bereich B" } });
    expect(comparison.counts).toMatchObject({ added: 1, removed: 1, moved: 1, changed: 1, unchanged: 0 });

    const difference = (await serviceDifference(t.db, await release(first), await release(second), changed))!;
    expect(JSON.parse(difference.activity.old_values!)).toEqual({ name: "Geändert", description: "<p>eins zwei</p>", owners: [expect.stringMatching(/^Alt-Owner/)] });
    expect(JSON.parse(difference.activity.new_values!)).toEqual({ name: "Umbenannt", description: "<p>eins drei</p>", owners: [expect.stringMatching(/^Neu-Owner/)] });
    expect(difference.children.map((c) => [c.kind, c.change])).toEqual([
      ["options", "changed"],
      ["links", "added"],
    ]);
    expect(difference.children[0]).toMatchObject({ before: { art_nr: null }, after: { art_nr: "A-1" } });
    expect(changedFieldKeys(difference).sort()).toEqual(["description", "links", "name", "options", "owners"]);
  });
});

describe("content languages (issue 37 §4)", () => {
  it("a release freezes every language: an English reader reads the translation as published; a later translation is a change of its own", async () => {
    const catalogueId = await make.catalogue();
    const category = await make.category(catalogueId);
    await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], causer as never);
    const service = await make.service(catalogueId, category, { name: "Drucken", status: "closed", description: "<p>Drucken im Haus</p>" });
    const translate = (field: "name" | "description", value: string, source: string, expected: string | null) =>
      saveTranslation(t.db, { subjectType: "service", subjectId: service, field, language: "en", value, source, expectedUpdatedAt: expected }, causer as never);
    await translate("name", "Printing", "Drucken", "");
    const first = await publishRelease(t.db, catalogueId, { label: "1", note: null }, causer);
    await translate("name", "Printing and more", "Drucken", null);
    await translate("description", "<p>Printing in the house</p>", "<p>Drucken im Haus</p>", "");

    const frozen = await getRelease(t.db, first);
    const english = (await releaseServicePage(t.db, frozen!, service, "en"))!;
    expect(english.service.name).toBe("Printing");
    expect(english.rich.description).toBe("<p>Drucken im Haus</p>");
    expect((await releaseServicePage(t.db, frozen!, service, "de"))!.service.name).toBe("Drucken");

    const comparison = await compareSides(t.db, await release(first), { kind: "working", catalogueId });
    expect(comparison.services.find((s) => s.id === service)?.changes).toEqual(["changed"]);
    const difference = (await serviceDifference(t.db, await release(first), { kind: "working", catalogueId }, service))!;
    expect(JSON.parse(difference.activity.old_values!)).toEqual({ "name@en": "Printing", "description@en": null });
    expect(JSON.parse(difference.activity.new_values!)).toEqual({ "name@en": "Printing and more", "description@en": "<p>Printing in the house</p>" });
  });
});
