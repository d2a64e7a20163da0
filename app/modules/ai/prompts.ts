import { CONTENT_TYPES, type ContentType, type GenerateMode } from "./ai";
import { ANSWER_FIELDS, NAME_FIELD, type AnswerField } from "./answer";

/**
 * Every prompt the assistant sends, in one place (issue 19 §1): German, English when the user
 * works in English. Each names the answer fields exactly (spec 02 §3), gives the organisation's
 * glossary terms and a few of the catalogue's own short descriptions as the style to follow.
 * Everything the user or the catalogue wrote is passed as plain text and cut to a bounded length.
 */

export type PromptLanguage = "de" | "en";

export interface PromptContext {
  language: PromptLanguage;
  /** Glossary terms (base data) with their definitions, plain text. */
  glossary: { term: string; definition: string }[];
  /** A few short descriptions from the catalogue, plain text. */
  examples: string[];
}

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

export interface Prompt {
  messages: ChatMessage[];
  /** The answer fields the reply must carry (and nothing else). */
  fields: AnswerField[];
}

const FIELD_MAX = 4000;
const cut = (text: string, max = FIELD_MAX) => (text.length > max ? `${text.slice(0, max)}…` : text);

const TEXTS = {
  de: {
    system:
      "Du bist der Assistent eines Servicekatalogs, in dem eine Organisation ihre IT- und Business-Services beschreibt. " +
      "Schreibe sachlich, klar und für Fachfremde verständlich, auf Deutsch, im Stil der vorhandenen Beschreibungen. " +
      "Verwende die Begriffe des Glossars so, wie die Organisation sie definiert. " +
      "Antworte ausschließlich mit einem JSON-Objekt, das genau die verlangten Felder enthält. " +
      'Listen (Serviceumfang, Servicenutzen, administrative tasks) schreibst du als nummerierte Zeilen, eine pro Zeile ("1. …"). ' +
      "Kein HTML, kein Markdown.",
    glossary: "Glossar der Organisation:",
    examples: "So klingen Kurzbeschreibungen in diesem Katalog:",
    create: (name: string, description: string) =>
      `Lege einen neuen Service an.\nName: ${name}\nWas der Service leisten soll: ${description}\n` +
      "Liefere den Namen, eine Kurzbeschreibung (ein bis zwei Sätze), eine Servicebeschreibung, den Serviceumfang, den Servicenutzen, " +
      "die administrativen Aufgaben und zwei bis vier Serviceoptionen (Name und Beschreibung).",
    service: (name: string) => `Service: ${name}`,
    current: "Aktueller Inhalt:",
    empty: "(leer)",
    update: "Formuliere die folgenden Inhalte des Services neu, vollständig und passend zum übrigen Inhalt:",
    add: "Ergänze die folgenden Inhalte des Services:",
    instructions: "Zusätzliche Anweisungen des Nutzers:",
    tasks: {
      update: {
        short_description: "Kurzbeschreibung: ein bis zwei Sätze.",
        description: "Servicebeschreibung: ein bis drei Absätze.",
        content: "Serviceumfang: die Leistungen als Liste.",
        advantages: "Servicenutzen: der Nutzen als Liste.",
        options: "ServiceOptions: zwei bis vier passende Optionen mit Name und Beschreibung.",
        responsibilities: "administrative tasks: die administrativen Aufgaben als Liste.",
      },
      add: {
        short_description: "Kurzbeschreibung: überarbeite sie mit dem Kontext der Anweisungen.",
        description: "Servicebeschreibung: überarbeite sie mit dem Kontext der Anweisungen.",
        content: "Serviceumfang: nur weitere Punkte, die noch fehlen.",
        advantages: "Servicenutzen: nur weitere Kernpunkte, die noch fehlen.",
        options: "ServiceOptions: nur weitere Optionen, die es noch nicht gibt.",
        responsibilities: "administrative tasks: nur weitere Aufgaben, die noch fehlen.",
      },
    },
    labels: {
      short_description: "Kurzbeschreibung",
      description: "Servicebeschreibung",
      content: "Serviceumfang",
      advantages: "Servicenutzen",
      options: "Serviceoptionen",
      responsibilities: "Administrative Aufgaben",
    },
  },
  en: {
    system:
      "You are the assistant of a service catalogue in which an organisation describes its IT and business services. " +
      "Write factually, clearly and understandably for non-specialists, in English, in the style of the existing descriptions. " +
      "Use the glossary terms as the organisation defines them. " +
      "Answer only with a JSON object that has exactly the requested fields (keep the field names as given). " +
      'Write lists (Serviceumfang, Servicenutzen, administrative tasks) as numbered lines, one per line ("1. …"). ' +
      "No HTML, no Markdown.",
    glossary: "The organisation's glossary:",
    examples: "This is how short descriptions sound in this catalogue:",
    create: (name: string, description: string) =>
      `Create a new service.\nName: ${name}\nWhat the service should do: ${description}\n` +
      "Provide the name (ServiceName), a short description (Kurzbeschreibung, one or two sentences), a description (Servicebeschreibung), " +
      "the scope (Serviceumfang), the benefits (Servicenutzen), the administrative tasks and two to four service options (Name and Beschreibung).",
    service: (name: string) => `Service: ${name}`,
    current: "Current content:",
    empty: "(empty)",
    update: "Rewrite the following content of the service, complete and consistent with the rest:",
    add: "Extend the following content of the service:",
    instructions: "Additional instructions from the user:",
    tasks: {
      update: {
        short_description: "Kurzbeschreibung (short description): one or two sentences.",
        description: "Servicebeschreibung (description): one to three paragraphs.",
        content: "Serviceumfang (scope): the services provided, as a list.",
        advantages: "Servicenutzen (benefits): the benefits, as a list.",
        options: "ServiceOptions: two to four fitting options with Name and Beschreibung.",
        responsibilities: "administrative tasks: the administrative tasks, as a list.",
      },
      add: {
        short_description: "Kurzbeschreibung (short description): refine it with the context of the instructions.",
        description: "Servicebeschreibung (description): refine it with the context of the instructions.",
        content: "Serviceumfang (scope): only further points that are missing.",
        advantages: "Servicenutzen (benefits): only further key points that are missing.",
        options: "ServiceOptions: only further options that do not exist yet.",
        responsibilities: "administrative tasks: only further tasks that are missing.",
      },
    },
    labels: {
      short_description: "Short description",
      description: "Description",
      content: "Scope",
      advantages: "Benefits",
      options: "Service options",
      responsibilities: "Administrative tasks",
    },
  },
} as const;

function systemMessage(context: PromptContext): ChatMessage {
  const texts = TEXTS[context.language];
  const parts: string[] = [texts.system];
  if (context.glossary.length) parts.push(`${texts.glossary}\n${context.glossary.map((g) => `- ${cut(g.term, 200)}${g.definition ? `: ${cut(g.definition, 300)}` : ""}`).join("\n")}`);
  if (context.examples.length) parts.push(`${texts.examples}\n${context.examples.map((e) => `- ${cut(e, 400)}`).join("\n")}`);
  return { role: "system", content: parts.join("\n\n") };
}

/** A new service from a name and a description (spec 02 §7 createAiServiceWithAddedDescription / request). */
export function createServicePrompt(context: PromptContext, input: { name: string; description: string }): Prompt {
  const texts = TEXTS[context.language];
  return {
    messages: [systemMessage(context), { role: "user", content: texts.create(cut(input.name, 255), cut(input.description)) }],
    fields: [NAME_FIELD, ...CONTENT_TYPES.map((t) => ANSWER_FIELDS[t])],
  };
}

export interface ServiceText {
  name: string;
  /** Plain text of the stored fields; options and responsibilities as lines. */
  short_description: string;
  description: string;
  content: string;
  advantages: string;
  options: string[];
  responsibilities: string[];
}

/**
 * The chosen content types of an existing service (spec 02 §7 updateService), or — `add` — the
 * description refined and key points, options or responsibilities added with the user's context
 * (refineServiceDescriptionRequest, addKeyPointsWithGivenContext, addServiceOptionsWithGivenContext,
 * addServiceResponsibilitiesWithContext).
 */
export function serviceContentPrompt(context: PromptContext, input: { mode: GenerateMode; types: readonly ContentType[]; service: ServiceText; instructions: string }): Prompt {
  const texts = TEXTS[context.language];
  const { service } = input;
  const current = CONTENT_TYPES.map((type) => {
    const value = type === "options" || type === "responsibilities" ? service[type].map((line) => `- ${line}`).join("\n") : service[type];
    return `${texts.labels[type]}: ${value.trim() ? cut(value) : texts.empty}`;
  });
  const types = CONTENT_TYPES.filter((t) => input.types.includes(t));
  const lines = [
    texts.service(cut(service.name, 255)),
    texts.current,
    ...current,
    "",
    input.mode === "add" ? texts.add : texts.update,
    ...types.map((type) => `- ${texts.tasks[input.mode][type]}`),
  ];
  if (input.instructions.trim()) lines.push("", `${texts.instructions} ${cut(input.instructions.trim(), 2000)}`);
  return { messages: [systemMessage(context), { role: "user", content: lines.join("\n") }], fields: types.map((t) => ANSWER_FIELDS[t]) };
}
