import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { GenerateSchema, RequestSchema } from "~/modules/ai/ai-schema";
import { ANSWER_FIELDS, appendListHtml, answerJsonSchema, serviceFromAnswer, splitList, type AnswerField } from "~/modules/ai/answer";
import { parseAnswer } from "~/modules/ai/answer-schema";
import { buildProposal, itemKeys, itemsOf, toggleType, withoutItems } from "~/modules/ai/proposal";
import { createServicePrompt, serviceContentPrompt, type PromptContext } from "~/modules/ai/prompts";
import { readResponses } from "~/modules/ai/ui/use-ai-responses";

/**
 * The assistant's answers (issue 19 §1, §3): the German-named fields validated with zod (an
 * invalid or cut-off answer is refused whole), list answers split on newlines without their
 * "number.", the diff (value → new_value, changed, created items with local ids, costs 0,
 * client/it/pos 0), removing items, the prompts. Pure: runs the same on either database.
 */

const ALL: AnswerField[] = ["ServiceName", ...Object.values(ANSWER_FIELDS)];
const VALID = {
  ServiceName: "Notebook-Bereitstellung",
  Kurzbeschreibung: "Ein Notebook für jeden.",
  Servicebeschreibung: "Erster Absatz.\n\nZweiter <Absatz> & mehr.",
  Serviceumfang: "1. Gerät\n2. Einrichtung",
  Servicenutzen: "1. Mobil arbeiten",
  "administrative tasks": "1. Inventarisieren\n2. Patchen",
  ServiceOptions: [{ Name: "Docking-Station", Beschreibung: "Mit zwei Monitoren" }],
};

describe("list answers", () => {
  it("are split on newlines with a leading number. stripped, empty lines dropped", () => {
    expect(splitList("1. Erstens\n2.Zweitens\r\n\n  10. Zehntens  \n- Strich\nohne Nummer")).toEqual(["Erstens", "Zweitens", "Zehntens", "Strich", "ohne Nummer"]);
    expect(splitList("")).toEqual([]);
    expect(splitList(null)).toEqual([]);
  });

  it("keep a number that is part of the text", () => {
    expect(splitList("1. 24/7 Betrieb\n2. 3 Standorte")).toEqual(["24/7 Betrieb", "3 Standorte"]);
  });
});

describe("answer validation", () => {
  it("accepts an answer with every requested field; a ```json fence around it is tolerated", () => {
    const parsed = parseAnswer(JSON.stringify(VALID), ALL, "stop");
    expect(parsed).toMatchObject({ ok: true, answer: { ServiceName: "Notebook-Bereitstellung", ServiceOptions: [{ Name: "Docking-Station" }] } });
    expect(parseAnswer("```json\n" + JSON.stringify(VALID) + "\n```", ALL, "stop").ok).toBe(true);
  });

  it("reads a list sent as an array of lines like lines", () => {
    const parsed = parseAnswer(JSON.stringify({ Serviceumfang: ["1. A", "2. B"] }), ["Serviceumfang"], "stop");
    expect(parsed.ok && splitList(parsed.answer.Serviceumfang)).toEqual(["A", "B"]);
  });

  it("refuses what is not JSON, a missing field, a wrong type, an option without a name", () => {
    expect(parseAnswer('{"Kurzbeschreibung": "Ohne Ende', ["Kurzbeschreibung"], "stop")).toEqual({ ok: false, kind: "invalid" });
    expect(parseAnswer("", ["Kurzbeschreibung"], "stop")).toEqual({ ok: false, kind: "invalid" });
    expect(parseAnswer(null, ["Kurzbeschreibung"], "stop")).toEqual({ ok: false, kind: "invalid" });
    const { Kurzbeschreibung: _dropped, ...missing } = VALID;
    expect(parseAnswer(JSON.stringify(missing), ALL, "stop")).toEqual({ ok: false, kind: "invalid" });
    expect(parseAnswer(JSON.stringify({ ...VALID, Kurzbeschreibung: 42 }), ALL, "stop")).toEqual({ ok: false, kind: "invalid" });
    expect(parseAnswer(JSON.stringify({ ...VALID, ServiceOptions: [{ Beschreibung: "x" }] }), ALL, "stop")).toEqual({ ok: false, kind: "invalid" });
    expect(parseAnswer(JSON.stringify([VALID]), ALL, "stop")).toEqual({ ok: false, kind: "invalid" });
  });

  it("refuses a cut-off answer (finish reason length) even when its JSON happens to parse", () => {
    expect(parseAnswer(JSON.stringify(VALID), ALL, "length")).toEqual({ ok: false, kind: "truncated" });
  });

  it("asks the provider for exactly the requested fields (strict JSON schema)", () => {
    const schema = answerJsonSchema(["Kurzbeschreibung", "ServiceOptions"]);
    expect(schema).toMatchObject({ type: "object", required: ["Kurzbeschreibung", "ServiceOptions"], additionalProperties: false });
    expect(Object.keys(schema.properties)).toEqual(["Kurzbeschreibung", "ServiceOptions"]);
  });

  it("turns an answer into a new service: escaped paragraphs, bullet lists, options and responsibilities", () => {
    const parsed = parseAnswer(JSON.stringify(VALID), ALL, "stop");
    if (!parsed.ok) throw new Error("expected a valid answer");
    const service = serviceFromAnswer(parsed.answer, "Unbenannter Service");
    expect(service).toEqual({
      name: "Notebook-Bereitstellung",
      short_description: "<p>Ein Notebook für jeden.</p>",
      description: "<p>Erster Absatz.</p><p>Zweiter &lt;Absatz&gt; &amp; mehr.</p>",
      content: "<ul><li>Gerät</li><li>Einrichtung</li></ul>",
      advantages: "<ul><li>Mobil arbeiten</li></ul>",
      options: [{ name: "Docking-Station", description: "<p>Mit zwei Monitoren</p>" }],
      responsibilities: [{ description: "Inventarisieren" }, { description: "Patchen" }],
    });
    expect(serviceFromAnswer({ ...parsed.answer, ServiceName: "  " }, "Unbenannter Service").name).toBe("Unbenannter Service");
  });
});

describe("the diff", () => {
  let n = 0;
  const newId = () => `local-${++n}`;
  const current = { short_description: "<p>Ein Notebook für jeden.</p>", description: "<p>Alt</p>", content: null, advantages: "<ul><li>Schon da</li></ul>" };
  const answer = { Kurzbeschreibung: "Ein Notebook für jeden.", Servicebeschreibung: "", Serviceumfang: "1. Neu", Servicenutzen: "1. Auch neu", "administrative tasks": "1. Patchen\n2. Sichern", ServiceOptions: [{ Name: "A", Beschreibung: "B" }] };

  it("shows each value as value → new_value with changed no / deleted / generated / changed", () => {
    const proposal = buildProposal(current, answer, "update", ["short_description", "description", "content", "advantages"], newId);
    expect(proposal.values.short_description).toEqual({ value: current.short_description, new_value: "<p>Ein Notebook für jeden.</p>", changed: "no" });
    expect(proposal.values.description).toEqual({ value: "<p>Alt</p>", new_value: null, changed: "deleted" });
    expect(proposal.values.content).toEqual({ value: null, new_value: "<ul><li>Neu</li></ul>", changed: "generated" });
    expect(proposal.values.advantages).toEqual({ value: current.advantages, new_value: "<ul><li>Auch neu</li></ul>", changed: "changed" });
    // An unchanged value cannot be accepted or discarded.
    expect(itemKeys(proposal)).toEqual(["description", "content", "advantages"]);
  });

  it("adding key points appends them to the list already there", () => {
    const proposal = buildProposal(current, answer, "add", ["advantages", "content"], newId);
    expect(proposal.values.advantages?.new_value).toBe("<ul><li>Schon da</li><li>Auch neu</li></ul>");
    expect(proposal.values.content?.new_value).toBe("<ul><li>Neu</li></ul>");
    expect(appendListHtml("<p>Text</p>", ["x"])).toBe("<p>Text</p><ul><li>x</li></ul>");
  });

  it("creates options with costs 0 and responsibilities with client/it/pos 0, each with a local id", () => {
    const proposal = buildProposal(current, answer, "update", ["options", "responsibilities"], newId);
    expect(proposal.values).toEqual({});
    expect(proposal.options).toEqual([{ id: expect.stringMatching(/^local-/), name: "A", description: "<p>B</p>", art_nr: null, costs: 0, changed: "created" }]);
    expect(proposal.responsibilities.map((r) => ({ ...r, id: "x" }))).toEqual([
      { id: "x", description: "Patchen", client: 0, it: 0, pos: 0, changed: "created" },
      { id: "x", description: "Sichern", client: 0, it: 0, pos: 0, changed: "created" },
    ]);
    expect(new Set([...proposal.options, ...proposal.responsibilities].map((i) => i.id)).size).toBe(3);
  });

  it("removing items: the last changed item of a property removes the property; nothing left is null", () => {
    const proposal = buildProposal(current, answer, "update", ["short_description", "description", "responsibilities"], newId);
    const [first, second] = proposal.responsibilities.map((r) => `responsibilities:${r.id}`);
    const step1 = withoutItems(proposal, [first])!;
    expect(step1.responsibilities).toHaveLength(1);
    const step2 = withoutItems(step1, [second])!;
    expect(step2.responsibilities).toEqual([]);
    expect(itemKeys(step2)).toEqual(["description"]);
    // Only the unchanged short description would be left: nothing to decide, default mode returns.
    expect(withoutItems(step2, ["description"])).toBeNull();
    expect(itemsOf(proposal, ["description", "nonsense", first]).map((i) => i.kind)).toEqual(["value", "responsibility"]);
  });

  it("toggling a content type adds or removes it, never twice, in the spec's order", () => {
    expect(toggleType([], "options")).toEqual(["options"]);
    expect(toggleType(["options"], "description")).toEqual(["description", "options"]);
    expect(toggleType(["description", "options"], "options")).toEqual(["description"]);
  });
});

describe("forms", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it("the panel needs at least one content type; one ticked box is a list too", () => {
    expect(parseWithZod(form([["mode", "update"]]), { schema: GenerateSchema }).status).toBe("error");
    const one = parseWithZod(form([["mode", "add"], ["types", "options"]]), { schema: GenerateSchema });
    expect(one.status === "success" && one.value).toEqual({ mode: "add", types: ["options"], instructions: null });
    expect(parseWithZod(form([["mode", "add"], ["types", "colour"]]), { schema: GenerateSchema }).status).toBe("error");
  });

  it("a request needs a description; the delay is 0 to 3600 whole seconds, empty is 0", () => {
    const missing = parseWithZod(form([["name", "X"]]), { schema: RequestSchema });
    expect(missing.status === "error" && missing.error).toMatchObject({ description: ["ai.create.descriptionRequired"] });
    const ok = parseWithZod(form([["description", "Druck"], ["delay", ""]]), { schema: RequestSchema });
    expect(ok.status === "success" && ok.value).toEqual({ name: null, description: "Druck", delay: 0 });
    expect(parseWithZod(form([["description", "x"], ["delay", "1.5"]]), { schema: RequestSchema }).status).toBe("error");
    expect(parseWithZod(form([["description", "x"], ["delay", "3601"]]), { schema: RequestSchema }).status).toBe("error");
  });
});

describe("the browser's responses (aiResponses)", () => {
  it("drops responses without a service when read back", () => {
    const service = { name: "A", short_description: null, description: null, content: null, advantages: null, options: [], responsibilities: [] };
    const raw = JSON.stringify([
      { id: "1", requestedName: "A", delay: 0, service },
      { id: "2", requestedName: "Wartend", delay: 5, service: null },
      { id: 3, service },
    ]);
    expect(readResponses(raw)).toEqual([{ id: "1", requestedName: "A", delay: 0, service }]);
    expect(readResponses("not json")).toEqual([]);
    expect(readResponses(null)).toEqual([]);
  });
});

describe("prompts", () => {
  const context: PromptContext = { language: "de", glossary: [{ term: "SPOC", definition: "Single Point of Contact" }], examples: ["Wir stellen Notebooks bereit."] };
  const service = { name: "Notebook", short_description: "Kurz", description: "", content: "", advantages: "", options: ["Docking"], responsibilities: [] };

  it("are German, with the glossary's terms and the catalogue's style, asking for the spec's field names", () => {
    const prompt = createServicePrompt(context, { name: "Drucker", description: "Drucken im Büro" });
    expect(prompt.messages[0].content).toContain("auf Deutsch");
    expect(prompt.messages[0].content).toContain("- SPOC: Single Point of Contact");
    expect(prompt.messages[0].content).toContain("- Wir stellen Notebooks bereit.");
    expect(prompt.messages[1].content).toContain("Name: Drucker");
    expect(prompt.fields).toEqual(["ServiceName", "Kurzbeschreibung", "Servicebeschreibung", "Serviceumfang", "Servicenutzen", "ServiceOptions", "administrative tasks"]);
  });

  it("are English when the user works in English; an update asks only for the chosen types, with the instructions", () => {
    const prompt = serviceContentPrompt({ ...context, language: "en" }, { mode: "add", types: ["responsibilities", "description"], service, instructions: "For schools" });
    expect(prompt.messages[0].content).toContain("in English");
    expect(prompt.messages[1].content).toContain("Additional instructions from the user: For schools");
    expect(prompt.messages[1].content).toContain("Servicebeschreibung (description): refine it");
    expect(prompt.fields).toEqual(["Servicebeschreibung", "administrative tasks"]);
  });
});
