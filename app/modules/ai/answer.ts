import type { ContentType, GeneratedService } from "./ai";

/**
 * The AI's structured answer (spec 02 §3): German-named fields, validated with zod (answer-schema.ts,
 * on the server: the assistant panel here needs none, decision 0063) before anything
 * is shown or kept. An answer that is not JSON, misses a requested field, has a field of the wrong
 * type or was cut off (finish reason "length") is refused as a whole — nothing of it is shown or
 * stored. Lists (scope, benefits, administrative tasks) arrive as lines, "1. …" numbered.
 */

/** The answer field that carries each content type (spec 02 §3, names verbatim). */
export const ANSWER_FIELDS = {
  short_description: "Kurzbeschreibung",
  description: "Servicebeschreibung",
  content: "Serviceumfang",
  advantages: "Servicenutzen",
  options: "ServiceOptions",
  responsibilities: "administrative tasks",
} as const satisfies Record<ContentType, string>;

export const NAME_FIELD = "ServiceName";

export type AnswerField = (typeof ANSWER_FIELDS)[ContentType] | typeof NAME_FIELD;

/** The fields that are lists of lines. */
export const LIST_FIELDS: readonly AnswerField[] = [ANSWER_FIELDS.content, ANSWER_FIELDS.advantages, ANSWER_FIELDS.responsibilities];

/** A validated answer: the requested fields, lists already joined as lines. */
export type Answer = Partial<Record<Exclude<AnswerField, "ServiceOptions">, string>> & { ServiceOptions?: { Name: string; Beschreibung: string }[] };

/** The JSON schema sent as `response_format` (strict: every requested field, nothing else). */
export function answerJsonSchema(fields: readonly AnswerField[]) {
  const property = (field: AnswerField) =>
    field === ANSWER_FIELDS.options
      ? {
          type: "array",
          items: {
            type: "object",
            properties: { Name: { type: "string" }, Beschreibung: { type: "string" } },
            required: ["Name", "Beschreibung"],
            additionalProperties: false,
          },
        }
      : { type: "string" };
  return {
    type: "object",
    properties: Object.fromEntries(fields.map((f) => [f, property(f)])),
    required: [...fields],
    additionalProperties: false,
  };
}

/**
 * Spec 02 §4: a list answer split on newlines, a leading "number." stripped (also a leading
 * bullet, which models use as often); empty lines dropped.
 */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^\d+\.\s*/, "").replace(/^[-*•]\s+/, "").trim())
    .filter((line) => line !== "");
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text as paragraphs (a blank line starts a new one); empty → null. */
export function paragraphsHtml(value: string | null | undefined): string | null {
  const paragraphs = (value ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.length ? paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`).join("") : null;
}

/** Lines as a bullet list; none → null. */
export function listHtml(lines: readonly string[]): string | null {
  return lines.length ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` : null;
}

/** Appends bullet points to stored HTML: into its last list when it ends with one, else as a new list. */
export function appendListHtml(stored: string | null, lines: readonly string[]): string | null {
  const added = lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("");
  if (!added) return stored;
  const base = (stored ?? "").trim();
  if (/<\/ul>$/i.test(base)) return `${base.slice(0, -"</ul>".length)}${added}</ul>`;
  return `${base}<ul>${added}</ul>`;
}

/** The HTML a content type gets from an answer (lists as bullet lists). */
export function valueHtml(type: "short_description" | "description" | "content" | "advantages", answer: Answer): string | null {
  const raw = answer[ANSWER_FIELDS[type]];
  return type === "content" || type === "advantages" ? listHtml(splitList(raw)) : paragraphsHtml(raw);
}

/** A new service from a complete answer; an empty name falls back to the requested one. */
export function serviceFromAnswer(answer: Answer, requestedName: string): GeneratedService {
  return {
    name: (answer.ServiceName ?? "").trim() || requestedName,
    short_description: valueHtml("short_description", answer),
    description: valueHtml("description", answer),
    content: valueHtml("content", answer),
    advantages: valueHtml("advantages", answer),
    options: (answer.ServiceOptions ?? []).map((o) => ({ name: o.Name.trim(), description: paragraphsHtml(o.Beschreibung) })),
    responsibilities: splitList(answer[ANSWER_FIELDS.responsibilities]).map((description) => ({ description: description.slice(0, 2000) })),
  };
}
