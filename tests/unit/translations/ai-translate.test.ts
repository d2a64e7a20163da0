import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/access/user.server";
import { AiError, type AiConfig } from "~/modules/ai/provider.server";
import { updateServiceRichText } from "~/modules/service/service.server";
import { proposeBatch, proposeTranslations, settleProposals, translationAssist } from "~/modules/translations/ai-translate.server";
import { contentPanel, saveTranslation, setCatalogueLanguages } from "~/modules/translations/translations.server";
import { factories, unique } from "../../factories";
import { startAiProvider, type AiProvider } from "../../support/ai-provider";
import { useTestDb } from "../../support/test-db";

/**
 * "Übersetzen" (issue 37 §3) against a real OpenAI-compatible server and a real database (SQLite,
 * or Postgres with DATABASE_URL): the missing and outdated fields go to the provider with the
 * glossary's translations, the call is charged like every assistant call, the answer waits as
 * proposals that are accepted (as translations made from the original the proposal translated)
 * or discarded field by field; without a provider there is nothing to show.
 */

const t = useTestDb();
const make = factories(() => t.db);
let ai: AiProvider;
let config: AiConfig;
let editor: SessionUser;

beforeAll(async () => {
  ai = await startAiProvider({ apiKey: "test-key" });
  config = { baseURL: ai.baseURL, apiKey: "test-key", model: "mock-model", timeoutMs: 5000 };
  const u = await make.user("keyuser");
  editor = { id: u.id, name: u.name, email: u.email, role: "keyuser", azureUser: false, wordExport: false };
});
afterAll(async () => {
  await ai?.stop();
});
beforeEach(async () => {
  await t.db.updateTable("token_configuration").set({ is_active: 1, current_mode: "contingent", monthly_contingent: 1_000_000 }).execute();
});

async function bilingualService(name: string, values: Record<string, unknown> = {}) {
  const catalogueId = await make.catalogue({ title: unique("Zweisprachig") });
  const categoryId = await make.category(catalogueId);
  await setCatalogueLanguages(t.db, catalogueId, "de", ["en"], editor);
  const serviceId = await make.service(catalogueId, categoryId, { name, ...values });
  return { catalogueId, serviceId };
}

const sources = async (id: number) => t.db.selectFrom("services").select(["name", "short_description", "description", "content", "advantages"]).where("id", "=", id).executeTakeFirstOrThrow();
const english = async (catalogueId: number, id: number) => (await contentPanel(t.db, catalogueId, "en", "de", { type: "service", id, sources: await sources(id) }))!.translations!;
const usage = (id: number) => t.db.selectFrom("token_usage").select(["kind", "tokens"]).where("service_id", "=", id).execute();

describe("translating with the assistant", () => {
  it("proposes the missing fields with the glossary's translations, charges the call, and accepts or discards per field", async () => {
    const marker = `[tr-${Math.random().toString(36).slice(2, 8)}]`;
    const term = await make.term({ term: unique("Drucker") });
    const termName = (await t.db.selectFrom("term_definitions").select("term").where("id", "=", term).executeTakeFirstOrThrow()).term;
    await saveTranslation(t.db, { subjectType: "term", subjectId: term, field: "term", language: "en", value: "printer", source: termName, expectedUpdatedAt: "" }, editor);
    const { catalogueId, serviceId } = await bilingualService(`Drucken ${marker}`, { short_description: "<p>Drucken im Haus</p><p>Zweiter Absatz</p>", description: "<ul><li>Farbe</li><li>Schwarz-Weiß</li></ul>" });
    ai.script(marker, { ServiceName: "Printing", Kurzbeschreibung: "Printing in the house\n\nSecond paragraph", Servicebeschreibung: "- Colour\n- Black and white" });

    expect(await proposeTranslations(t.db, { config, userId: editor.id }, serviceId, "en")).toBe(3);
    const call = ai.calls.at(-1)!;
    expect(call.schemaFields).toEqual(["ServiceName", "Kurzbeschreibung", "Servicebeschreibung"]);
    expect(call.prompt).toContain(`${termName} → printer`);
    expect(call.prompt).toContain("from German into English");
    expect(call.prompt).toContain("- Farbe\n- Schwarz-Weiß");
    expect(await usage(serviceId)).toEqual([{ kind: "ai.translate", tokens: call.totalTokens }]);

    const assist = (await translationAssist(t.db, config, editor, serviceId, "en", true))!;
    expect(assist).toMatchObject({ language: "en", reason: null });
    expect(assist.proposals.map((p) => [p.field, p.value])).toEqual([
      ["name", "Printing"],
      ["short_description", "<p>Printing in the house</p><p>Second paragraph</p>"],
      ["description", "<ul><li>Colour</li><li>Black and white</li></ul>"],
    ]);
    expect(assist.proposals[0].diff).toEqual([{ text: "Printing", change: "added" }]);

    // The name accepted alone: a current translation, the other proposals wait.
    expect(await settleProposals(t.db, editor, serviceId, "en", ["name"], true)).toBe(2);
    expect((await english(catalogueId, serviceId)).name).toMatchObject({ value: "Printing", outdated: false });

    // The original changes meanwhile: the proposal says so, and accepted it is outdated at once.
    const version = (await t.db.selectFrom("services").select("updated_at").where("id", "=", serviceId).executeTakeFirstOrThrow()).updated_at;
    await updateServiceRichText(t.db, serviceId, "description", "<ul><li>Farbe</li><li>Schwarz-Weiß</li><li>A3</li></ul>", version, editor);
    expect((await translationAssist(t.db, config, editor, serviceId, "en", true))!.proposals.map((p) => [p.field, p.sourceChanged])).toEqual([
      ["short_description", false],
      ["description", true],
    ]);
    expect(await settleProposals(t.db, editor, serviceId, "en", null, true)).toBe(0);
    const after = await english(catalogueId, serviceId);
    expect(after.short_description).toMatchObject({ value: "<p>Printing in the house</p><p>Second paragraph</p>", outdated: false });
    expect(after.description).toMatchObject({ outdated: true });

    // Asked again, only the outdated field goes; a discarded proposal leaves nothing behind.
    expect(await proposeTranslations(t.db, { config, userId: editor.id }, serviceId, "en")).toBe(1);
    expect(ai.calls.at(-1)!.schemaFields).toEqual(["Servicebeschreibung"]);
    expect(await settleProposals(t.db, editor, serviceId, "en", ["description"], false)).toBe(0);
    expect((await english(catalogueId, serviceId)).description).toMatchObject({ outdated: true });
    const activities = await t.db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(serviceId)).where("event", "=", "translation_saved").execute();
    expect(activities).toHaveLength(3);
  });

  it("nothing missing or outdated: no call; a provider failure keeps nothing and charges nothing; without a provider nothing is shown", async () => {
    const { serviceId } = await bilingualService("Nur Name");
    await saveTranslation(t.db, { subjectType: "service", subjectId: serviceId, field: "name", language: "en", value: "Name only", source: "Nur Name", expectedUpdatedAt: "" }, editor);
    const calls = ai.calls.length;
    expect(await proposeTranslations(t.db, { config, userId: editor.id }, serviceId, "en")).toBe(0);
    expect(ai.calls.length).toBe(calls);

    const failing = await bilingualService("Fehler [mock:500]");
    await expect(proposeTranslations(t.db, { config, userId: editor.id }, failing.serviceId, "en")).rejects.toBeInstanceOf(AiError);
    expect(await usage(failing.serviceId)).toEqual([]);
    expect((await translationAssist(t.db, config, editor, failing.serviceId, "en", true))!.proposals).toEqual([]);

    expect(await translationAssist(t.db, { ...config, baseURL: null }, editor, serviceId, "en", true)).toBeNull();
    expect(await translationAssist(t.db, config, editor, serviceId, null, true)).toBeNull();
    expect(await translationAssist(t.db, config, editor, serviceId, "en", false)).toBeNull();
    // A language the catalogue does not offer is refused before any call.
    await expect(proposeTranslations(t.db, { config, userId: editor.id }, serviceId, "fr")).rejects.toThrow();
  });

  it("a batch asks once per service: a provider failure skips that service, credits switched off stop the rest", async () => {
    const ok = await bilingualService(unique("Stapel eins"));
    const failing = await bilingualService("Stapel [mock:500]");
    const later = await bilingualService(unique("Stapel drei"));
    const batch = await proposeBatch(t.db, { config, userId: editor.id }, [ok.serviceId, failing.serviceId, later.serviceId], "en");
    expect(batch.done.map((d) => [d.id, d.fields])).toEqual([
      [ok.serviceId, 1],
      [later.serviceId, 1],
    ]);
    expect(batch.failed).toEqual([{ id: failing.serviceId, name: "Stapel [mock:500]", error: "provider" }]);
    expect(batch.stopped).toBeNull();

    await t.db.updateTable("token_configuration").set({ is_active: 0 }).execute();
    const calls = ai.calls.length;
    const stopped = await proposeBatch(t.db, { config, userId: editor.id }, [failing.serviceId, later.serviceId], "en");
    expect(stopped).toMatchObject({ done: [], failed: [], stopped: { reason: "inactive", left: 2 } });
    expect(ai.calls.length).toBe(calls);
  });
});
