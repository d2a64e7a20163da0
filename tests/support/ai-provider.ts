import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible provider for the tests: real HTTP on a loopback port, speaking
 * `POST /v1/chat/completions` in the real request and response format (choices, finish_reason,
 * usage counts), so the app's `openai` client talks to it exactly as to OpenAI, Ollama or vLLM.
 *
 * What it answers is chosen by markers in the prompt (the user's instructions or description):
 * `[mock:malformed]` (not JSON), `[mock:truncated]` (cut off, finish_reason "length"),
 * `[mock:invalid]` (JSON without the requested fields), `[mock:slow]` (valid, after `slowMs`),
 * `[mock:500]` (a server error), `[mock:nousage]` (valid, without usage); a marker given to
 * `script()` answers its scripted fields. Anything else gets a valid answer for every field the
 * request's JSON schema asks for. Every call is recorded, so tests count calls per marker.
 *
 * Control over HTTP, for e2e workers (the server runs in Playwright's global setup):
 * `GET /__mock/calls?marker=…` → `{ count, tokens }`, `POST /__mock/script` `{ marker, fields }`.
 */

export interface RecordedCall {
  prompt: string;
  model: string;
  schemaFields: string[];
  totalTokens: number | null;
}

export interface AiProvider {
  /** e.g. http://127.0.0.1:1234 */
  url: string;
  /** What AI_BASE_URL is set to: url + "/v1". */
  baseURL: string;
  calls: RecordedCall[];
  /** Calls whose prompt contains the marker (all calls without one). */
  count: (marker?: string) => number;
  /** The usage tokens reported to calls whose prompt contains the marker. */
  tokens: (marker: string) => number;
  script: (marker: string, fields: Record<string, unknown>) => void;
  stop: () => Promise<void>;
}

export const DEFAULT_ANSWER: Record<string, unknown> = {
  Kurzbeschreibung: "Kurzbeschreibung vom Assistenten.",
  Servicebeschreibung: "Servicebeschreibung vom Assistenten.\n\nZweiter Absatz.",
  Serviceumfang: "1. Umfang eins\n2. Umfang zwei",
  Servicenutzen: "1. Nutzen eins\n2. Nutzen zwei",
  "administrative tasks": "1. Aufgabe eins\n2. Aufgabe zwei",
  ServiceOptions: [
    { Name: "Option A", Beschreibung: "Beschreibung A" },
    { Name: "Option B", Beschreibung: "Beschreibung B" },
  ],
};

const tokensOf = (text: string) => Math.ceil(text.length / 4);

export async function startAiProvider(options: { port?: number; apiKey?: string; slowMs?: number } = {}): Promise<AiProvider> {
  const calls: RecordedCall[] = [];
  const scripts = new Map<string, Record<string, unknown>>();
  const slowMs = options.slowMs ?? 3000;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void handle(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", "http://mock");
    if (url.pathname === "/__mock/calls") {
      const marker = url.searchParams.get("marker") ?? undefined;
      return send(res, 200, { count: provider.count(marker), tokens: marker ? provider.tokens(marker) : 0 });
    }
    if (url.pathname === "/__mock/script" && req.method === "POST") {
      const { marker, fields } = JSON.parse(raw) as { marker: string; fields: Record<string, unknown> };
      scripts.set(marker, fields);
      return send(res, 200, { ok: true });
    }
    if (url.pathname !== "/v1/chat/completions" || req.method !== "POST") return send(res, 404, { error: { message: "Not found", type: "invalid_request_error" } });
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(res, 401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" } });
    }
    const body = JSON.parse(raw) as {
      model: string;
      messages: { role: string; content: string }[];
      response_format?: { json_schema?: { schema?: { properties?: Record<string, unknown> } } };
    };
    const prompt = body.messages.map((m) => m.content).join("\n");
    const schemaFields = Object.keys(body.response_format?.json_schema?.schema?.properties ?? {});
    const call: RecordedCall = { prompt, model: body.model, schemaFields, totalTokens: null };
    calls.push(call);

    if (prompt.includes("[mock:500]")) return send(res, 500, { error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null } });
    if (prompt.includes("[mock:slow]")) await new Promise((resolve) => setTimeout(resolve, slowMs));

    let content: string;
    let finish = "stop";
    if (prompt.includes("[mock:malformed]")) content = '{"Kurzbeschreibung": "Ohne Ende';
    else if (prompt.includes("[mock:truncated]")) {
      content = '{"Kurzbeschreibung": "Abgeschnit';
      finish = "length";
    } else if (prompt.includes("[mock:invalid]")) content = JSON.stringify({ Antwort: "Keine der verlangten Felder" });
    else {
      const scripted = [...scripts].find(([marker]) => prompt.includes(marker))?.[1] ?? {};
      const name = /^Name: (.*)$/m.exec(prompt)?.[1]?.trim() || "Service vom Assistenten";
      const answer = Object.fromEntries(schemaFields.map((f) => [f, f in scripted ? scripted[f] : f === "ServiceName" ? name : (DEFAULT_ANSWER[f] ?? "")]));
      content = JSON.stringify(answer);
    }
    const usage = { prompt_tokens: tokensOf(prompt), completion_tokens: tokensOf(content), total_tokens: tokensOf(prompt) + tokensOf(content) };
    const withUsage = !prompt.includes("[mock:nousage]");
    call.totalTokens = withUsage ? usage.total_tokens : null;
    send(res, 200, {
      id: `chatcmpl-${calls.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: finish }],
      ...(withUsage ? { usage } : {}),
    });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: AiProvider = {
    url,
    baseURL: `${url}/v1`,
    calls,
    count: (marker) => (marker ? calls.filter((c) => c.prompt.includes(marker)).length : calls.length),
    tokens: (marker) => calls.filter((c) => c.prompt.includes(marker)).reduce((sum, c) => sum + (c.totalTokens ?? 0), 0),
    script: (marker, fields) => scripts.set(marker, fields),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}

// ------------------------------------------------------------------- e2e: the run's shared mock

/** The mock the e2e run started (global setup), reached over HTTP from a test worker. */
function runMock(): string {
  const port = process.env.E2E_AI_PORT;
  if (!port) throw new Error("E2E_AI_PORT is not set: run the e2e tests through scripts/e2e.mjs");
  return `http://127.0.0.1:${port}`;
}

/** How many calls with this marker in their prompt reached the run's mock provider, and their tokens. */
export async function mockCalls(marker: string): Promise<{ count: number; tokens: number }> {
  const res = await fetch(`${runMock()}/__mock/calls?${new URLSearchParams({ marker })}`);
  return (await res.json()) as { count: number; tokens: number };
}

/** Prompts containing the marker get these answer fields (the rest as by default). */
export async function scriptAnswer(marker: string, fields: Record<string, unknown>): Promise<void> {
  await fetch(`${runMock()}/__mock/script`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ marker, fields }) });
}
