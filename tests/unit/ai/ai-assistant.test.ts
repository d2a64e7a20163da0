import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acceptItems, createAiServices, discardItems } from "~/modules/ai/accept.server";
import { aiStatus, generateProposal, generateService } from "~/modules/ai/assistant.server";
import { addResponse, findProposal, listResponses, saveProposal, type DraftOwner } from "~/modules/ai/drafts.server";
import { AiError, type AiConfig } from "~/modules/ai/provider.server";
import type { Proposal } from "~/modules/ai/ai";
import { createSession } from "~/modules/access/session.server";
import { updateServiceRichText } from "~/modules/service/service.server";
import { StaleRecordError, ValidationError } from "~/server/errors.server";
import { factories, type TestUser } from "../../factories";
import { startAiProvider, type AiProvider } from "../../support/ai-provider";
import { useTestDb } from "../../support/test-db";

/**
 * The assistant against a real OpenAI-compatible server (tests/support/ai-provider.ts) and a real
 * database, SQLite or Postgres (issue 19 §1, §3, §5): nothing reaches the provider unless it is
 * configured, switched on and credits are available; a provider failure or timeout settles
 * nothing; an answer settles exactly the provider's usage, also when it is unusable; accepting
 * goes through the normal saves (sanitised, audited, version-checked); the batch creation.
 */

const t = useTestDb();
let ai: AiProvider;
let user: TestUser;
let editor: { id: number; name: string; role: "keyuser" };
let config: AiConfig;
let owner: DraftOwner;
const make = factories(() => t.db);
let n = 0;
const newId = () => `local-${++n}`;
const marker = () => `[m-${Math.random().toString(36).slice(2, 10)}]`;

beforeAll(async () => {
  ai = await startAiProvider({ apiKey: "test-key", slowMs: 1500 });
  user = await make.user("keyuser", { name: "Kim Keyuser" });
  editor = { id: user.id, name: user.name, role: "keyuser" };
  config = { baseURL: ai.baseURL, apiKey: "test-key", model: "mock-model", timeoutMs: 5000 };
  owner = { sessionId: await createSession(t.db, user.id, "vitest"), userId: user.id };
});
afterAll(async () => {
  await ai?.stop();
});

beforeEach(async () => {
  for (const table of ["token_usage", "token_reservations", "token_orders"] as const) await t.db.deleteFrom(table).execute();
  await configure({ active: true, monthly: 1_000_000 });
});

async function configure(values: { active: boolean; mode?: "unlimitedUse" | "contingent"; monthly?: number }) {
  await t.db
    .updateTable("token_configuration")
    .set({ is_active: values.active ? 1 : 0, current_mode: values.mode ?? "contingent", monthly_contingent: values.monthly ?? 0 })
    .execute();
}

const usageRows = () => t.db.selectFrom("token_usage").selectAll().execute();
const openReservations = () => t.db.selectFrom("token_reservations").select("id").where("closed_at", "is", null).execute();

async function aService(values: Record<string, unknown> = {}) {
  const catalogueId = await make.catalogue();
  const categoryId = await make.category(catalogueId);
  return make.service(catalogueId, categoryId, { status: "open", ...values });
}

const propose = (serviceId: number, instructions: string, types: Parameters<typeof generateProposal>[2]["types"] = ["short_description", "options"], mode: "update" | "add" = "update") =>
  generateProposal(t.db, { config, userId: user.id }, { language: "de", serviceId, mode, types, instructions, newId });

describe("refused before any provider call", () => {
  it("not configured: the status says so, and no call is made", async () => {
    const id = await aService();
    const m = marker();
    const unset = { ...config, baseURL: null };
    expect(await aiStatus(t.db, unset)).toMatchObject({ configured: false, reason: "notConfigured" });
    await expect(generateProposal(t.db, { config: unset, userId: user.id }, { language: "de", serviceId: id, mode: "update", types: ["description"], instructions: m, newId })).rejects.toMatchObject({ kind: "notConfigured" });
    expect(ai.count(m)).toBe(0);
    expect(await t.db.selectFrom("token_reservations").select("id").execute()).toEqual([]);
  });

  it("credits switched off: refused as inactive, no reservation, no call", async () => {
    await configure({ active: false, mode: "unlimitedUse" });
    const id = await aService();
    const m = marker();
    expect(await aiStatus(t.db, config)).toMatchObject({ configured: true, active: false, available: false, reason: "inactive" });
    await expect(propose(id, m)).rejects.toMatchObject({ kind: "inactive" });
    expect(ai.count(m)).toBe(0);
    expect(await t.db.selectFrom("token_reservations").select("id").execute()).toEqual([]);
  });

  it("out of credits: refused as exhausted, no call", async () => {
    await configure({ active: true, monthly: 0 });
    const id = await aService();
    const m = marker();
    expect(await aiStatus(t.db, config)).toMatchObject({ available: false, reason: "exhausted" });
    await expect(generateService(t.db, { config, userId: user.id }, { language: "de", catalogueId: null, requestedName: "X", description: m })).rejects.toMatchObject({ kind: "exhausted" });
    await expect(propose(id, m)).rejects.toBeInstanceOf(AiError);
    expect(ai.count(m)).toBe(0);
    expect(await usageRows()).toEqual([]);
  });
});

describe("a call settles exactly what the provider used", () => {
  it("a valid answer: one call, the provider's usage charged to the month, the reservation closed", async () => {
    const id = await aService({ short_description: "<p>Alt</p>" });
    const m = marker();
    const { proposal, basedOn } = await propose(id, m);
    expect(ai.count(m)).toBe(1);
    expect(ai.calls.at(-1)).toMatchObject({ model: "mock-model", schemaFields: ["Kurzbeschreibung", "ServiceOptions"] });
    expect(proposal.values.short_description).toMatchObject({ value: "<p>Alt</p>", new_value: "<p>Kurzbeschreibung vom Assistenten.</p>", changed: "changed" });
    expect(proposal.options.map((o) => [o.name, o.costs])).toEqual([["Option A", 0], ["Option B", 0]]);
    expect(basedOn).toBe((await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at);
    const usage = await usageRows();
    expect(usage).toMatchObject([{ user_id: user.id, service_id: id, kind: "ai.update", tokens: ai.tokens(m), monthly_tokens: ai.tokens(m), bought_tokens: 0 }]);
    expect(ai.tokens(m)).toBeGreaterThan(0);
    expect(await openReservations()).toEqual([]);
  });

  it("a provider error (500) charges nothing and frees the reservation", async () => {
    const id = await aService();
    const m = `${marker()} [mock:500]`;
    await expect(propose(id, m)).rejects.toMatchObject({ kind: "provider" });
    expect(ai.count(m)).toBe(1);
    expect(await usageRows()).toEqual([]);
    expect(await openReservations()).toEqual([]);
  });

  it("a timeout charges nothing, frees the reservation, and is not retried", async () => {
    const id = await aService();
    const m = `${marker()} [mock:slow]`;
    await expect(generateProposal(t.db, { config: { ...config, timeoutMs: 300 }, userId: user.id }, { language: "de", serviceId: id, mode: "update", types: ["description"], instructions: m, newId })).rejects.toMatchObject({ kind: "timeout" });
    expect(ai.count(m)).toBe(1);
    expect(await usageRows()).toEqual([]);
    expect(await openReservations()).toEqual([]);
  });

  it("a malformed, an invalid and a cut-off answer are refused — and their tokens are counted", async () => {
    const id = await aService();
    for (const [kind, mock] of [["invalid", "malformed"], ["invalid", "invalid"], ["truncated", "truncated"]] as const) {
      const m = `${marker()} [mock:${mock}]`;
      const error = await propose(id, m).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiError);
      expect(error).toMatchObject({ kind, tokens: ai.tokens(m) });
    }
    expect((await usageRows()).map((u) => u.kind)).toEqual(["ai.update", "ai.update", "ai.update"]);
    expect(await findProposal(t.db, owner, id)).toBeNull();
  });

  it("a provider without usage is charged by the length of the exchange", async () => {
    const id = await aService();
    await propose(id, `${marker()} [mock:nousage]`);
    const [row] = await usageRows();
    expect(row.tokens).toBeGreaterThan(10);
  });

  it("the request names the model, sends the key, and asks with the German-named fields", async () => {
    const m = marker();
    const service = await generateService(t.db, { config, userId: user.id }, { language: "de", catalogueId: null, requestedName: "Drucken", description: `Drucken im Büro ${m}` });
    expect(service).toMatchObject({ name: "Drucken", content: "<ul><li>Umfang eins</li><li>Umfang zwei</li></ul>", responsibilities: [{ description: "Aufgabe eins" }, { description: "Aufgabe zwei" }] });
    expect(ai.calls.at(-1)!.schemaFields).toEqual(["ServiceName", "Kurzbeschreibung", "Servicebeschreibung", "Serviceumfang", "Servicenutzen", "ServiceOptions", "administrative tasks"]);
    const wrongKey = await generateService(t.db, { config: { ...config, apiKey: "wrong" }, userId: user.id }, { language: "de", catalogueId: null, requestedName: "X", description: m }).catch((e: unknown) => e);
    expect(wrongKey).toMatchObject({ kind: "provider" });
  });

  it("uses the glossary's terms and the catalogue's short descriptions in the prompt", async () => {
    await make.term({ term: "SPOC", definition: "<p>Single Point of Contact</p>" });
    const catalogueId = await make.catalogue();
    await make.service(catalogueId, null, { short_description: "<p>Wir liefern Geräte aus.</p>" });
    const id = await make.service(catalogueId, null, {});
    const m = marker();
    await propose(id, m);
    const prompt = ai.calls.at(-1)!.prompt;
    expect(prompt).toContain("SPOC: Single Point of Contact");
    expect(prompt).toContain("Wir liefern Geräte aus.");
  });
});

describe("accepting and discarding", () => {
  const proposalWith = (values: Partial<Proposal> = {}): Proposal => ({ values: {}, options: [], responsibilities: [], ...values });

  it("accepted items are saved through the normal saves: sanitised, audited, the proposal trimmed", async () => {
    const id = await aService({ status: "closed", description: "<p>Alt</p>" });
    const before = await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
    const proposal = proposalWith({
      values: { description: { value: "<p>Alt</p>", new_value: '<p>Neu<script>alert(1)</script></p><img src=x onerror="alert(2)">', changed: "changed" } },
      options: [{ id: "o1", name: "Option A", description: "<p>B</p>", art_nr: null, costs: 0, changed: "created" }],
      responsibilities: [{ id: "r1", description: "Patchen", client: 0, it: 0, pos: 0, changed: "created" }],
    });
    await saveProposal(t.db, owner, id, proposal, before.updated_at);
    const stored = (await findProposal(t.db, owner, id))!;
    const remaining = await acceptItems(t.db, id, stored, ["description", "options:o1"], editor);
    expect(remaining).toMatchObject({ values: {}, options: [], responsibilities: [{ id: "r1" }] });

    const service = await t.db.selectFrom("services").select(["description", "status", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(service.description).toContain("Neu");
    expect(service.description).not.toMatch(/script|onerror/);
    // A content change returns an approved service to "open", as every content save does.
    expect(service.status).toBe("open");
    const options = await t.db.selectFrom("service_options").select(["name", "costs"]).where("service_id", "=", id).execute();
    expect(options).toEqual([{ name: "Option A", costs: 0 }]);
    const events = (await t.db.selectFrom("activities").select(["event", "description"]).where("subject_type", "=", "service").where("subject_id", "=", String(id)).orderBy("id").execute()).map((a) => a.event);
    expect(events).toEqual(expect.arrayContaining(["updated", "option_added"]));
    // The proposal now knows the new version: the last item can be accepted next.
    const next = (await findProposal(t.db, owner, id))!;
    expect(next.basedOn).toBe(service.updated_at);
    expect(await acceptItems(t.db, id, next, ["responsibilities:r1"], editor)).toBeNull();
    expect(await findProposal(t.db, owner, id)).toBeNull();
    expect(await t.db.selectFrom("responsibilities").select(["description", "client", "it"]).where("service_id", "=", id).execute()).toEqual([{ description: "Patchen", client: 0, it: 0 }]);
  });

  it("a service changed since the proposal: accepting is refused and nothing is written", async () => {
    const id = await aService({ short_description: "<p>Alt</p>" });
    const before = await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
    await saveProposal(t.db, owner, id, proposalWith({ values: { short_description: { value: "<p>Alt</p>", new_value: "<p>KI</p>", changed: "changed" } } }), before.updated_at);
    await updateServiceRichText(t.db, id, "description", "<p>Jemand anderes</p>", before.updated_at, editor);
    const stored = (await findProposal(t.db, owner, id))!;
    await expect(acceptItems(t.db, id, stored, ["short_description"], editor)).rejects.toBeInstanceOf(StaleRecordError);
    expect((await t.db.selectFrom("services").select("short_description").where("id", "=", id).executeTakeFirstOrThrow()).short_description).toBe("<p>Alt</p>");
    expect(await findProposal(t.db, owner, id)).not.toBeNull();
  });

  it("discarding changes nothing of the service; discarding all removes the proposal", async () => {
    const id = await aService();
    const before = await t.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await saveProposal(t.db, owner, id, proposalWith({ options: [{ id: "a", name: "A", description: null, art_nr: null, costs: 0, changed: "created" }, { id: "b", name: "B", description: null, art_nr: null, costs: 0, changed: "created" }] }), before.updated_at);
    const left = await discardItems(t.db, (await findProposal(t.db, owner, id))!, ["options:a"]);
    expect(left?.options.map((o) => o.id)).toEqual(["b"]);
    expect(await discardItems(t.db, (await findProposal(t.db, owner, id))!, ["options:b"])).toBeNull();
    expect(await findProposal(t.db, owner, id)).toBeNull();
    expect(await t.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it("drafts belong to their session: another session sees none, and signing out removes them", async () => {
    const id = await aService();
    const other: DraftOwner = { sessionId: await createSession(t.db, user.id, "other"), userId: user.id };
    const mine: DraftOwner = { sessionId: await createSession(t.db, user.id, "mine"), userId: user.id };
    await saveProposal(t.db, mine, id, proposalWith({ options: [{ id: "a", name: "A", description: null, art_nr: null, costs: 0, changed: "created" }] }), "x");
    const service = { name: "S", short_description: null, description: null, content: null, advantages: null, options: [], responsibilities: [] };
    await addResponse(t.db, mine, { requestedName: "S", delay: 0, service });
    expect(await findProposal(t.db, other, id)).toBeNull();
    expect(await listResponses(t.db, other)).toEqual([]);
    expect(await listResponses(t.db, mine)).toMatchObject([{ requestedName: "S", service }]);
    await t.db.deleteFrom("sessions").where("id", "=", mine.sessionId).execute();
    expect(await t.db.selectFrom("ai_drafts").select("id").where("session_id", "=", mine.sessionId).execute()).toEqual([]);
  });
});

describe("batch creation into a target catalogue", () => {
  const generated = (name: string) => ({
    name,
    short_description: "<p>Kurz</p>",
    description: "<p>Lang<script>x()</script></p>",
    content: "<ul><li>Umfang</li></ul>",
    advantages: null,
    options: [{ name: "Option", description: "<p>O</p>" }],
    responsibilities: [{ description: "Aufgabe" }],
  });

  it("creates each selected service with its content, options (costs 0) and responsibilities, uncategorised in the catalogue", async () => {
    const catalogueId = await make.catalogue();
    const result = await createAiServices(t.db, catalogueId, [generated("Eins"), generated("Zwei")], editor);
    expect(result.failed).toEqual([]);
    expect(result.created.map((c) => c.name)).toEqual(["Eins", "Zwei"]);
    const rows = await t.db.selectFrom("services").select(["id", "name", "service_catalogue_id", "category_id", "short_description", "description", "position"]).where("service_catalogue_id", "=", catalogueId).orderBy("id").execute();
    expect(rows.map((r) => [r.name, r.category_id, r.position])).toEqual([["Eins", null, 0], ["Zwei", null, 1]]);
    expect(rows[0].description).not.toContain("script");
    expect(await t.db.selectFrom("service_options").select(["name", "costs"]).where("service_id", "=", rows[0].id).execute()).toEqual([{ name: "Option", costs: 0 }]);
    expect(await t.db.selectFrom("responsibilities").select(["description", "client", "it"]).where("service_id", "=", rows[0].id).execute()).toEqual([{ description: "Aufgabe", client: 0, it: 0 }]);
    const created = await t.db.selectFrom("activities").select("event").where("subject_id", "=", String(rows[0].id)).where("subject_type", "=", "service").execute();
    expect(created.map((a) => a.event)).toEqual(expect.arrayContaining(["created", "updated", "option_added", "responsibility_added"]));
  });

  it("needs an existing target catalogue; a service that cannot be stored fails alone, nothing of it is kept", async () => {
    await expect(createAiServices(t.db, 987654, [generated("X")], editor)).rejects.toBeInstanceOf(ValidationError);
    const catalogueId = await make.catalogue();
    const broken = { ...generated("Kaputt"), options: [{ name: "", description: null }] };
    const result = await createAiServices(t.db, catalogueId, [generated("Gut"), broken], editor);
    expect(result.created.map((c) => c.name)).toEqual(["Gut"]);
    expect(result.failed).toEqual([1]);
    const names = await t.db.selectFrom("services").select("name").where("service_catalogue_id", "=", catalogueId).execute();
    expect(names).toEqual([{ name: "Gut" }]);
  });
});
