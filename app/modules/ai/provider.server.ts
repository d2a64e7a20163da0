import OpenAI from "openai";
import { env } from "~/server/env.server";
import type { AiErrorKind } from "./ai";
import type { ChatMessage } from "./prompts";

/**
 * The AI provider: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI's v1
 * API, Ollama, vLLM, LM Studio) through the `openai` client with `baseURL` (issue 19 §1). One
 * request per call: a bounded timeout and **no retries** — a retried request the provider had
 * already answered would be billed twice while we charge once.
 */

export interface AiConfig {
  baseURL: string | null;
  apiKey: string | null;
  model: string | null;
  timeoutMs: number;
}

/** The assistant's settings from the environment (AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_SECONDS). */
export function aiConfig(): AiConfig {
  const e = env();
  return { baseURL: e.AI_BASE_URL ?? null, apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL ?? null, timeoutMs: e.AI_TIMEOUT_SECONDS * 1000 };
}

/** Base URL and model set: the assistant can be offered (a local server may need no key). */
export function isConfigured(config: AiConfig): boolean {
  return Boolean(config.baseURL && config.model);
}

/** Why a call did not give a usable answer; `tokens` is what the provider said it used, if it answered. */
export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    readonly tokens: number | null = null,
  ) {
    super(`AI call failed: ${kind}`);
  }
}

/** The answer's length limit; also what a reservation holds for the answer. */
export const MAX_ANSWER_TOKENS = 4000;

export interface Completion {
  content: string | null;
  finishReason: string | null;
  /** The provider's `usage.total_tokens`; null when it sent none. */
  totalTokens: number | null;
}

/** Sends one chat-completions request asking for JSON of `schema`; provider failures become AiError. */
export async function complete(config: AiConfig, messages: ChatMessage[], schema: Record<string, unknown>): Promise<Completion> {
  if (!isConfigured(config)) throw new AiError("notConfigured");
  const client = new OpenAI({ baseURL: config.baseURL!, apiKey: config.apiKey ?? "not-needed", timeout: config.timeoutMs, maxRetries: 0 });
  try {
    const response = await client.chat.completions.create({
      model: config.model!,
      messages,
      temperature: 0.4,
      max_tokens: MAX_ANSWER_TOKENS,
      response_format: { type: "json_schema", json_schema: { name: "servicehub_answer", schema, strict: true } },
    });
    const choice = response.choices?.[0];
    const total = Number(response.usage?.total_tokens);
    return {
      content: choice?.message?.content ?? null,
      finishReason: choice?.finish_reason ?? null,
      totalTokens: Number.isFinite(total) && total >= 0 ? Math.round(total) : null,
    };
  } catch (error) {
    if (error instanceof OpenAI.APIConnectionTimeoutError) throw new AiError("timeout");
    if (error instanceof OpenAI.APIError || error instanceof OpenAI.OpenAIError) {
      console.error(`AI provider error: ${error.message}`);
      throw new AiError("provider");
    }
    throw error;
  }
}
