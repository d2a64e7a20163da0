/**
 * The logs part of `npm run bench` (issue 13 §6): /admin/logs over a million activities.
 *
 * 1. SQLite: data/bench-logs-<n>.db with a superadmin, 40 users and N activities
 *    (scripts/gen-activities.ts, batched multi-row inserts in one transaction), made unless present.
 *    Postgres (with `--logs-pg <url>` or BENCH_POSTGRES_URL): database `sh_bench_logs` on that
 *    server, filled the same way unless it already holds N activities.
 * 2. Per database: the query plan of every scenario (EXPLAIN QUERY PLAN / EXPLAIN; `indexed` must
 *    hold or the bench fails), `listLogs` timed in-process, then the page over HTTP: `node
 *    server.mjs` on the database, autocannon at `--connections` (10) for the page scenarios.
 * Imported by scripts/bench.ts after it has set SESSION_SECRET (the cookie is signed here).
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { sessionCookie } from "../app/server/cookies.server";
import { createSession } from "../app/modules/access/session.server";
import { createUser } from "../app/modules/access/user.server";
import { createDb } from "../app/server/db/db.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import type { Database } from "../app/server/db/schema";
import { EMPTY_FILTER, logsHref, type LogsQuery } from "../app/modules/logs/logs-query";
import { listLogs, logsPagePlan } from "../app/modules/logs/logs.server";
import { ensureCausers, generateActivities } from "./gen-activities";
import type { Latency } from "./bench-latency";

type DB = Kysely<Database>;
export type Stats = { n: number; p50: number; p95: number; p99: number; max: number };
export interface Http extends Latency {
  errors: number;
  load: number;
  mode: "duration" | "amount";
}

/** What scripts/bench.ts lends: its measuring and server helpers. */
export interface BenchTools {
  measure: (url: string, cookie: string) => Promise<Http>;
  timeIt: (fn: () => Promise<unknown>, iterations: number) => Promise<Stats>;
  startServer: (url: string, port: number) => ChildProcess;
  stopServer: (child: ChildProcess) => Promise<void>;
  freePort: () => Promise<number>;
  waitUntilUp: (base: string, child: ChildProcess) => Promise<void>;
  ms: (x: number | undefined) => string;
}

export interface LogsBenchOptions {
  activities: number;
  fresh: boolean;
  postgres: string | null;
  connections: number;
  duration: number;
  iterations: number;
}

interface Scenario {
  key: string;
  name: string;
  query: LogsQuery;
  http: boolean;
}

export interface LogsDbReport {
  dialect: "SQLite" | "Postgres";
  location: string;
  activities: number;
  genS: number | null;
  scenarios: Scenario[];
  plans: Record<string, { index: string | null; indexed: boolean; sorts: boolean; lines: string[] }>;
  inProcess: Record<string, Stats>;
  http: Record<string, Http>;
  matches: Record<string, number>;
}

const EMAIL = "bench-logs-admin@example.com";
const sizeLabel = (n: number) => (n % 1_000_000 === 0 ? `${n / 1_000_000}m` : n % 1000 === 0 ? `${n / 1000}k` : String(n));

/** The superadmin who reads the logs, and the 40 users who caused the activities. */
async function people(db: DB) {
  const found = await db.selectFrom("users").select("id").where("email", "=", EMAIL).executeTakeFirst();
  const admin = found?.id ?? (await createUser(db, { name: "Bench Admin", email: EMAIL, password: "bench-logs-password", role: "superadmin" }));
  return { admin, causers: await ensureCausers(db, 40) };
}

async function fill(db: DB, o: LogsBenchOptions, label: string): Promise<number | null> {
  await migrateToLatest(db);
  const { causers } = await people(db);
  const have = Number((await db.selectFrom("activities").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  if (have === o.activities) return null;
  // Exactly N activities, ids and times rising together (setting up the admin wrote one "now").
  await db.deleteFrom("activities").execute();
  console.log(`==> ${label}: generating ${o.activities} activities`);
  let last = 0;
  const ms = await generateActivities(db, {
    count: o.activities,
    causers,
    seed: 7,
    until: new Date("2026-11-01T12:00:00Z"),
    batch: 500,
    onProgress: (n) => {
      if (n - last >= 100_000) console.log(`    ${(last = n)} …`);
    },
  });
  // Postgres plans from statistics; autovacuum would gather them soon after such a load anyway.
  if (label.startsWith("Postgres")) await sql`analyze activities`.execute(db);
  return ms / 1000;
}

/** Scenarios on the generated data: the newest page, a page deep down, and the filters. */
async function scenarios(db: DB): Promise<Scenario[]> {
  const q = (over: Partial<LogsQuery>): LogsQuery => ({ ...EMPTY_FILTER, before: null, after: null, ...over });
  const max = Number((await db.selectFrom("activities").select((eb) => eb.fn.max("id").as("m")).executeTakeFirstOrThrow()).m);
  // A typical user (the 10th most active of 40) and the most active one.
  const typical = (await db.selectFrom("users").select("id").where("email", "=", "log-user-10@bench.example").executeTakeFirstOrThrow()).id;
  const busiest = (await db.selectFrom("users").select("id").where("email", "=", "log-user-1@bench.example").executeTakeFirstOrThrow()).id;
  return [
    { key: "first", name: "First page", query: q({}), http: true },
    { key: "deep", name: "A page half-way down (before=)", query: q({ before: Math.floor(max / 2) }), http: true },
    { key: "user", name: "By user", query: q({ user: typical }), http: true },
    { key: "event", name: "By event (trashed, 1 %)", query: q({ event: "trashed" }), http: true },
    { key: "userEvent", name: "By user and event (login)", query: q({ user: busiest, event: "login" }), http: true },
    { key: "subject", name: "By subject type (kpi)", query: q({ subject: "kpi" }), http: false },
    { key: "rare", name: "By event, rare (restored, 0.5 %), older page", query: q({ event: "restored", before: Math.floor(max / 2) }), http: false },
    { key: "week", name: "By a week half a year back", query: q({ from: "2026-05-04", to: "2026-05-10" }), http: false },
  ];
}

async function benchOne(dialect: "SQLite" | "Postgres", url: string, location: string, o: LogsBenchOptions, tools: BenchTools, genS: number | null): Promise<LogsDbReport> {
  const db = createDb(url);
  const report: LogsDbReport = { dialect, location, activities: 0, genS, scenarios: [], plans: {}, inProcess: {}, http: {}, matches: {} };
  try {
    report.activities = Number((await db.selectFrom("activities").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    report.scenarios = await scenarios(db);
    console.log(`\n==> logs on ${dialect} (${report.activities} activities)`);
    for (const sc of report.scenarios) {
      const plan = await logsPagePlan(db, sc.query);
      report.plans[sc.key] = plan;
      report.matches[sc.key] = (await listLogs(db, sc.query)).entries.length;
      report.inProcess[sc.key] = await tools.timeIt(() => listLogs(db, sc.query), o.iterations);
      console.log(`    ${sc.name.padEnd(44)} ${plan.indexed ? "index" : "NO INDEX"} (${plan.index ?? "–"}${plan.sorts ? ", sorts" : ""}); listLogs p50 ${tools.ms(report.inProcess[sc.key].p50)} / p95 ${tools.ms(report.inProcess[sc.key].p95)} ms`);
      if (!plan.indexed) console.log(plan.lines.map((l) => `        ${l}`).join("\n"));
    }
    const { admin } = await people(db);
    const sessionId = await createSession(db, admin, "bench");
    const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0];
    const port = await tools.freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = tools.startServer(url, port);
    try {
      await tools.waitUntilUp(base, server);
      for (const sc of report.scenarios.filter((s) => s.http)) {
        const href = logsHref(sc.query, { before: sc.query.before ?? undefined });
        const res = await fetch(base + href, { headers: { cookie }, redirect: "manual" });
        const body = await res.text();
        if (res.status !== 200 || !body.includes('data-testid="logs-table"')) throw new Error(`${href}: HTTP ${res.status}, no logs table`);
        const h = await tools.measure(base + href, cookie);
        report.http[sc.key] = h;
        console.log(`    HTTP ${sc.name.padEnd(39)} p50 ${tools.ms(h.p50).padStart(6)} ms  p95 ${tools.ms(h.p95).padStart(6)} ms  ${h.rps.toFixed(1)} req/s (${h.requests} req, non-2xx ${h.non2xx}, errors ${h.errors})`);
      }
    } finally {
      await tools.stopServer(server);
    }
    await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  } finally {
    await db.destroy();
  }
  return report;
}

export interface LogsDatabase {
  dialect: "SQLite" | "Postgres";
  url: string;
  location: string;
  genS: number | null;
}

/** Makes the databases that are missing (SQLite; Postgres when a server is named); before the load gate. */
export async function prepareLogs(o: LogsBenchOptions): Promise<LogsDatabase[]> {
  const out: LogsDatabase[] = [];
  const file = path.join("data", `bench-logs-${sizeLabel(o.activities)}.db`);
  if (o.fresh) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  let genS: number | null = null;
  if (!fs.existsSync(file)) {
    const partial = file.replace(/\.db$/, ".partial.db");
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(f, { force: true });
    const db = createDb(`file:${partial}`);
    try {
      genS = await fill(db, o, "SQLite");
    } finally {
      await db.destroy();
    }
    fs.renameSync(partial, file);
  }
  out.push({ dialect: "SQLite", url: `file:${file}`, location: file, genS });

  if (!o.postgres) {
    console.log("    (logs on Postgres skipped: pass --logs-pg postgres://… or set BENCH_POSTGRES_URL)");
    return out;
  }
  const target = new URL(o.postgres);
  target.pathname = "/sh_bench_logs";
  const admin = createDb(o.postgres);
  try {
    if (o.fresh) await sql`drop database if exists sh_bench_logs with (force)`.execute(admin);
    const exists = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = 'sh_bench_logs'`.execute(admin);
    if (!exists.rows[0]?.n) await sql`create database sh_bench_logs`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const db = createDb(target.toString());
  try {
    out.push({ dialect: "Postgres", url: target.toString(), location: `${target.host}/sh_bench_logs`, genS: await fill(db, o, "Postgres") });
  } finally {
    await db.destroy();
  }
  return out;
}

/** Plans, in-process and HTTP latency on each prepared database. */
export async function benchLogs(databases: LogsDatabase[], o: LogsBenchOptions, tools: BenchTools): Promise<LogsDbReport[]> {
  const reports: LogsDbReport[] = [];
  for (const d of databases) reports.push(await benchOne(d.dialect, d.url, d.location, o, tools, d.genS));
  return reports;
}

/** The markdown of the logs results (docs/benchmarks.md, between the bench:logs markers). */
export function renderLogs(reports: LogsDbReport[], o: LogsBenchOptions, ms: (x: number | undefined) => string, header: string): string {
  const lines: string[] = [header, ""];
  lines.push("| Database | Activities | Generated in |");
  lines.push("| --- | --- | --- |");
  for (const r of reports) lines.push(`| ${r.dialect} (\`${r.location}\`) | ${r.activities.toLocaleString("en")} | ${r.genS === null ? "(reused)" : `${r.genS.toFixed(0)} s`} |`);
  lines.push("");
  lines.push(`| Database | Scenario | Rows | Plan | listLogs p50 / p95 (ms) | HTTP p50 | HTTP p95 | req/s | non-2xx / errors |`);
  lines.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of reports) {
    for (const sc of r.scenarios) {
      const p = r.plans[sc.key];
      const l = r.inProcess[sc.key];
      const h = r.http[sc.key];
      const plan = `${p.indexed ? "index" : "**no index**"}: \`${p.index ?? "–"}\`${p.sorts ? " + sort" : ""}`;
      lines.push(`| ${r.dialect} | ${sc.name} | ${r.matches[sc.key]} | ${plan} | ${ms(l.p50)} / ${ms(l.p95)} | ${h ? ms(h.p50) : "–"} | ${h ? ms(h.p95) : "–"} | ${h ? h.rps.toFixed(1) : "–"} | ${h ? `${h.non2xx} / ${h.errors}` : "–"} |`);
    }
  }
  lines.push("");
  lines.push(`HTTP: autocannon, ${o.connections} connections, ${o.duration} s per scenario after a warm-up; in-process: \`listLogs\` (page + neighbour probe + subject names), ${o.iterations} runs, sequential.`);
  lines.push("");
  lines.push("Plans (first scenario of each kind):");
  lines.push("");
  for (const r of reports) {
    for (const key of ["first", "user", "event", "userEvent", "week"]) {
      const p = r.plans[key];
      if (p) lines.push(`- ${r.dialect}, ${r.scenarios.find((s) => s.key === key)?.name}: \`${p.lines.join(" → ").replace(/\s+/g, " ")}\``);
    }
  }
  return lines.join("\n");
}
