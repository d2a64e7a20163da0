import { z } from "zod";
import { ANSWER_FIELDS, LIST_FIELDS, NAME_FIELD, type Answer, type AnswerField } from "./answer";

/** The AI's answer checked with zod (server side; answer.ts holds what the browser needs too). */

const TEXT_MAX = 20_000;
const text = z.string().max(TEXT_MAX);
/** A list as lines; an array of lines (some models answer so) is read the same way. */
const list = z.union([text, z.array(z.string().max(2000)).max(100).transform((lines) => lines.join("\n"))]);
const options = z
  .array(z.object({ Name: z.string().trim().min(1).max(255), Beschreibung: z.string().max(5000) }))
  .max(30);

function fieldSchema(field: AnswerField): z.ZodType {
  if (field === ANSWER_FIELDS.options) return options;
  if (LIST_FIELDS.includes(field)) return list;
  return field === NAME_FIELD ? z.string().trim().max(255) : text;
}

/** The zod schema of an answer carrying exactly these fields (each required). */
export function answerSchema(fields: readonly AnswerField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f, fieldSchema(f)]))) as unknown as z.ZodType<Answer>;
}

export type ParsedAnswer = { ok: true; answer: Answer } | { ok: false; kind: "invalid" | "truncated" };

/** Reads the provider's message: JSON (a ```json fence around it is tolerated), then the schema. */
export function parseAnswer(content: string | null | undefined, fields: readonly AnswerField[], finishReason?: string | null): ParsedAnswer {
  if (finishReason === "length") return { ok: false, kind: "truncated" };
  if (typeof content !== "string" || content.trim() === "") return { ok: false, kind: "invalid" };
  const unfenced = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, "$1");
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch {
    return { ok: false, kind: "invalid" };
  }
  const result = answerSchema(fields).safeParse(json);
  return result.success ? { ok: true, answer: result.data } : { ok: false, kind: "invalid" };
}
