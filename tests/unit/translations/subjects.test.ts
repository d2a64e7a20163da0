import { describe, expect, it } from "vitest";
import { SUBJECTS } from "~/modules/translations/subjects.server";
import { subjectLanguages, subjectTexts, translatedSubjectNames } from "~/modules/translations/subject-texts.server";
import { fieldTranslations, saveTranslation, setCatalogueLanguages } from "~/modules/translations/translations.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Translations beyond services (issue 37 §1): areas and categories in their catalogue's further
// languages, glossary terms and service levels in every language a catalogue offers; the same
// table, hashes and outdated marks as the services'. SQLite and Postgres.

const t = useTestDb();
const make = factories(() => t.db);

describe("areas, categories, glossary terms and service levels", () => {
  it("an area's name translated is read in that language; a source edit makes it outdated", async () => {
    const admin = await make.user("keysuperuser");
    const catalogueId = await make.catalogue({ title: unique("Struktur") });
    await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], admin);
    const area = await make.area(catalogueId, { name: "Arbeitsplatz" });
    const other = await make.area(catalogueId, { name: "Netz" });
    expect(await SUBJECTS.area.read(t.db, area)).toMatchObject({ name: "Arbeitsplatz", catalogueId, fields: { name: { kind: "plain", text: "Arbeitsplatz" }, description: { kind: "rich", text: null } } });
    expect(await subjectLanguages(t.db, "area", catalogueId)).toEqual({ primary: "de", further: ["en"] });
    await saveTranslation(t.db, { subjectType: "area", subjectId: area, field: "name", language: "en", value: "Workplace", source: "Arbeitsplatz", expectedUpdatedAt: "" }, admin);
    expect(await translatedSubjectNames(t.db, "area", [area, other], "en")).toEqual(new Map([[area, "Workplace"]]));
    expect(await translatedSubjectNames(t.db, "area", [area, other], null)).toEqual(new Map());

    await t.db.updateTable("service_areas").set({ name: "Arbeitsplatz und Geräte" }).where("id", "=", area).execute();
    const row = (await SUBJECTS.area.read(t.db, area))!;
    expect((await fieldTranslations(t.db, "area", area, "en", { name: row.fields.name.text })).name).toMatchObject({ value: "Workplace", outdated: true });
    const activities = await t.db.selectFrom("activities").select("event").where("subject_type", "=", "area").where("subject_id", "=", String(area)).execute();
    expect(activities).toEqual([{ event: "translation_saved" }]);
  });

  it("glossary terms and service levels take every language some catalogue offers besides its original", async () => {
    const admin = await make.user("keysuperuser");
    const french = await make.catalogue({ title: unique("Französisch") });
    await setCatalogueLanguages(t.db, french, "de", ["fr"], admin);
    const term = await make.term({ term: unique("Drucker") });
    const languages = await subjectLanguages(t.db, "term", null);
    expect(languages.further).toContain("fr");
    expect(languages.further).not.toContain(languages.primary);
    expect(await SUBJECTS.term.read(t.db, term)).toMatchObject({ catalogueId: null, fields: { term: { text: expect.stringMatching(/^Drucker/) }, definition: { text: null } } });
    expect(await SUBJECTS.kpi.read(t.db, 999_999_999)).toBeNull();
  });

  it("a cover sheet is one subject: its title, introduction, sections and paragraphs are its fields", async () => {
    const admin = await make.user("keysuperuser");
    const catalogueId = await make.catalogue({ title: unique("Deckblatt") });
    await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], admin);
    await make.frame(catalogueId, { title: "Servicekatalog", introduction: "<p>Willkommen</p>" });
    const section = await make.section(catalogueId, { name: "Betrieb" });
    const paragraph = await make.paragraph(section, { title: "Zeiten", content: "<p>Montag bis Freitag</p>" });
    const frame = (await SUBJECTS.frame.read(t.db, catalogueId))!;
    expect(frame.catalogueId).toBe(catalogueId);
    expect(Object.keys(frame.fields)).toEqual(["title", "introduction", `section.${section}.name`, `section.${section}.description`, `paragraph.${paragraph}.title`, `paragraph.${paragraph}.content`]);
    expect(frame.fields[`paragraph.${paragraph}.content`]).toMatchObject({ kind: "rich", text: "<p>Montag bis Freitag</p>", label: { values: { section: "Betrieb", paragraph: "Zeiten" } } });
    await saveTranslation(t.db, { subjectType: "frame", subjectId: catalogueId, field: `paragraph.${paragraph}.content`, language: "en", value: "<p>Monday to Friday</p>", source: "<p>Montag bis Freitag</p>", expectedUpdatedAt: "" }, admin);
    expect(await subjectTexts(t.db, "frame", catalogueId, "en")).toEqual({ [`paragraph.${paragraph}.content`]: "<p>Monday to Friday</p>" });
    expect(await SUBJECTS.frame.read(t.db, 999_999_999)).toBeNull();
  });

  it("a service's options, responsibilities and text attributes are one subject, frozen by a release with the service", async () => {
    const admin = await make.user("superadmin");
    const catalogueId = await make.catalogue({ title: unique("Teile") });
    const category = await make.category(catalogueId);
    await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], admin);
    const service = await make.service(catalogueId, category, { name: unique("Dienst"), status: "closed", booking: "Im Portal", art_nr: "A-1" });
    const option = await make.option(service, { name: "Farbdruck" });
    const responsibility = await make.responsibility(service, { description: "Papier nachfüllen" });
    const attribute = await make.attribute({ type: "text", active: 1, designation: "Standort" });
    await make.attributeValue(service, attribute, { text: "Erdgeschoss" });
    const parts = (await SUBJECTS.serviceparts.read(t.db, service))!;
    expect(parts.catalogueId).toBe(catalogueId);
    expect(parts.fields[`option.${option}.name`]).toMatchObject({ kind: "plain", text: "Farbdruck" });
    // The details' free texts with a value; an article number is a code, empty fields have nothing to translate.
    expect(Object.keys(parts.fields).filter((f) => f.startsWith("detail."))).toEqual(["detail.booking"]);
    expect(parts.fields[`responsibility.${responsibility}.description`]).toMatchObject({ text: "Papier nachfüllen" });
    expect(parts.fields[`attribute.${attribute}.text`]).toMatchObject({ text: "Erdgeschoss", label: { values: { attribute: "Standort" } } });
    await saveTranslation(t.db, { subjectType: "serviceparts", subjectId: service, field: `option.${option}.name`, language: "en", value: "Colour printing", source: "Farbdruck", expectedUpdatedAt: "" }, admin);
    const { publishRelease } = await import("~/modules/releases/releases.server");
    const { serviceContents } = await import("~/modules/releases/release-snapshot.server");
    await publishRelease(t.db, catalogueId, { label: unique("1"), note: null }, admin);
    const [frozen] = await serviceContents(t.db, [service]);
    expect(frozen.content.translations).toEqual({ en: { [`option.${option}.name`]: "Colour printing" } });
  });
});
