import { describe, expect, it } from "vitest";
import { windowStart, withinRateLimit } from "~/modules/api/api-auth.server";
import { publishedServices } from "~/modules/api/published-services.server";
import { catalogueVersion } from "~/modules/api/page-cache.server";
import { saveTranslation, setCatalogueLanguages } from "~/modules/translations/translations.server";
import { rotateApiKey, activeApiKeyId } from "~/modules/settings/api-keys.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/** The catalogue API's model (issue 18 §1): what is published, with what, and the per-key limit. */
const t = useTestDb();
const make = factories(() => t.db);

describe("published services", () => {
  it("are the approved ones outside the bin, in id order, with children and relations by name", async () => {
    const { catalogueId, categoryId, serviceIds } = await make.catalogueWithServices(4, { service: { name: "Veröffentlicht" } });
    const [approved, draft, trashed, second] = serviceIds;
    await t.db.updateTable("services").set({ status: "closed" }).where("id", "in", [approved, trashed, second]).execute();
    await t.db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", trashed).execute();
    await make.option(approved, { name: "Option B", position: 1, costs: 12.5 });
    await make.option(approved, { name: "Option A", position: 0 });
    await make.link(approved, { url: "https://example.com/doc", position: 0 });
    await make.responsibility(approved, { pos: 1, description: "Betrieb", client: 0, it: 1 });
    await make.relate(approved, { owners: [await make.owner({ name: `Eigner ${approved}` })], dependsOn: [second] });

    const { rows } = await publishedServices(t.db, { ids: [approved, draft, trashed, second] });
    expect(rows.map((r) => r.id)).toEqual([approved, second]);
    const [first] = rows;
    expect(first).toMatchObject({ service_catalogue_id: catalogueId, category_id: categoryId, owners: [`Eigner ${approved}`], required_services: [rows[1].name] });
    expect(first.options.map((o) => o.name)).toEqual(["Option A", "Option B"]);
    expect(first.options[1].costs).toBe(12.5);
    expect(first.links).toEqual([{ url: "https://example.com/doc", position: 0 }]);
    expect(first.responsibilities).toEqual([{ pos: 1, description: "Betrieb", client: 0, it: 1 }]);
    expect(first).not.toHaveProperty("picture");
  });

  it("page through all of them without gaps or repeats", async () => {
    const { total } = await publishedServices(t.db, {});
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += 2) seen.push(...(await publishedServices(t.db, { limit: 2, offset })).rows.map((r) => r.id));
    expect(seen).toHaveLength(total);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});

describe("content languages (issue 37 §4)", () => {
  it("every row carries its translations; ?lang= shows them where they exist and names the fields left in the original", async () => {
    const { catalogueId, serviceIds } = await make.catalogueWithServices(2, { service: { name: "Drucken" } });
    const [translated, plain] = serviceIds;
    const admin = await make.user("keyuser");
    await t.db.updateTable("services").set({ status: "closed", short_description: "<p>Drucken im Haus</p>" }).where("id", "in", serviceIds).execute();
    await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], admin);
    const before = await catalogueVersion(t.db);
    await saveTranslation(t.db, { subjectType: "service", subjectId: translated, field: "name", language: "en", value: "Printing", source: "Drucken", expectedUpdatedAt: "" }, admin);
    await saveTranslation(t.db, { subjectType: "service", subjectId: translated, field: "short_description", language: "en", value: "<p>Printing</p>", source: "<p>Früher</p>", expectedUpdatedAt: "" }, admin);
    // A cached API page is stale once a translation changed.
    expect(await catalogueVersion(t.db)).not.toBe(before);

    const full = (await publishedServices(t.db, { ids: serviceIds })).rows;
    expect(full[0]).toMatchObject({ name: "Drucken", content_language: "de", translations: { en: { name: "Printing", short_description: "<p>Printing</p>" } }, outdated_translations: { en: ["short_description"] } });
    expect(full[0]).not.toHaveProperty("language");
    expect(full[1]).toMatchObject({ translations: {}, outdated_translations: {} });

    const english = (await publishedServices(t.db, { ids: serviceIds, lang: "en" })).rows;
    expect(english[0]).toMatchObject({ language: "en", name: "Printing", short_description: "<p>Printing</p>", untranslated: [] });
    expect(english.find((r) => r.id === plain)).toMatchObject({ language: "en", name: "Drucken", untranslated: ["name", "short_description"] });
    // A language the catalogue does not offer: the original.
    expect((await publishedServices(t.db, { ids: [translated], lang: "fr" })).rows[0]).toMatchObject({ language: "de", name: "Drucken", untranslated: [] });
    // Translations into a language the catalogue no longer offers are not shown.
    await setCatalogueLanguages(t.db, catalogueId, "de", [], admin);
    expect((await publishedServices(t.db, { ids: [translated] })).rows[0]).toMatchObject({ translations: {} });
  });
});

describe("the per-key rate limit", () => {
  it("counts requests per key and minute, across calls, and starts again in the next minute", async () => {
    const admin = await make.user("superadmin");
    const keyId = (await activeApiKeyId(t.db, await rotateApiKey(t.db, admin)))!;
    const now = new Date("2026-11-25T10:00:30Z");
    for (let i = 0; i < 3; i++) expect(await withinRateLimit(t.db, keyId, now, 3)).toBe(true);
    expect(await withinRateLimit(t.db, keyId, now, 3)).toBe(false);
    const next = new Date("2026-11-25T10:01:05Z");
    expect(await withinRateLimit(t.db, keyId, next, 3)).toBe(true);
    // The new window cleared the old one.
    expect(await t.db.selectFrom("api_request_counts").select("window_start").where("key_id", "=", keyId).execute()).toEqual([{ window_start: windowStart(next) }]);
  });
});
