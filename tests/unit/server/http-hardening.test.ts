import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../support/raw-http";

// server.mjs in front of a stub build whose only handler echoes what the app would see (its
// request URL and client address) and never reads a request body. Each case is a request the
// probe of issue 10 sent to the real app.

let dir: string;
let base: string;
let server: ReturnType<typeof spawn>;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function writeStubBuild(target: string) {
  fs.mkdirSync(path.join(target, "server"), { recursive: true });
  fs.mkdirSync(path.join(target, "client", "assets"), { recursive: true });
  fs.writeFileSync(path.join(target, "client", "favicon.svg"), "<svg/>");
  fs.writeFileSync(
    path.join(target, "server", "index.js"),
    `export const mode = "production";
     const echo = (request) => new Response(JSON.stringify({ url: request.url, client: request.headers.get("x-forwarded-for") }), { status: 200, headers: { "Content-Type": "application/json" } });
     // POST /refuse reads a little of the body and gives up on the rest, as the multipart parser does past its limit.
     const refuse = async (request) => { const reader = request.body.getReader(); await reader.read(); await reader.cancel(); await new Promise((r) => setTimeout(r, 20)); return new Response("too large", { status: 413 }); };
     export const entry = { module: { default: (request) => (request.method === "POST" && new URL(request.url).pathname === "/refuse" ? refuse(request) : echo(request)) } };
     const page = { default: () => null };
     export const routes = { root: { id: "root", path: "", module: page }, rest: { id: "rest", parentId: "root", path: "*", module: page } };
     export const assets = { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" };
     export const publicPath = "/"; export const assetsBuildDirectory = ""; export const future = {}; export const basename = "/"; export const isSpaMode = false;`,
  );
}

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.mjs"], { env: { ...process.env, HOST: "127.0.0.1", NODE_ENV: "test", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUp(url: string) {
  for (let i = 0; i < 100; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sh-http-"));
  writeStubBuild(dir);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = (await startServer({ BUILD_DIR: dir, PORT: String(port) })).child;
  await waitUp(`${base}/favicon.svg`);
}, 20_000);

afterAll(() => {
  server?.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

const seen = async (req: Parameters<typeof rawRequest>[1]) => JSON.parse((await rawRequest(base, req)).body) as { url: string; client: string | null };

describe("forwarded headers without TRUST_PROXY", () => {
  it("a Host or X-Forwarded-Host of the client's choosing does not change the port or protocol the app sees", async () => {
    const a = await seen({ path: "/reset-password", headers: { "X-Forwarded-Host": "evil.example:6666", "X-Forwarded-Proto": "https" } });
    expect(new URL(a.url).port).toBe(new URL(base).port);
    expect(new URL(a.url).protocol).toBe("http:");
    expect(a.url).not.toContain("6666");
  });

  it("the client address is the socket's, never an X-Forwarded-For claim", async () => {
    expect((await seen({ path: "/", headers: { "X-Forwarded-For": "203.0.113.9" } })).client).toBe("127.0.0.1");
    expect((await seen({ path: "/", localAddress: "127.0.0.7" })).client).toBe("127.0.0.7");
  });
});

describe("query strings", () => {
  it("control characters are removed before the app reads a parameter", async () => {
    const a = await seen({ path: "/servicecatalog?q=ab%00cd&x=%7F%1fy%09z" });
    const params = new URL(a.url).searchParams;
    expect(params.get("q")).toBe("abcd");
    expect(params.get("x")).toBe("yz");
    // A literal "%00" typed by a user arrives as %2500 and stays.
    expect(new URL((await seen({ path: "/s?q=100%2500" })).url).searchParams.get("q")).toBe("100%00");
  });
});

describe("answers", () => {
  it("pages are not stored by browsers or proxies; public files keep their own caching", async () => {
    expect((await rawRequest(base, { path: "/dashboard" })).headers["cache-control"]).toBe("private, no-store");
    expect((await rawRequest(base, { path: "/dashboard.data" })).headers["cache-control"]).toBe("private, no-store");
    expect((await rawRequest(base, { path: "/favicon.svg" })).headers["cache-control"]).toContain("max-age=3600");
  });

  // Both ways an app leaves a body unread: never reading it, and giving up on it midway (the
  // multipart parser past its limit). Several rounds, because a reset wiping the answer is a race.
  for (const target of ["/upload", "/refuse"]) {
    it(`after an answer that left an upload unread (${target}), the client gets it and its next request on the connection succeeds`, async () => {
      for (let round = 0; round < 5; round++) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const status = await new Promise<number>((resolve, reject) => {
            const req = http.request(`${base}${target}`, { method: "POST", agent, headers: { "Content-Type": "application/octet-stream", "Transfer-Encoding": "chunked" } }, (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode ?? 0));
            });
            req.on("error", reject);
            // Written at once: Node's client stops forwarding 'drain' once the answer has ended.
            for (let i = 0; i < 12; i++) req.write(Buffer.alloc(256 * 1024, 7));
            req.end();
          });
          expect(status).toBe(target === "/refuse" ? 413 : 200);
          const next = await rawRequest(base, { path: "/favicon.svg", agent });
          expect(next.status).toBe(200);
        } finally {
          agent.destroy();
        }
      }
    });
  }

  it("requests the framework refuses itself still carry the security headers", async () => {
    // Node's parser refuses a malformed header line before express sees it.
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(base).port), "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"));
      let text = "";
      socket.on("data", (d) => (text += d));
      socket.on("end", () => resolve(text));
      socket.on("close", () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toMatch(/Content-Security-Policy: [^\r\n]*frame-ancestors 'none'/);
    expect(reply).toContain("X-Frame-Options: DENY");
    // express answers a path it cannot decode; our handler keeps the headers.
    const bad = await rawRequest(base, { path: "/assets/%E0%A4%A" });
    expect(bad.status).toBe(400);
    expect(String(bad.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  });
});

describe("start-up", () => {
  it("in production the server refuses to start without APP_URL, and says why", async () => {
    const port = await freePort();
    const run = await startServer({ BUILD_DIR: dir, PORT: String(port), NODE_ENV: "production", APP_URL: "" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("APP_URL is not set");
  }, 20_000);
});
