import { describe, expect, it } from "vitest";
import { updateServiceRichText } from "~/modules/service/service.server";
import { catalogueLanguages, contentPanel, offeredLanguages, saveTranslation, setCatalogueLanguages, setOfferedLanguages, shownLanguage } from "~/modules/translations/translations.server";
import { LanguageListSchema } from "~/modules/translations/translations-schema";
import { translationCoverage } from "~/modules/translations/coverage.server";
import { RICH_FIELDS } from "~/modules/service/service-sections";
import { StaleRecordError, ValidationError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Content in more than one language (issue 37, decision 0081): a catalogue's languages, the
// language shown (asked, else the reader's, else the original), translations saved with their
// source, "outdated" with the source's word diff after a source edit. SQLite and Postgres.

const t = useTestDb();
const make = factories(() => t.db);

describe("content languages", () => {
  it("a catalogue offers its original and further languages; the language shown falls back", async () => {
    const catalogueId = await make.catalogue({ title: unique("Sprachen") });
    const admin = await make.user("admin");
    expect(await catalogueLanguages(t.db, catalogueId)).toEqual({ primary: "de", further: [] });
    expect(await setCatalogueLanguages(t.db, catalogueId, "de", ["en", "fr", "de"], admin)).toBe(true);
    expect(await setCatalogueLanguages(t.db, catalogueId, "de", ["fr", "en"], admin)).toBe(false);
    expect(await catalogueLanguages(t.db, catalogueId)).toEqual({ primary: "de", further: ["en", "fr"] });
    await expect(setCatalogueLanguages(t.db, catalogueId, "xx", [], admin)).rejects.toBeInstanceOf(ValidationError);
    const languages = { primary: "de", further: ["en"] };
    expect(shownLanguage(languages, "en", "de")).toBe("en");
    expect(shownLanguage(languages, "fr", "en")).toBe("en");
    expect(shownLanguage(languages, null, "fr")).toBe("de");
  });

  it("a translation is current until its source changes, then outdated with the words that changed", async () => {
    const catalogueId = await make.catalogue({ title: unique("Übersetzt") });
    const categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
    const editor = await make.user("keyuser");
    await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], editor);
    const serviceId = await make.service(catalogueId, categoryId, { name: "Drucken" });
    const version = async () => (await t.db.selectFrom("services").select("updated_at").where("id", "=", serviceId).executeTakeFirstOrThrow()).updated_at;
    await updateServiceRichText(t.db, serviceId, "description", "<p>Drucken im ganzen Haus</p>", await version(), editor);
    const source = async () => (await t.db.selectFrom("services").select("description").where("id", "=", serviceId).executeTakeFirstOrThrow()).description;
    await saveTranslation(t.db, { subjectType: "service", subjectId: serviceId, field: "description", language: "en", value: "<p>Printing in the whole building</p>", source: await source(), expectedUpdatedAt: "" }, editor);
    const panel = async (asked: string | null) => contentPanel(t.db, catalogueId, asked, "de", { type: "service", id: serviceId, sources: { description: await source() } });
    const first = await panel("en");
    expect(first).toMatchObject({ primary: "de", languages: ["de", "en"], current: "en" });
    expect(first!.translations!.description).toMatchObject({ value: "<p>Printing in the whole building</p>", outdated: false, sourceDiff: null });
    expect((await panel(null))!.translations).toBeNull();
    // A second save from the same (now old) form is refused.
    await expect(
      saveTranslation(t.db, { subjectType: "service", subjectId: serviceId, field: "description", language: "en", value: "x", source: await source(), expectedUpdatedAt: "" }, editor),
    ).rejects.toBeInstanceOf(StaleRecordError);

    await updateServiceRichText(t.db, serviceId, "description", "<p>Drucken und Scannen im ganzen Haus</p>", await version(), editor);
    const after = (await panel("en"))!.translations!.description;
    expect(after.outdated).toBe(true);
    expect(after.sourceDiff?.filter((p) => p.change === "added").map((p) => p.text.trim())).toEqual(["und Scannen"]);
    const activities = await t.db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(serviceId)).where("event", "=", "translation_saved").execute();
    expect(activities).toHaveLength(1);
    // Saving again from the current source makes it current; an empty value removes it.
    await saveTranslation(t.db, { subjectType: "service", subjectId: serviceId, field: "description", language: "en", value: "<p>Printing and scanning</p>", source: await source(), expectedUpdatedAt: after.updatedAt }, editor);
    expect((await panel("en"))!.translations!.description.outdated).toBe(false);
    const current = (await panel("en"))!.translations!.description.updatedAt;
    await saveTranslation(t.db, { subjectType: "service", subjectId: serviceId, field: "description", language: "en", value: " ", source: await source(), expectedUpdatedAt: current }, editor);
    expect((await panel("en"))!.translations).toEqual({});
  });

  it("coverage per category: translated, outdated and missing services, compared by hash in SQL", async () => {
    const catalogueId = await make.catalogue({ title: unique("Abdeckung") });
    const categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
    const editor = await make.user("keyuser");
    await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], editor);
    const ids = [];
    for (const name of ["Eins", "Zwei", "Drei"]) ids.push(await make.service(catalogueId, categoryId, { name, short_description: `<p>${name} kurz</p>` }));
    const save = async (id: number, field: "name" | "short_description", value: string, source: string) =>
      saveTranslation(t.db, { subjectType: "service", subjectId: id, field, language: "en", value, source, expectedUpdatedAt: "" }, editor);
    // One fully translated, one translated and then its source changed, one with only its name.
    await save(ids[0], "name", "One", "Eins");
    await save(ids[0], "short_description", "<p>One short</p>", "<p>Eins kurz</p>");
    await save(ids[1], "name", "Two", "Zwei");
    await save(ids[1], "short_description", "<p>Two short</p>", "<p>Zwei kurz</p>");
    await t.db.updateTable("services").set({ short_description: "<p>Zwei ganz kurz</p>" }).where("id", "=", ids[1]).execute();
    await save(ids[2], "name", "Three", "Drei");
    const rows = await translationCoverage(t.db, catalogueId, "en", RICH_FIELDS);
    expect(rows).toEqual([expect.objectContaining({ categoryId, translated: 1, outdated: 1, missing: 1 })]);
  });

  it("superadmins set the languages catalogues may offer: known ISO codes; those in use stay", async () => {
    const superadmin = await make.user("superadmin");
    expect(LanguageListSchema.safeParse({ codes: "DE, en; fr  pt" }).data?.codes).toEqual(["de", "en", "fr", "pt"]);
    expect(LanguageListSchema.safeParse({ codes: "de, xx" }).success).toBe(false);
    expect(LanguageListSchema.safeParse({ codes: " " }).success).toBe(false);
    const catalogueId = await make.catalogue({ title: unique("Liste") });
    await setCatalogueLanguages(t.db, catalogueId, "de", ["sv"], superadmin);
    expect(await setOfferedLanguages(t.db, ["de", "en", "pt"], superadmin)).toBe(true);
    expect(await offeredLanguages(t.db)).toEqual(expect.arrayContaining(["de", "en", "pt", "sv"]));
    expect(await offeredLanguages(t.db)).not.toContain("nl");
    await expect(setCatalogueLanguages(t.db, catalogueId, "de", ["nl"], superadmin)).rejects.toBeInstanceOf(ValidationError);
    expect(await setCatalogueLanguages(t.db, catalogueId, "de", ["pt"], superadmin)).toBe(true);
  });
});
