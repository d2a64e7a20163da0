/**
 * `npm run loadtest`: mixed reads and writes against the built app, then a check that every
 * acknowledged write is in the database (issue 21 §3).
 *
 *   npm run build && npm run loadtest -- [--duration 60] [--connections 50] [--workers auto]
 *       [--users 10] [--services 500] [--timeout 30] [--keep]
 *
 * 1. A fresh database: an SQLite file under data/loadtest-…/ or, when DATABASE_URL is a Postgres
 *    URL, a new database sh_load_… on that server (dropped afterwards unless --keep). Migrated,
 *    demo content, a catalogue "Lasttest" of --services services, --users keyusers.
 * 2. `node server.mjs` as in production (NODE_ENV=production, WEB_CONCURRENCY=--workers,
 *    default auto = one process per core) on a free loopback port; the users sign in through
 *    the login form.
 * 3. --connections loops, each one request at a time, for --duration seconds: the dashboard, the
 *    catalogue browser with a search, service pages, base-data lists (reads); creating services
 *    through the create menu, saving a service's details with the version its form carried,
 *    creating owners, providers, service levels and glossary terms (writes).
 * 4. The server is stopped; every write it acknowledged (a redirect after the post) is looked
 *    up in the database (scripts/loadtest-verify.ts).
 * Prints requests, counts and latency p50/p95/p99 per kind, 5xx, timeouts, missing writes.
 * Exits 1 when a goal is missed (5xx, timeouts, network errors, unexpected answers or missing
 * writes above 0), 2 when it cannot run (no build).
 */
import crypto from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import { buildProblem, signIn, startApp, type AppProcess } from "./app-process";
import { freshDatabase, SEARCH_TERMS, seedLoadDatabase } from "./loadtest-setup";
import { verifyAcknowledged } from "./loadtest-verify";
import { isWrite, KINDS, runWorkload, type Tally } from "./loadtest-work";

process.env.SESSION_SECRET ??= "servicehub-loadtest-secret-0123456789";
const { createDb } = await import("../app/server/db/db.server");

interface Options {
  durationS: number;
  connections: number;
  workers: string;
  users: number;
  services: number;
  timeoutS: number;
  keep: boolean;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { durationS: 60, connections: 50, workers: "auto", users: 10, services: 500, timeoutS: 30, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = (name: string) => {
      const n = Number(argv[++i]);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: a positive number`);
      return n;
    };
    if (a === "--duration") o.durationS = num(a);
    else if (a === "--connections") o.connections = Math.floor(num(a));
    else if (a === "--workers") o.workers = argv[++i] ?? "auto";
    else if (a === "--users") o.users = Math.floor(num(a));
    else if (a === "--services") o.services = Math.floor(num(a));
    else if (a === "--timeout") o.timeoutS = num(a);
    else if (a === "--keep") o.keep = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

/** Nearest-rank percentile. */
function percentile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN;
}
const ms = (x: number) => (Number.isNaN(x) ? "–" : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function printTally(tally: Tally, elapsedS: number) {
  const rows = [["kind", "requests", "p50 ms", "p95 ms", "p99 ms", "answers"]];
  const all: number[] = [];
  for (const kind of KINDS) {
    const lat = [...tally.latencies[kind]].sort((a, b) => a - b);
    all.push(...lat);
    const statuses = Object.entries(tally.statuses[kind])
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    const count = Object.values(tally.statuses[kind]).reduce((a, b) => a + b, 0);
    rows.push([`${kind}${isWrite(kind) ? " (write)" : ""}`, String(count), ms(percentile(lat, 0.5)), ms(percentile(lat, 0.95)), ms(percentile(lat, 0.99)), statuses]);
  }
  all.sort((a, b) => a - b);
  rows.push(["all", String(tally.requests), ms(percentile(all, 0.5)), ms(percentile(all, 0.95)), ms(percentile(all, 0.99)), `${(tally.requests / elapsedS).toFixed(1)} req/s`]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows) console.log(r.map((cell, c) => (c === 0 || c === 5 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const problem = buildProblem();
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  const target = await freshDatabase(process.env.DATABASE_URL);
  const runId = crypto.randomBytes(3).toString("hex");
  let app: AppProcess | null = null;
  let failed = true;
  const stopOnSignal = () => void app?.kill().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    console.log(`Load test ${runId}: ${target.label}; ${o.connections} connections, ${o.durationS} s, WEB_CONCURRENCY=${o.workers}, ${os.availableParallelism()} cores.`);
    const setupDb = createDb(target.url);
    const seeded = await seedLoadDatabase(setupDb, { users: o.users, services: o.services, categories: 8 }).finally(() => setupDb.destroy());
    console.log(`  seeded: ${seeded.serviceIds.length} services in ${seeded.categoryIds.length} categories, ${seeded.users.length} keyusers (plus the demo content)`);
    app = await startApp({ databaseUrl: target.url, workers: o.workers });
    const cookies: string[] = [];
    for (const u of seeded.users) cookies.push(await signIn(app.baseURL, u.email, u.password));
    // One of each read first, so the first measured requests do not pay for cold caches alone.
    for (const p of ["/dashboard", "/servicecatalog?q=Backup", `/servicecatalog/service/${seeded.serviceIds[0]}`, "/basedata/owner"]) await (await fetch(`${app.baseURL}${p}`, { headers: { Cookie: cookies[0] } })).text();

    const loadBefore = loadavg();
    console.log(`  load average before: ${loadBefore}`);
    const { tally, acked, elapsedS } = await runWorkload(
      { baseURL: app.baseURL, cookies, categoryIds: seeded.categoryIds, serviceIds: [...seeded.serviceIds], searchTerms: SEARCH_TERMS, runId },
      {
        durationS: o.durationS,
        connections: o.connections,
        timeoutMs: o.timeoutS * 1000,
        progress: (n, t) => {
          if (Math.floor(t) % 10 === 0) console.log(`  … ${Math.floor(t)} s, ${n} requests`);
        },
      },
    );
    const loadAfter = loadavg();
    await app.stop();
    app = null;

    const db = createDb(target.url);
    let verification;
    let integrity = "ok";
    try {
      verification = await verifyAcknowledged(db, acked, tally.uncertain);
      if (target.dialect === "sqlite") {
        const { rows } = await sql<{ quick_check: string }>`pragma quick_check`.execute(db);
        integrity = rows.map((r) => r.quick_check).join("; ");
      }
    } finally {
      await db.destroy();
    }

    console.log("");
    printTally(tally, elapsedS);
    console.log("");
    const writes = acked.services.length + acked.edits.length + acked.basedata.length;
    const lines: [string, string | number, boolean | null][] = [
      ["database", target.label, null],
      ["duration", `${elapsedS.toFixed(1)} s at ${o.connections} connections, WEB_CONCURRENCY=${o.workers}`, null],
      ["load average (1/5/15 min) before → after", `${loadBefore} → ${loadAfter}`, null],
      ["requests", tally.requests, null],
      ["acknowledged writes", `${writes} (services created ${acked.services.length}, service edits ${acked.edits.length}, base-data rows ${acked.basedata.length})`, null],
      ["stale edits refused (409, expected under contention)", tally.stale, null],
      ["5xx (goal 0)", tally.serverErrors, tally.serverErrors === 0],
      ["timeouts (goal 0)", tally.timeouts, tally.timeouts === 0],
      ["network errors (goal 0)", tally.networkErrors, tally.networkErrors === 0],
      ["unexpected answers (goal 0)", tally.unexpected, tally.unexpected === 0],
      ["missing writes (goal 0)", `${verification.missing.length} of ${verification.checked} checked`, verification.missing.length === 0],
      ...(target.dialect === "sqlite" ? [["integrity (quick_check)", integrity, integrity === "ok"] as [string, string, boolean]] : []),
    ];
    for (const [what, value, met] of lines) console.log(`${what.padEnd(52)} ${value}${met === null ? "" : met ? "  ✓" : "  ✗"}`);
    for (const line of tally.examples) console.log(`  e.g. ${line}`);
    for (const line of verification.missing.slice(0, 20)) console.log(`  missing: ${line}`);
    failed = lines.some(([, , met]) => met === false);
    console.log(failed ? "\nA goal was missed." : "\nEvery goal met.");
  } finally {
    if (app) await app.kill();
    if (o.keep) console.log(`  kept: ${target.label}`);
    else await target.remove();
  }
  process.exit(failed ? 1 : 0);
}

await main();
