/**
 * The "server time at scale" part of `npm run bench` (issue 34 §4): four paths, each measured
 * over HTTP against the production build and, in the same run, against a static file server
 * sending the very bytes the app sent (captured once), with the same autocannon settings. The
 * ratio app/static makes the figures comparable between machines.
 *
 *   - catalogue list at 10k services (`/servicecatalog?view=0`, data/bench-10k.db): p95 ≤ 100 ms
 *   - search result page at 100k (`/servicecatalog?view=0&q=Failover`, data/bench-100k.db): p95 ≤ 120 ms
 *   - catalogue API page (`/api/services?page=10`, 50 full services, the template instance of
 *     scripts/bench-factory.ts): p95 ≤ 150 ms
 *   - service page of the largest demo service (most text and children, on data/bench-10k.db): p95 ≤ 120 ms
 *
 * Besides HTTP, each path's loader alone is timed in-process (median of sequential runs; for the
 * API page the uncached read plus JSON.stringify), and the server's CPU time per request is read
 * from /proc over sequential requests for the page and for its `.data` twin (loader plus
 * serialisation, no rendering): the difference is React's rendering. CPU time is far less
 * disturbed by other tenants of the machine than latency is.
 * The static server is one plain `node:http` process answering from memory.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../app/server/db/schema";
import type { FactoryBenchTools } from "./bench-factory";
import type { Latency } from "./bench-latency";

type DB = Kysely<Database>;

/** The bench's server handling (as the factory bench gets it), plus its measuring. */
export interface ScaleTools extends FactoryBenchTools {
  /** Warm-up and measurement with the bench's autocannon settings. */
  measure: (url: string, headers: Record<string, string>) => Promise<Latency>;
  timeIt: (fn: () => Promise<unknown>, iterations: number) => Promise<{ p50: number; p95: number }>;
}

export interface ScaleOptions {
  workers: string;
  iterations: number;
  /** The template instance's database (scripts/bench-factory.ts prepareFactory). */
  apiDb: string;
}

export interface ScaleRow {
  key: "list" | "search" | "api" | "service";
  name: string;
  path: string;
  target: number;
  app: Latency;
  static: Latency;
  loader: { p50: number; p95: number };
  /** Server CPU ms per request (all its processes), sequential: the page, and its `.data` twin. */
  cpu: { page: number; data: number | null };
  bytes: number;
  load: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU ms used so far by a process and its descendants (Linux /proc; NaN elsewhere). */
function treeCpuMs(pid: number | undefined): number {
  if (!pid || !fs.existsSync("/proc")) return NaN;
  let total = 0;
  const visit = (p: string) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, in clock ticks (100 per second on Linux).
      total += (Number(fields[11]) + Number(fields[12])) * 10;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        for (const child of fs.readFileSync(`/proc/${p}/task/${task}/children`, "utf8").split(" ").filter(Boolean)) visit(child);
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(String(pid));
  return total;
}

/** The server's CPU ms per request over `n` sequential requests (after two unmeasured ones). */
async function cpuPerRequest(server: ChildProcess, url: string, headers: Record<string, string>, n = 20): Promise<number> {
  for (let i = 0; i < 2; i++) await (await fetch(url, { headers })).arrayBuffer();
  const before = treeCpuMs(server.pid);
  for (let i = 0; i < n; i++) await (await fetch(url, { headers })).arrayBuffer();
  return (treeCpuMs(server.pid) - before) / n;
}

/** `/servicecatalog?x` → `/servicecatalog.data?x`: the same loaders without rendering. */
const dataTwin = (p: string) => p.replace(/^([^?]*)/, "$1.data");

/** One `node:http` process answering every request with the captured body. */
async function startStatic(body: Buffer, contentType: string, port: number): Promise<ChildProcess> {
  const file = path.join(os.tmpdir(), `servicehub-bench-static-${process.pid}-${port}`);
  fs.writeFileSync(file, body);
  const code = `const http=require("node:http"),fs=require("node:fs");const body=fs.readFileSync(process.env.FILE);fs.rmSync(process.env.FILE);
http.createServer((q,r)=>{r.writeHead(200,{"Content-Type":process.env.TYPE,"Content-Length":body.length});r.end(body)}).listen(Number(process.env.PORT),"127.0.0.1",()=>console.log("up"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, FILE: file, TYPE: contentType, PORT: String(port) } });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (c) => reject(new Error(`static server exited with ${c}`)));
  });
  return child;
}

interface Scenario {
  key: ScaleRow["key"];
  name: string;
  path: string;
  target: number;
  headers: Record<string, string>;
  loader: () => Promise<unknown>;
}

/** Signs the demo superadmin in on `db` with `catalogue` as their current one; the cookie header. */
async function signIn(db: DB, catalogue: string): Promise<{ cookie: string; userId: number; catalogueId: number }> {
  const { setCurrentCatalogue } = await import("../app/modules/catalogue/catalogue.server");
  const { createSession } = await import("../app/modules/access/session.server");
  const { sessionCookie } = await import("../app/server/cookies.server");
  const c = await db.selectFrom("service_catalogues").select("id").where("title", "=", catalogue).orderBy("id", "desc").executeTakeFirstOrThrow();
  const user = await db.selectFrom("users").select("id").where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
  await setCurrentCatalogue(db, user.id, c.id);
  const cookie = (await sessionCookie.serialize(await createSession(db, user.id, "bench-scale"))).split(";")[0];
  return { cookie, userId: user.id, catalogueId: c.id };
}

/** The demo service with the most content: text bytes plus its options, responsibilities and links. */
export async function largestDemoService(db: DB): Promise<{ id: number; name: string }> {
  const { sql } = await import("kysely");
  const row = await db
    .selectFrom("services as s")
    .innerJoin("service_catalogues as c", "c.id", "s.service_catalogue_id")
    .where("c.title", "not like", "Bench%")
    .where("s.deleted_at", "is", null)
    .select(["s.id", "s.name"])
    .orderBy(
      sql`length(coalesce(s.short_description, '') || coalesce(s.description, '') || coalesce(s.content, '') || coalesce(s.advantages, '') || coalesce(s.costs, ''))
        + 200 * ((select count(*) from service_options o where o.service_id = s.id) + (select count(*) from responsibilities r where r.service_id = s.id) + (select count(*) from service_links l where l.service_id = s.id))`,
      "desc",
    )
    .orderBy("s.id")
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name };
}

/** Points the app's getDb() at `file` (the in-process loaders use it). */
async function useAppDb(file: string): Promise<DB> {
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const g = globalThis as unknown as { __servicehubDb?: DB };
  await g.__servicehubDb?.destroy();
  delete g.__servicehubDb;
  process.env.DATABASE_URL = `file:${file}`;
  const db = createDb(`file:${file}`);
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`    ${file}: applied migrations ${applied.join(", ")}`);
  return db;
}

async function scenariosFor(group: "10k" | "100k" | "api", db: DB): Promise<Scenario[]> {
  const request = (p: string, headers: Record<string, string>) => new Request(new URL(p, "http://bench.local"), { headers });
  const args = (p: string, headers: Record<string, string>, params: Record<string, string> = {}) => ({ request: request(p, headers), params, context: {} });
  if (group === "api") {
    const { rotateApiKey } = await import("../app/modules/settings/api-keys.server");
    const { publishedServices } = await import("../app/modules/api/published-services.server");
    const owner = await db.selectFrom("users").select(["id", "name"]).where("role", "=", "superadmin").orderBy("id").executeTakeFirstOrThrow();
    const key = await rotateApiKey(db, owner);
    const p = "/api/services?page=10";
    // Uncached: the page's queries and its serialisation, what every request paid before the cache.
    const loader = async () => JSON.stringify(await publishedServices(db, { limit: 50, offset: 450 }));
    return [{ key: "api", name: "Catalogue API page (50 full services)", path: p, target: 150, headers: { "X-Api-Key": key, Accept: "application/json" }, loader }];
  }
  const { browserLoader } = await import("../app/modules/catalogue/browser.server");
  const { servicePageLoader } = await import("../app/modules/service/page.server");
  const { cookie } = await signIn(db, group === "10k" ? "Bench 10k" : "Bench 100k");
  const headers = { cookie };
  if (group === "100k") {
    const p = "/servicecatalog?view=0&q=Failover";
    return [{ key: "search", name: 'Search result page "Failover" at 100k', path: p, target: 120, headers, loader: () => browserLoader(request(p, headers)) }];
  }
  const list = "/servicecatalog?view=0";
  const service = await largestDemoService(db);
  const sp = `/servicecatalog/service/${service.id}`;
  return [
    { key: "list", name: "Catalogue list at 10k", path: list, target: 100, headers, loader: () => browserLoader(request(list, headers)) },
    { key: "service", name: `Service page of the largest demo service ("${service.name}")`, path: sp, target: 120, headers, loader: () => servicePageLoader(args(sp, headers, { id: String(service.id) })) },
  ];
}

/** Measures the four paths; databases: data/bench-10k.db, data/bench-100k.db and `o.apiDb`. */
export async function benchScale(o: ScaleOptions, tools: ScaleTools): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  const groups = [
    { group: "10k" as const, file: path.join("data", "bench-10k.db") },
    { group: "100k" as const, file: path.join("data", "bench-100k.db") },
    { group: "api" as const, file: o.apiDb },
  ];
  const rateLimit = process.env.API_RATE_LIMIT;
  process.env.API_RATE_LIMIT = "1000000";
  try {
    for (const { group, file } of groups) {
      console.log(`\n==> server time at scale: ${file}`);
      const db = await useAppDb(file);
      const scenarios = await scenariosFor(group, db);
      const loaders = new Map<string, { p50: number; p95: number }>();
      for (const sc of scenarios) loaders.set(sc.key, await tools.timeIt(sc.loader, o.iterations));
      const port = await tools.freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = tools.startServer(`file:${file}`, port, o.workers);
      try {
        await tools.waitUntilUp(base, server);
        for (const sc of scenarios) {
          const captured = await fetch(base + sc.path, { headers: sc.headers, redirect: "manual" });
          const body = Buffer.from(await captured.arrayBuffer());
          if (captured.status !== 200) throw new Error(`${sc.path}: HTTP ${captured.status}`);
          const cpu = { page: await cpuPerRequest(server, base + sc.path, sc.headers), data: sc.key === "api" ? null : await cpuPerRequest(server, base + dataTwin(sc.path), sc.headers) };
          const app = await tools.measure(base + sc.path, sc.headers);
          const staticPort = await tools.freePort();
          const staticServer = await startStatic(body, captured.headers.get("content-type") ?? "text/html", staticPort);
          let baseline: Latency;
          try {
            baseline = await tools.measure(`http://127.0.0.1:${staticPort}${sc.path}`, sc.headers);
          } finally {
            await tools.stopServer(staticServer);
          }
          const row = { key: sc.key, name: sc.name, path: sc.path, target: sc.target, app, static: baseline, loader: loaders.get(sc.key)!, cpu, bytes: body.length, load: os.loadavg()[0] };
          rows.push(row);
          console.log(`    ${sc.name}: app p95 ${app.p95.toFixed(1)} ms (${app.rps.toFixed(0)} req/s), static p95 ${baseline.p95.toFixed(1)} ms, ratio ${(app.p95 / baseline.p95).toFixed(1)}×, loader p50 ${row.loader.p50.toFixed(1)} ms, CPU/request page ${cpu.page.toFixed(1)} / data ${cpu.data?.toFixed(1) ?? "–"} ms`);
          await sleep(500);
        }
      } finally {
        await tools.stopServer(server);
        await db.destroy();
      }
    }
  } finally {
    if (rateLimit === undefined) delete process.env.API_RATE_LIMIT;
    else process.env.API_RATE_LIMIT = rateLimit;
  }
  return rows;
}

export const scaleMet = (rows: ScaleRow[]) => rows.length === 4 && rows.every((r) => r.app.non2xx === 0 && r.app.p95 <= r.target);

export function renderScale(rows: ScaleRow[], header: string): string {
  const f = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const lines = [header, ""];
  lines.push("| Path | Target p95 | App p50 / p95 / p99 | App req/s | Static p50 / p95 | Static req/s | Ratio p95 app/static | Loader alone p50 / p95 | Server CPU per request: page / `.data` | Response KB | Met |");
  lines.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    lines.push(
      `| ${r.name} \`${r.path}\` | ≤ ${r.target} ms | ${f(r.app.p50)} / **${f(r.app.p95)}** / ${f(r.app.p99)} | ${r.app.rps.toFixed(0)} | ${f(r.static.p50)} / ${f(r.static.p95)} | ${r.static.rps.toFixed(0)} | ${(r.app.p95 / r.static.p95).toFixed(1)}× | ${f(r.loader.p50)} / ${f(r.loader.p95)} | ${f(r.cpu.page)} / ${r.cpu.data === null ? "–" : f(r.cpu.data)} ms | ${(r.bytes / 1024).toFixed(0)} | ${r.app.non2xx === 0 && r.app.p95 <= r.target ? "yes" : "**no**"} |`,
    );
  }
  return lines.join("\n");
}
