import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Another loopback address (127.0.0.2 …) to appear as a different client. */
  localAddress?: string;
  agent?: http.Agent;
}

/**
 * One HTTP request exactly as written: any Host, any forwarded header, any body, from any
 * loopback address. Browsers and fetch() refuse to send some of these, attackers do not.
 */
export function rawRequest(base: string, req: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method ?? "GET",
        path: req.path,
        headers: req.headers,
        localAddress: req.localAddress,
        agent: req.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    r.on("error", reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** A form post as a browser without JS sends it (same origin). */
export function postForm(base: string, path: string, fields: Record<string, string>, extra: Omit<RawRequest, "path" | "body" | "method"> = {}) {
  const body = new URLSearchParams(fields).toString();
  return rawRequest(base, {
    ...extra,
    method: "POST",
    path,
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)), ...extra.headers },
  });
}
