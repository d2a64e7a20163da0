import http from "node:http";
import https from "node:https";
import { checkLiteralHost, guardedLookup } from "./factory-address.server";

/**
 * One GET to the template server over node:http(s) rather than fetch, because the socket must
 * connect to the address the host rule checked (factory-address.server.ts) and fetch offers no
 * hook for that without a dependency. Redirects are never followed: a 3xx is a failure, so an
 * answer can neither send the key elsewhere nor point us at a private host.
 */

export interface RawAnswer {
  status: number;
  contentLength: number;
  body: string;
}

/** Failed before an answer arrived (refused address, DNS, connection, time) or the answer was too large. */
export class TransportError extends Error {
  constructor(
    readonly kind: "unreachable" | "tooLarge",
    detail: string,
  ) {
    super(detail);
  }
}

// Keep-alive per policy: a pooled socket was connected through the same rule, so reusing it is safe.
const agents = new Map<string, http.Agent>();
function agentFor(protocol: "http:" | "https:", allowPrivate: boolean): http.Agent {
  const name = `${protocol}${allowPrivate}`;
  let agent = agents.get(name);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 4, lookup: guardedLookup(allowPrivate) };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(name, agent);
  }
  return agent;
}

export interface GetOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
}

export function guardedGet(url: URL, { headers, timeoutMs, maxBytes, allowPrivate }: GetOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const fail = (error: TransportError) => {
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    try {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`unsupported protocol ${url.protocol}`);
      checkLiteralHost(url, allowPrivate);
    } catch (error) {
      return reject(new TransportError("unreachable", error instanceof Error ? error.message : String(error)));
    }
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "GET", headers, agent: agentFor(url.protocol, allowPrivate) }, (response) => {
      const status = response.statusCode ?? 0;
      const contentLength = Number(response.headers["content-length"] ?? 0);
      if (status >= 300 && status < 400) return fail(new TransportError("unreachable", `redirect refused (HTTP ${status})`));
      if (contentLength > maxBytes) return fail(new TransportError("tooLarge", "answer too large"));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(new TransportError("tooLarge", "answer too large"));
        chunks.push(chunk);
      });
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status, contentLength, body: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", (error) => fail(new TransportError("unreachable", error.message)));
    });
    // One deadline for connecting, the answer and its body.
    const timer = setTimeout(() => fail(new TransportError("unreachable", `no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on("error", (error) => fail(new TransportError("unreachable", `${error.name}: ${error.message}`)));
    request.end();
  });
}
