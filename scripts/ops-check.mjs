// Graceful shutdown under load (issue 21 §7), against the built app: a fresh SQLite database (or
// a fresh database on the Postgres that DATABASE_URL names), `node server.mjs` with
// SHUTDOWN_DELAY_SECONDS=2, CONNECTIONS clients sending requests (each on its own connection)
// for SECONDS, then SIGTERM in the middle of the burst while a "load balancer" polls /readyz
// every 100 ms and stops sending new requests on its first 503. Prints:
//   answered (by status), 5xx (goal 0), cut — a request sent but never answered (goal 0),
//   refused connections (goal 0 while the balancer did its job), exit code (goal 0), how fast
//   the balancer noticed, time from SIGTERM to exit, and /healthz latency before the stop.
// Usage: npm run build && node scripts/ops-check.mjs [--connections 20] [--seconds 4] [--workers 1]
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CONNECTIONS = arg("connections", 20);
const SECONDS = arg("seconds", 4);
const WORKERS = arg("workers", 1);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

function request(port, p) {
  return new Promise((resolve) => {
    const started = performance.now();
    let connected = false;
    const req = http.get({ host: "127.0.0.1", port, path: p, agent: false, headers: { Connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ kind: "answer", status: res.statusCode, ms: performance.now() - started }));
      res.on("error", () => resolve({ kind: "cut" }));
    });
    req.on("socket", (socket) => socket.on("connect", () => (connected = true)));
    req.on("error", (error) => resolve({ kind: !connected && error.code === "ECONNREFUSED" ? "refused" : "cut", code: error.code }));
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "sh-ops-check-"));
let databaseUrl = `file:${path.join(runDir, "servicehub.db")}`;
let dropPostgres = null;
if (process.env.DATABASE_URL?.startsWith("postgres")) {
  const name = `sh_ops_${crypto.randomBytes(4).toString("hex")}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropPostgres = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
execFileSync("npx", ["tsx", "scripts/migrate.ts"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" });

const port = await freePort();
const server = spawn(process.execPath, ["server.mjs"], {
  env: { SESSION_SECRET: "ops-check-session-secret-0123456789", ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", APP_URL: `http://127.0.0.1:${port}`, LOG_REQUESTS: "0", WEB_CONCURRENCY: String(WORKERS), SHUTDOWN_DELAY_SECONDS: "2", SHUTDOWN_TIMEOUT_SECONDS: "10" },
  stdio: ["ignore", "ignore", "inherit"],
});
const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
for (;;) {
  const r = await request(port, "/readyz");
  if (r.kind === "answer" && r.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// /healthz latency on a quiet server.
const health = [];
for (let i = 0; i < 200; i++) {
  const r = await request(port, "/healthz");
  if (r.kind === "answer" && r.status === 200) health.push(r.ms);
}

const paths = ["/login", "/healthz", "/login?lng=en", "/no-such-page", "/favicon.ico"];
const counts = { answered: 0, byStatus: {}, fiveXX: 0, cut: 0, cutCodes: {}, refused: 0 };
// The load balancer: polls /readyz and takes the server out of rotation on the first 503; the
// clients then start no new request there (their requests in flight go on).
let inRotation = true;
let noticedAfterMs = null;
let signalledAt = 0;
const balancer = (async () => {
  while (inRotation) {
    const r = await request(port, "/readyz");
    if (r.kind === "answer" && r.status === 503) {
      inRotation = false;
      noticedAfterMs = Math.round(performance.now() - signalledAt);
    }
    if (r.kind !== "answer") inRotation = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const client = async (n) => {
  for (let i = n; inRotation; i++) {
    const p = paths[i % paths.length];
    const r = await request(port, p);
    if (r.kind === "refused") {
      counts.refused++;
      continue;
    }
    if (r.kind === "cut") {
      counts.cut++;
      counts.cutCodes[r.code ?? "ended"] = (counts.cutCodes[r.code ?? "ended"] ?? 0) + 1;
      continue;
    }
    counts.answered++;
    counts.byStatus[r.status] = (counts.byStatus[r.status] ?? 0) + 1;
    if (r.status >= 500) counts.fiveXX++;
  }
};
const clients = Array.from({ length: CONNECTIONS }, (_, n) => client(n));
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
signalledAt = performance.now();
server.kill("SIGTERM");
const code = await exited;
const drainMs = performance.now() - signalledAt;
await Promise.all([...clients, balancer]);
const after = await request(port, "/readyz");
await dropPostgres?.();
fs.rmSync(runDir, { recursive: true, force: true });

const result = {
  database: databaseUrl.startsWith("postgres") ? "postgres" : "sqlite",
  workers: WORKERS,
  connections: CONNECTIONS,
  healthzMs: { p50: +percentile(health, 50).toFixed(1), p95: +percentile(health, 95).toFixed(1), n: health.length },
  answered: counts.answered,
  byStatus: counts.byStatus,
  balancerNoticedMs: noticedAfterMs,
  "5xx": counts.fiveXX,
  cut: counts.cut,
  cutCodes: counts.cutCodes,
  refused: counts.refused,
  newConnectionAfterExit: after.kind,
  exitCode: code,
  sigtermToExitMs: Math.round(drainMs),
  load: os.loadavg().map((l) => +l.toFixed(2)),
};
console.log(JSON.stringify(result, null, 2));
process.exit(counts.fiveXX === 0 && counts.cut === 0 && code === 0 ? 0 : 1);
