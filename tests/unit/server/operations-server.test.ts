import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../support/raw-http";

// server.mjs in front of a stub build (issue 21 §5, §7): health, readiness, version, request
// logs, HSTS, and graceful shutdown with a request in flight — one process and a cluster of two.
// The stub's /slow answers only once the test creates the file `release` in the build directory,
// so "in flight" is certain and no timing is guessed.

const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function stubBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sh-ops-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "server"), { recursive: true });
  fs.mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  fs.writeFileSync(path.join(dir, "client", "favicon.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "version.json"), JSON.stringify({ version: "9.8.7", commit: "abcdef1234567" }));
  fs.writeFileSync(
    path.join(dir, "server", "index.js"),
    `import fs from "node:fs";
     import path from "node:path";
     const release = path.join(${JSON.stringify(dir)}, "release");
     let listener = null;
     // A second worker that never finishes starting (a slow machine, a big build).
     if (process.env.STUB_SLOW_WORKER && (await import("node:cluster")).default.worker?.id === 2) await new Promise(() => {});
     const handle = async (request) => {
       const url = new URL(request.url);
       if (url.pathname === "/slow") {
         console.log("SLOW-STARTED");
         while (!fs.existsSync(release)) await new Promise((r) => setTimeout(r, 20));
         return new Response("finished", { status: 200 });
       }
       if (url.pathname === "/as-user") listener?.(request.headers.get("x-request-id"), 42);
       return new Response(JSON.stringify({ url: request.url }), { status: 200, headers: { "Content-Type": "application/json" } });
     };
     const databaseReachable = () =>
       process.env.STUB_DB === "down" ? Promise.reject(new Error("down")) : process.env.STUB_DB === "hang" ? new Promise(() => {}) : Promise.resolve(true);
     export const entry = { module: { default: handle, databaseReachable, closeDatabase: async () => console.log("DB-CLOSED"), onRequestUser: (l) => { listener = l; } } };
     const page = { default: () => null };
     export const routes = { root: { id: "root", path: "", module: page }, rest: { id: "rest", parentId: "root", path: "*", module: page } };
     export const assets = { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" };
     export const publicPath = "/"; export const assetsBuildDirectory = ""; export const future = {}; export const basename = "/"; export const isSpaMode = false;`,
  );
  return dir;
}

interface Started {
  base: string;
  dir: string;
  exited: Promise<number | null>;
  output: () => string;
  signal: (name: NodeJS.Signals) => void;
}

async function start(env: Record<string, string> = {}): Promise<Started> {
  const dir = stubBuild();
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, HOST: "127.0.0.1", NODE_ENV: "test", BUILD_DIR: dir, PORT: String(port), LOG_REQUESTS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 150 || child.exitCode !== null) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, dir, exited, output: () => output, signal: (name) => child.kill(name) };
}

/** A GET on its own connection; resolves with status and body once the answer is complete. */
function get(base: string, p: string): Promise<{ status: number; body: string }> {
  return rawRequest(base, { path: p }).then((a) => ({ status: a.status, body: a.body }));
}

const refused = (base: string) =>
  new Promise<boolean>((resolve) => {
    const req = http.get(`${base}/readyz`, { agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on("error", () => resolve(true));
  });

async function waitForOutput(s: Started, text: string) {
  await expect.poll(() => s.output(), { timeout: 10_000 }).toContain(text);
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("health, readiness, version", () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  }, 20_000);
  afterAll(async () => {
    s.signal("SIGTERM");
    await s.exited;
  });

  it("/healthz answers 200 JSON when the database query works, with the version", async () => {
    const answer = await rawRequest(s.base, { path: "/healthz" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(answer.body)).toEqual({ status: "ok", database: "ok", version: "9.8.7+abcdef123456" });
  });

  it("/readyz answers 200 once started", async () => {
    expect(await get(s.base, "/readyz")).toEqual({ status: 200, body: JSON.stringify({ status: "ready" }) });
  });

  it("every answer names the version and a request id; a client's request id does not count without TRUST_PROXY", async () => {
    for (const p of ["/", "/servicecatalog?q=x", "/favicon.svg", "/healthz", "/%E0%A4%A"]) {
      const answer = await rawRequest(s.base, { path: p, headers: { "X-Request-Id": "client-chosen-id-123" } });
      expect(answer.headers["x-servicehub-version"], p).toBe("9.8.7+abcdef123456");
      expect(answer.headers["x-request-id"], p).toMatch(/^[A-Za-z0-9_-]{16}$/);
    }
  });

  it("no HSTS over plain http, not even when a client claims X-Forwarded-Proto without TRUST_PROXY", async () => {
    expect((await rawRequest(s.base, { path: "/" })).headers["strict-transport-security"]).toBeUndefined();
    expect((await rawRequest(s.base, { path: "/", headers: { "X-Forwarded-Proto": "https" } })).headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("behind a trusted TLS proxy", () => {
  it("HSTS when the proxy says the request came over https; the proxy's request id is kept", async () => {
    const s = await start({ TRUST_PROXY: "1" });
    try {
      const tls = await rawRequest(s.base, { path: "/", headers: { "X-Forwarded-Proto": "https", "X-Request-Id": "proxy-request-0001" } });
      expect(tls.headers["strict-transport-security"]).toBe("max-age=31536000");
      expect(tls.headers["x-request-id"]).toBe("proxy-request-0001");
      expect(new URL(JSON.parse(tls.body).url).protocol).toBe("https:");
      expect((await rawRequest(s.base, { path: "/", headers: { "X-Forwarded-Proto": "http" } })).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      s.signal("SIGTERM");
      await s.exited;
    }
  }, 20_000);
});

describe("/healthz without a database", () => {
  it("answers 503 when the query fails, and 503 within a few seconds when it hangs", async () => {
    for (const mode of ["down", "hang"]) {
      const s = await start({ STUB_DB: mode });
      try {
        const before = Date.now();
        const answer = await rawRequest(s.base, { path: "/healthz" });
        expect(answer.status, mode).toBe(503);
        expect(JSON.parse(answer.body), mode).toMatchObject({ status: "unavailable", database: "unreachable" });
        expect(Date.now() - before, mode).toBeLessThan(5_000);
        expect((await get(s.base, "/readyz")).status, mode).toBe(200);
      } finally {
        s.signal("SIGTERM");
        await s.exited;
      }
    }
  }, 30_000);
});

describe("request logs", () => {
  it("one JSON line per request: path without query, status, duration, user id and request id; nothing else personal", async () => {
    const s = await start({ LOG_REQUESTS: "1" });
    try {
      const answer = await rawRequest(s.base, { path: "/as-user?token=secret-token&email=a%40b.example", headers: { "User-Agent": "Agent/1.0" } });
      await get(s.base, "/readyz");
      await expect.poll(() => s.output().split("\n").filter((l) => l.startsWith("{")).length).toBeGreaterThanOrEqual(3);
      const lines = s
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const line = lines.find((l) => l.path === "/as-user");
      expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/as-user", status: 200, user: 42, req: answer.headers["x-request-id"] });
      expect(typeof line?.ms).toBe("number");
      expect(Date.parse(String(line?.time))).not.toBeNaN();
      expect(lines.find((l) => l.path === "/readyz")).toMatchObject({ status: 200, user: null });
      expect(s.output()).not.toMatch(/secret-token|a@b\.example|a%40b|Agent\/1\.0|127\.0\.0\.1"/);
    } finally {
      s.signal("SIGTERM");
      await s.exited;
    }
  }, 20_000);

  it("LOG_REQUESTS=0 turns them off", async () => {
    const s = await start({ LOG_REQUESTS: "0" });
    try {
      await get(s.base, "/as-user");
      s.signal("SIGTERM");
      await s.exited;
      expect(s.output()).not.toContain('"msg":"request"');
    } finally {
      s.signal("SIGTERM");
    }
  }, 20_000);
});

describe("graceful shutdown", () => {
  for (const workers of ["1", "2"]) {
    it(`SIGTERM with a request in flight (WEB_CONCURRENCY=${workers}): readyz 503, no new connections, the request finishes with 200, the database is closed, exit 0`, async () => {
      const s = await start({ WEB_CONCURRENCY: workers, SHUTDOWN_DELAY_SECONDS: "2", SHUTDOWN_TIMEOUT_SECONDS: "20" });
      const slow = get(s.base, "/slow");
      await waitForOutput(s, "SLOW-STARTED");
      s.signal("SIGTERM");
      // Draining: still accepting during the delay, but no longer ready.
      await expect.poll(async () => (await get(s.base, "/readyz").catch(() => ({ status: 0 }))).status, { timeout: 10_000, interval: 50 }).toBe(503);
      // After the delay: no new connections.
      await expect.poll(() => refused(s.base), { timeout: 10_000, interval: 100 }).toBe(true);
      fs.writeFileSync(path.join(s.dir, "release"), "");
      expect(await slow).toEqual({ status: 200, body: "finished" });
      expect(await s.exited).toBe(0);
      expect(s.output().match(/DB-CLOSED/g)?.length).toBe(Number(workers));
    }, 40_000);
  }

  it("SIGTERM while a worker is still starting: a clean stop, exit 0", async () => {
    const s = await start({ WEB_CONCURRENCY: "2", STUB_SLOW_WORKER: "1", SHUTDOWN_DELAY_SECONDS: "0" });
    s.signal("SIGTERM");
    expect(await s.exited).toBe(0);
  }, 20_000);

  it("a request that outlasts SHUTDOWN_TIMEOUT_SECONDS is cut and the exit code says so", async () => {
    const s = await start({ SHUTDOWN_TIMEOUT_SECONDS: "1" });
    const slow = get(s.base, "/slow").catch((error: Error) => error);
    await waitForOutput(s, "SLOW-STARTED");
    s.signal("SIGTERM");
    expect(await s.exited).toBe(1);
    expect(await slow).toBeInstanceOf(Error);
  }, 20_000);
});
