/**
 * `npm run bench`: latency of the catalogue browser on a 10k and a 100k service database.
 *
 *   npm run bench -- [--no-build] [--fresh] [--sizes 10000,100000] [--duration 10] [--connections 10]
 *                    [--term Failover] [--suggest-term Notebook] [--workers auto] [--max-load 1.5]
 *                    [--load-retries 10] [--no-doc] [--logs 1000000] [--logs-only] [--logs-pg postgres://…]
 *                    [--word 1000] [--word-only] [--word-runs 3] [--csv] [--csv-runs 3]
 *                    [--factory 1000] [--factory-only] [--reports] [--no-reports] [--scale] [--no-scale]
 *                    [--releases] [--no-releases]
 *
 * 1. Builds the app into build-bench/ (BUILD_DIR) unless --no-build.
 * 2. Generates data/bench-10k.db and data/bench-100k.db with scripts/gen-catalogue.ts (demo users
 *    plus a "Bench 10k"/"Bench 100k" catalogue, seed 42) unless present; --fresh regenerates.
 * 3. Waits until the 1-minute load average is below --max-load (the machine is shared).
 * 4. Per database: applies pending migrations, signs the demo superadmin in through a session row, makes the generated catalogue
 *    their current one, times the page loader in-process (no HTTP, no rendering) with a
 *    per-query breakdown, then starts `node server.mjs` (NODE_ENV=production, WEB_CONCURRENCY=--workers) on a free port and
 *    runs autocannon (10 connections, 10 s, after a 3 s warm-up) against: list, tree (collapsed
 *    and expand=all), search, filter combination, the search box's suggestion request. Finally it times the search SQL in-process,
 *    index vs. plain LIKE scan (searchServices(..., { forceScan })), same term, alternating.
 * 5. The logs list (scripts/bench-logs.ts): --logs N activities (default a million, 0 skips) on
 *    SQLite and, with --logs-pg or BENCH_POSTGRES_URL, on Postgres: query plans, in-process and
 *    HTTP latency. --logs-only skips the catalogue.
 * 6. The Word export (scripts/bench-word.ts): a catalogue of --word N services (default 1,000, 0
 *    skips) with full texts, exported --word-runs times in fresh processes (time, peak memory, file
 *    size, read back) and once over HTTP; the bench fails when a run takes 10 s or 300 MB or more.
 *    --word-only skips the catalogue and the logs.
 * 7. The services CSV of /tools (scripts/bench-csv.ts): the 10k catalogue exported --csv-runs times
 *    in-process and over HTTP; the bench fails when a download takes 5 s or more. Runs whenever the
 *    10k database is measured; --csv measures only this (and makes data/bench-10k.db if missing).
 * 8. The template import (scripts/bench-factory.ts): --factory N services (default 1,000, 0 skips)
 *    imported over HTTP from a second instance as the dialog with JS does it, and the catalogue
 *    API's page p95 at --connections; the bench fails when the import takes 60 s or more or
 *    duplicates anything. --factory-only skips everything else.
 * 9. The reports page (scripts/bench-reports.ts) on the 10k database: the queries cold and through
 *    the memo, /reports over HTTP at 10 connections (target p95 ≤ 300 ms; the bench fails above),
 *    a CSV of every service. --reports runs only this part, --no-reports skips it.
 * 10. Server time at scale (scripts/bench-scale.ts, issue 34 §4): the list at 10k, the search page at
 *    100k, the catalogue API's page and the largest demo service's page, each also served by a
 *    static file server with the same bytes (ratio app/static); the bench fails above a target.
 *    --scale runs only this part (making missing databases), --no-scale skips it.
 * 11. Releases (scripts/bench-releases.ts, issue 35 §3/§5): publishing 10k approved services (time,
 *    peak memory), a second release with 1 % changed (database growth), comparing the two; the bench
 *    fails above a target. --releases runs only this part, --no-releases skips it.
 * 12. Prints a table and rewrites the generated parts of docs/benchmarks.md.
 * Servers are stopped by their PID.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../app/server/db/schema";
import { freePort } from "./app-process";
import type { Latency } from "./bench-latency";

// The server and the in-process loader must sign/verify the session cookie with the same secret;
// app modules read it when first imported, so set it before importing them (dynamically, below).
process.env.SESSION_SECRET ??= "servicehub-bench-secret-0123456789";

const { createDb } = await import("../app/server/db/db.server");
const { sessionCookie } = await import("../app/server/cookies.server");
const { createSession } = await import("../app/modules/access/session.server");
const { DEFAULT_QUERY, TREE_EXPAND_ALL_PER_CATEGORY, TREE_SERVICES_PER_CATEGORY, isFiltered, parseCatalogueQuery } = await import("../app/modules/catalogue/catalogue-query");
const { catalogueCounts, listCatalogueNames, getCurrentCatalogueId, isServiceAreaActive, setCurrentCatalogue } = await import("../app/modules/catalogue/catalogue.server");
const { catalogueStructure, filterOptions, namedStructure, servicesByCategory, UNCATEGORISED } = await import("../app/modules/catalogue/catalogue-view.server");
const { migrateToLatest } = await import("../app/server/db/migrate.server");
const { editScope } = await import("../app/modules/access/permissions.server");
const { categoryCounts, searchServices, serviceFilterConditions } = await import("../app/modules/catalogue/service-search.server");
const { browserLoader } = await import("../app/modules/catalogue/browser.server");
const { OWNER_NAMES, RARE_TERMS, TAG_NAMES } = await import("./gen-catalogue");
const { benchLogs, prepareLogs, renderLogs } = await import("./bench-logs");
const { benchWord, prepareWord, renderWord } = await import("./bench-word");
const { benchCsv, renderCsv, worstCsvMs } = await import("./bench-csv");
const { benchFactory, factoryTargetMet, prepareFactory, renderFactory } = await import("./bench-factory");
const { benchReports, renderReports, reportsMet, REPORTS_TARGET_MS } = await import("./bench-reports");
const { benchReleases, missedTargets, renderReleases } = await import("./bench-releases");
const { benchScale, renderScale, scaleMet } = await import("./bench-scale");

type DB = Kysely<Database>;

// ------------------------------------------------------------------------------------- options

interface Options {
  build: boolean;
  fresh: boolean;
  sizes: number[];
  duration: number;
  warmup: number;
  connections: number;
  term: string;
  frequentTerm: string;
  sqlIterations: number;
  loaderIterations: number;
  maxLoad: number;
  loadRetries: number;
  doc: boolean;
  seed: number;
  suggestTerm: string;
  workers: string;
  logs: number;
  logsOnly: boolean;
  logsPg: string | null;
  word: number;
  wordOnly: boolean;
  wordRuns: number;
  /** Only the CSV export (--csv). */
  csvOnly: boolean;
  csvRuns: number;
  factory: number;
  factoryOnly: boolean;
  reports: boolean;
  /** Server time at scale (issue 34 §4). */
  scale: boolean;
  /** Publishing and comparing releases (issue 35). */
  releases: boolean;
}

function parseOptions(argv: string[]): Options {
  const o: Options = {
    build: true,
    fresh: false,
    sizes: [10_000, 100_000],
    duration: 10,
    warmup: 3,
    connections: 10,
    term: RARE_TERMS[0],
    frequentTerm: "Firewall",
    sqlIterations: 40,
    loaderIterations: 15,
    maxLoad: 1.5,
    loadRetries: 10,
    doc: true,
    seed: 42,
    suggestTerm: "Notebook",
    workers: "auto",
    logs: 1_000_000,
    logsOnly: false,
    logsPg: process.env.BENCH_POSTGRES_URL ?? null,
    word: 1_000,
    wordOnly: false,
    wordRuns: 3,
    csvOnly: false,
    csvRuns: 3,
    factory: 1_000,
    factoryOnly: false,
    reports: true,
    scale: true,
    releases: true,
  };
  let reportsOnly = false;
  let releasesOnly = false;
  let scaleOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] ?? "";
    if (a === "--no-build") o.build = false;
    else if (a === "--fresh") o.fresh = true;
    else if (a === "--no-doc") o.doc = false;
    else if (a === "--sizes") o.sizes = v().split(",").map(Number);
    else if (a === "--duration") o.duration = Number(v());
    else if (a === "--warmup") o.warmup = Number(v());
    else if (a === "--connections") o.connections = Number(v());
    else if (a === "--term") o.term = v();
    else if (a === "--frequent-term") o.frequentTerm = v();
    else if (a === "--sql-iterations") o.sqlIterations = Number(v());
    else if (a === "--loader-iterations") o.loaderIterations = Number(v());
    else if (a === "--max-load") o.maxLoad = Number(v());
    else if (a === "--load-retries") o.loadRetries = Number(v());
    else if (a === "--seed") o.seed = Number(v());
    else if (a === "--suggest-term") o.suggestTerm = v();
    else if (a === "--workers") o.workers = v();
    else if (a === "--logs") o.logs = Number(v());
    else if (a === "--logs-only") o.logsOnly = true;
    else if (a === "--logs-pg") o.logsPg = v();
    else if (a === "--word") o.word = Number(v());
    else if (a === "--word-only") o.wordOnly = true;
    else if (a === "--word-runs") o.wordRuns = Number(v());
    else if (a === "--csv") o.csvOnly = true;
    else if (a === "--csv-runs") o.csvRuns = Number(v());
    else if (a === "--factory") o.factory = Number(v());
    else if (a === "--factory-only") o.factoryOnly = true;
    else if (a === "--reports") reportsOnly = true;
    else if (a === "--no-reports") o.reports = false;
    else if (a === "--releases") releasesOnly = true;
    else if (a === "--no-releases") o.releases = false;
    else if (a === "--scale") scaleOnly = true;
    else if (a === "--no-scale") o.scale = false;
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.sizes.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw new Error("--sizes: comma-separated positive integers");
  if (!Number.isSafeInteger(o.logs) || o.logs < 0) throw new Error("--logs: a number of activities (0 skips the logs)");
  if (!Number.isSafeInteger(o.word) || o.word < 0) throw new Error("--word: a number of services (0 skips the Word export)");
  if (!Number.isSafeInteger(o.wordRuns) || o.wordRuns < 1) throw new Error("--word-runs: at least 1");
  if (!Number.isSafeInteger(o.csvRuns) || o.csvRuns < 1) throw new Error("--csv-runs: at least 1");
  if (!Number.isSafeInteger(o.factory) || o.factory < 0) throw new Error("--factory: a number of services (0 skips the template import)");
  // Each --x-only flag measures that part alone.
  const only = (keep: "logs" | "word" | "factory" | "csv" | "reports" | "scale" | "releases") => {
    if (keep !== "releases") o.releases = false;
    if (keep !== "logs") o.logs = 0;
    if (keep !== "word") o.word = 0;
    if (keep !== "factory") o.factory = 0;
    if (keep !== "reports") o.reports = false;
    if (keep !== "scale") o.scale = false;
    o.sizes = [];
  };
  if (o.logsOnly) only("logs");
  if (o.wordOnly) only("word");
  if (o.factoryOnly) only("factory");
  if (o.csvOnly) only("csv");
  if (releasesOnly) {
    only("releases");
    o.releases = true;
  }
  if (reportsOnly) {
    only("reports");
    o.reports = true;
  }
  if (scaleOnly) {
    only("scale");
    o.scale = true;
  }
  return o;
}

// ------------------------------------------------------------------------------------- helpers

const BUILD_DIR = "build-bench";

const label = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));
const dbFile = (n: number) => path.join("data", `bench-${label(n)}.db`);
const catalogueTitle = (n: number) => `Bench ${label(n)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? "–" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const load1 = () => os.loadavg()[0];

/** Nearest-rank percentile of an ascending-sorted list. */
function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p95: percentile(s, 0.95), p99: percentile(s, 0.99), max: s[s.length - 1] ?? NaN };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (${code ?? signal})`))));
  });
}


function removeDb(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}

async function waitForQuietMachine(o: Options): Promise<{ load: number; met: boolean; waitedS: number }> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const load = load1();
    if (load < o.maxLoad) return { load, met: true, waitedS: (Date.now() - started) / 1000 };
    if (attempt >= o.loadRetries) {
      console.warn(`! 1-minute load ${load.toFixed(2)} is still ≥ ${o.maxLoad} after ${attempt} retries; measuring anyway (noted in the doc).`);
      return { load, met: false, waitedS: (Date.now() - started) / 1000 };
    }
    console.log(`  load ${load.toFixed(2)} ≥ ${o.maxLoad}; waiting 30 s (${attempt + 1}/${o.loadRetries}) …`);
    await sleep(30_000);
  }
}

// ------------------------------------------------------------------------------------- autocannon

interface AutocannonTracker extends Promise<{ non2xx: number; errors: number; timeouts: number; requests: { total: number } }> {
  on(event: "response", fn: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
}
type Autocannon = (opts: Record<string, unknown>) => AutocannonTracker;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

interface HttpResult extends Latency {
  errors: number;
  load: number;
  statuses: Record<string, number>;
  /** "amount": too slow for `--duration`; measured as 2 requests per connection instead. */
  mode: "duration" | "amount";
}

async function cannon(url: string, cookie: string | Record<string, string>, connections: number, run: { duration: number } | { amount: number }): Promise<HttpResult> {
  const latencies: number[] = [];
  let bytes = 0;
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const load = load1();
  const tracker = autocannon({ url, connections, ...run, headers: typeof cookie === "string" ? { cookie } : cookie, timeout: 120 });
  tracker.on("response", (_client, status, size, responseTime) => {
    latencies.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 200) bytes = size;
  });
  const result = await tracker;
  const elapsed = (performance.now() - started) / 1000;
  const s = stats(latencies);
  return {
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
    rps: latencies.length / elapsed,
    requests: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes,
    load,
    statuses,
    mode: "amount" in run ? "amount" : "duration",
  };
}

/**
 * Requests still running on the server when autocannon stops (it stops on time, not when the
 * server is done) would slow the next run down: wait about as long as the slowest took.
 */
async function drain(h: HttpResult, o: Options) {
  if (h.mode === "amount") return;
  await sleep(Math.min(60_000, Number.isNaN(h.p99) ? o.duration * 1000 : h.p99 * 1.2));
}

/**
 * Warm-up (one request per connection, then `--warmup` seconds when pages are fast), then the
 * measurement: `--duration` seconds; when that yields fewer than 2 requests per connection (pages
 * that take seconds), it is repeated as exactly 2 requests per connection so the percentiles
 * rest on real samples, not on the requests that happened to finish in time.
 */
async function measure(url: string, cookie: string | Record<string, string>, o: Options): Promise<HttpResult> {
  const first = await cannon(url, cookie, o.connections, { amount: o.connections });
  if (first.p99 < 1000 && o.warmup > 0) await drain(await cannon(url, cookie, o.connections, { duration: o.warmup }), o);
  const h = await cannon(url, cookie, o.connections, { duration: o.duration });
  await drain(h, o);
  if (h.requests >= 2 * o.connections) return h;
  return cannon(url, cookie, o.connections, { amount: 2 * o.connections });
}

// ------------------------------------------------------------------------------------- the app

interface Prepared {
  catalogueId: number;
  userId: number;
  sessionId: string;
  cookie: string;
  tagId: number;
  ownerId: number;
  services: number;
  termMatches: number;
  frequentMatches: number;
  filterMatches: number;
}

async function prepare(db: DB, size: number, o: Options): Promise<Prepared> {
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("title", "=", catalogueTitle(size)).orderBy("id", "desc").executeTakeFirst();
  if (!catalogue) throw new Error(`${dbFile(size)} has no catalogue "${catalogueTitle(size)}"; run with --fresh`);
  const user = await db.selectFrom("users").select("id").where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
  await setCurrentCatalogue(db, user.id, catalogue.id);
  const sessionId = await createSession(db, user.id, "bench");
  const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0];
  // The most used generated tag and owner (the generator skews towards the start of its lists).
  const tag = await db.selectFrom("tags").select("id").where("name", "=", TAG_NAMES[0]).executeTakeFirstOrThrow();
  const owner = await db.selectFrom("owners").select("id").where("name", "=", OWNER_NAMES[0]).executeTakeFirstOrThrow();
  const count = async (q: Partial<typeof DEFAULT_QUERY>) => (await searchServices(db, catalogue.id, { ...DEFAULT_QUERY, ...q }, { pageSize: 1 })).total;
  return {
    catalogueId: catalogue.id,
    userId: user.id,
    sessionId,
    cookie,
    tagId: tag.id,
    ownerId: owner.id,
    services: await count({}),
    termMatches: await count({ q: o.term }),
    frequentMatches: await count({ q: o.frequentTerm }),
    filterMatches: await count({ statuses: ["open", "checking"], types: ["it"], tags: [tag.id], owners: [owner.id] }),
  };
}

interface Scenario {
  key: string;
  name: string;
  path: string;
}

function scenarios(p: Prepared, o: Options): Scenario[] {
  // expand=all last: its pages are huge, and renders still running when autocannon stops must
  // not spill into another scenario (the server is stopped right after it).
  return [
    { key: "list", name: "List view", path: "/servicecatalog?view=0" },
    { key: "tree", name: "Tree view (collapsed)", path: "/servicecatalog?view=1" },
    { key: "search", name: `Search "${o.term}"`, path: `/servicecatalog?view=0&q=${encodeURIComponent(o.term)}` },
    {
      key: "filter",
      name: "Filter combination",
      path: `/servicecatalog?view=0&status=open&status=checking&type=it&tag=${p.tagId}&owner=${p.ownerId}`,
    },
    // Diagnostics: the same loaders without server rendering (what a client-side navigation
    // fetches with JS on), and a light page for the fixed cost of the app shell.
    { key: "listData", name: "List view, data only", path: "/servicecatalog.data?view=0" },
    { key: "searchData", name: `Search "${o.term}", data only`, path: `/servicecatalog.data?view=0&q=${encodeURIComponent(o.term)}` },
    { key: "baseline", name: "Baseline: /settings page", path: "/settings" },
    // What the search box requests while the user types (JSON, the name-only index).
    { key: "suggest", name: `Search request: suggestions for "${o.suggestTerm}" (JSON)`, path: `/servicecatalog/suggest?q=${encodeURIComponent(o.suggestTerm)}` },
    { key: "treeAll", name: "Tree view, expand=all", path: "/servicecatalog?view=1&expand=all" },
  ];
}

async function timeIt(fn: () => Promise<unknown>, iterations: number) {
  await fn();
  const t: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  return stats(t);
}

/** The loader's data queries one by one (as browserLoader issues them), median ms each. */
async function loaderBreakdown(db: DB, p: Prepared, sc: Scenario, iterations: number): Promise<Record<string, number>> {
  const query = parseCatalogueQuery(new URL(sc.path, "http://bench").searchParams);
  const view = query.view ?? 0;
  const where = await serviceFilterConditions(db, p.catalogueId, query);
  const counts = await categoryCounts(db, p.catalogueId, query, where);
  const parts: Record<string, () => Promise<unknown>> = {
    currentCatalogue: () => getCurrentCatalogueId(db, p.userId),
    catalogueNames: () => listCatalogueNames(db),
    areaActive: () => isServiceAreaActive(db),
    filterOptions: () => filterOptions(db),
    editScope: () => editScope(db, { id: p.userId, role: "superadmin" }),
    filterConditions: () => serviceFilterConditions(db, p.catalogueId, query),
    categoryCounts: () => categoryCounts(db, p.catalogueId, query, where),
    catalogueStructure: () => catalogueStructure(db, p.catalogueId, query, counts),
  };
  // Filtered views count the catalogue and read the list panels separately (unfiltered ones take both from the structure).
  if (isFiltered(query)) parts.catalogueCounts = () => catalogueCounts(db, p.catalogueId);
  if (view === 0) {
    parts.searchServices = () => searchServices(db, p.catalogueId, query, { counts, where });
    if (isFiltered(query)) parts.namedStructure = () => namedStructure(db, p.catalogueId, query.q);
  } else {
    const structure = await catalogueStructure(db, p.catalogueId, query, counts);
    const withMatches = [...structure.categories.filter((c) => c.count > 0).map((c) => c.id), ...(structure.uncategorised ? [UNCATEGORISED] : [])];
    const wanted = query.expandAll ? withMatches : withMatches.filter((id) => query.open.includes(id));
    const perCategory = query.expandAll ? TREE_EXPAND_ALL_PER_CATEGORY : TREE_SERVICES_PER_CATEGORY;
    parts.servicesByCategory = () => servicesByCategory(db, p.catalogueId, query, wanted, perCategory, where);
  }
  const out: Record<string, number> = {};
  for (const [name, fn] of Object.entries(parts)) out[name] = (await timeIt(fn, iterations)).p50;
  return out;
}

/** browserLoader in-process with a real Request (no HTTP, no React rendering). */
async function timeLoader(p: Prepared, sc: Scenario, iterations: number) {
  return timeIt(() => browserLoader(new Request(new URL(sc.path, "http://bench.local"), { headers: { cookie: p.cookie } })), iterations);
}

interface SqlResult {
  term: string;
  matches: number;
  index: ReturnType<typeof stats>;
  scan: ReturnType<typeof stats>;
}

/** searchServices with the index and as a plain LIKE scan, same term, alternating, sequential. */
async function searchSql(db: DB, p: Prepared, term: string, matches: number, iterations: number): Promise<SqlResult> {
  const query = { ...DEFAULT_QUERY, q: term };
  const index: number[] = [];
  const scan: number[] = [];
  const a = await searchServices(db, p.catalogueId, query);
  const b = await searchServices(db, p.catalogueId, query, { forceScan: true });
  if (a.total !== b.total) throw new Error(`index and scan disagree for "${term}": ${a.total} vs ${b.total}`);
  // A scan takes seconds at 100k: scan on every `scanEvery`-th round only (still interleaved).
  const scanEvery = p.services >= 50_000 ? 4 : 1;
  for (let i = 0; i < iterations; i++) {
    for (const [forceScan, into] of [[false, index], [true, scan]] as const) {
      if (forceScan && i % scanEvery !== 0) continue;
      const s = performance.now();
      await searchServices(db, p.catalogueId, query, { forceScan });
      into.push(performance.now() - s);
    }
  }
  return { term, matches, index: stats(index), scan: stats(scan) };
}

function startServer(url: string, port: number, workers: string): ChildProcess {
  const child = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DATABASE_URL: url, BUILD_DIR, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", APP_URL: `http://127.0.0.1:${port}`, WEB_CONCURRENCY: workers },
  });
  servers.add(child);
  child.on("exit", () => servers.delete(child));
  return child;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  if (child.pid) process.kill(child.pid, "SIGTERM");
  const timer = setTimeout(() => child.pid && child.exitCode === null && process.kill(child.pid, "SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

const servers = new Set<ChildProcess>();
const killServers = () => {
  for (const child of servers) if (child.pid && child.exitCode === null) process.kill(child.pid, "SIGTERM");
};
process.on("exit", killServers);
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    killServers();
    process.exit(130);
  });
}

async function waitUntilUp(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/login`, { redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error("server did not start within 60 s");
}

// ------------------------------------------------------------------------------------- report

interface SizeReport {
  size: number;
  file: string;
  fileMb: number;
  genS: number | null;
  prepared: Prepared;
  scenarios: Scenario[];
  http: Record<string, HttpResult>;
  loader: Record<string, ReturnType<typeof stats>>;
  breakdown: Record<string, Record<string, number>>;
  sql: SqlResult[];
}

interface Report {
  date: string;
  machine: string;
  node: string;
  loadGate: { load: number; met: boolean; waitedS: number; max: number };
  loadAfter: number;
  options: Options;
  sizes: SizeReport[];
}

const sizeLabel = (s: SizeReport) => label(s.size);

function targets(r: Report) {
  const bySize = (n: number) => r.sizes.find((s) => s.size === n);
  const s10 = bySize(10_000);
  const s100 = bySize(100_000);
  const out: Array<{ target: string; measured: string; met: boolean | null }> = [];
  const check = (target: string, value: number | undefined, limit: number, unit: string, cmp: "le" | "ge", h?: HttpResult) => {
    if (h && h.requests === 0) out.push({ target, measured: `no response completed (${h.errors} errors/timeouts)`, met: false });
    else if (value === undefined || Number.isNaN(value)) out.push({ target, measured: "not measured", met: null });
    else out.push({ target, measured: `${cmp === "ge" ? value.toFixed(1) : ms(value)} ${unit}`, met: cmp === "le" ? value <= limit : value >= limit });
  };
  check("List p95 ≤ 150 ms at 10k (HTTP, 10 conn.)", s10?.http.list?.p95, 150, "ms", "le", s10?.http.list);
  check("Tree p95 ≤ 150 ms at 10k (HTTP, collapsed, 10 conn.)", s10?.http.tree?.p95, 150, "ms", "le", s10?.http.tree);
  check("Tree expand=all p95 ≤ 150 ms at 10k (HTTP, reported separately)", s10?.http.treeAll?.p95, 150, "ms", "le", s10?.http.treeAll);
  check("Search p95 ≤ 50 ms at 100k (HTTP page, 10 conn.)", s100?.http.search?.p95, 50, "ms", "le", s100?.http.search);
  check("Search p95 ≤ 50 ms at 100k (HTTP, data only: client-side navigation)", s100?.http.searchData?.p95, 50, "ms", "le", s100?.http.searchData);
  check("Search p95 ≤ 50 ms at 100k (HTTP, search-box suggestions, JSON, 10 conn.)", s100?.http.suggest?.p95, 50, "ms", "le", s100?.http.suggest);
  const sql = s100?.sql[0];
  check("Search p95 ≤ 50 ms at 100k (search SQL in-process)", sql?.index.p95, 50, "ms", "le");
  check("Index ≥ 10× faster than LIKE scan at 100k (p50 ratio)", sql ? sql.scan.p50 / sql.index.p50 : undefined, 10, "×", "ge");
  return out;
}

function renderMarkdown(r: Report): string {
  const lines: string[] = [];
  const o = r.options;
  lines.push(`Run: ${r.date} · ${r.machine} · Node ${r.node}`);
  lines.push("");
  lines.push(
    `Load (1-min average): ${r.loadGate.load.toFixed(2)} when measuring started ` +
      `(gate < ${r.loadGate.max}: ${r.loadGate.met ? "met" : "**NOT met** — figures are pessimistic"}${r.loadGate.waitedS > 1 ? `, after waiting ${Math.round(r.loadGate.waitedS)} s` : ""}), ` +
      `${r.loadAfter.toFixed(2)} at the end (the benchmark itself keeps ~2 cores busy).`,
  );
  lines.push(
    `Settings: autocannon, ${o.connections} connections, ${o.duration} s per scenario after a warm-up (1 request per connection, then ${o.warmup} s); ` +
      `p50/p95/p99 over every response; seed ${o.seed}; search term "${o.term}"; server: \`WEB_CONCURRENCY=${o.workers}\` (${o.workers === "auto" ? os.availableParallelism() : o.workers} process(es)).`,
  );
  lines.push("");
  lines.push("### Targets");
  lines.push("");
  lines.push("| Target | Measured | Met |");
  lines.push("| --- | --- | --- |");
  const met = (m: boolean | null) => (m === null ? "–" : m ? "yes" : "**no**");
  for (const t of targets(r)) lines.push(`| ${t.target} | ${t.measured} | ${met(t.met)} |`);
  lines.push("");
  lines.push("### Data sets");
  lines.push("");
  lines.push(`| Services | DB file | Size | Generated in | "${o.term}" matches | "${o.frequentTerm}" matches | Filter matches |`);
  lines.push("| --- | --- | --- | --- | --- | --- | --- |");
  for (const s of r.sizes) {
    lines.push(
      `| ${s.prepared.services} | \`${s.file}\` | ${s.fileMb.toFixed(0)} MB | ${s.genS === null ? "(reused)" : `${s.genS.toFixed(0)} s`} | ${s.prepared.termMatches} | ${s.prepared.frequentMatches} | ${s.prepared.filterMatches} |`,
    );
  }
  lines.push("");
  lines.push(`### HTTP (loopback, ${o.connections} connections, ms)`);
  lines.push("");
  lines.push("| Size | Scenario | p50 | p95 | p99 | req/s | Requests | non-2xx / errors | Response KB | Loader alone p50 / p95 | Load |");
  lines.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const s of r.sizes) {
    for (const sc of s.scenarios) {
      const h = s.http[sc.key];
      const l = s.loader[sc.key];
      if (!h) continue;
      lines.push(
        `| ${sizeLabel(s)} | ${sc.name}${h.mode === "amount" ? " ²" : ""} | ${ms(h.p50)} | ${ms(h.p95)} | ${ms(h.p99)} | ${h.rps.toFixed(1)} | ${h.requests} | ${h.non2xx ? `**${h.non2xx}** (${Object.keys(h.statuses).filter((k) => k !== "200").join(", ")})` : 0} / ${h.errors} | ${h.bytes ? (h.bytes / 1024).toFixed(0) : "–"} | ${l ? `${ms(l.p50)} / ${ms(l.p95)}` : "–"} | ${h.load.toFixed(2)} |`,
      );
    }
  }
  if (r.sizes.some((s) => Object.values(s.http).some((h) => h.mode === "amount"))) lines.push("");
  if (r.sizes.some((s) => Object.values(s.http).some((h) => h.mode === "amount"))) lines.push(
    `² Too slow to complete ${2 * o.connections} requests in ${o.duration} s; measured as ${2 * o.connections} requests (${o.connections} concurrent) instead.`,
  );
  lines.push("");
  lines.push("URLs: " + (r.sizes[0]?.scenarios.map((sc) => `${sc.name} \`${sc.path}\``).join(" · ") ?? ""));
  lines.push("");
  lines.push("### Search SQL in-process: index vs. plain LIKE scan (`searchServices`, count + first page, sequential, ms)");
  lines.push("");
  lines.push("| Size | Term | Matches | Index p50 | Index p95 | Scan p50 | Scan p95 | Scan/index (p50) | Scan/index (p95) |");
  lines.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const s of r.sizes) {
    for (const q of s.sql) {
      lines.push(
        `| ${sizeLabel(s)} | "${q.term}" | ${q.matches} | ${ms(q.index.p50)} | ${ms(q.index.p95)} | ${ms(q.scan.p50)} | ${ms(q.scan.p95)} | ${(q.scan.p50 / q.index.p50).toFixed(1)}× | ${(q.scan.p95 / q.index.p95).toFixed(1)}× |`,
      );
    }
  }
  lines.push("");
  lines.push("### Loader breakdown in-process (median ms per query, sequential)");
  lines.push("");
  const parts = [...new Set(r.sizes.flatMap((s) => Object.values(s.breakdown).flatMap((b) => Object.keys(b))))];
  lines.push(`| Size | Scenario | ${parts.join(" | ")} |`);
  lines.push(`| --- | --- | ${parts.map(() => "---").join(" | ")} |`);
  for (const s of r.sizes) {
    for (const sc of s.scenarios) {
      const b = s.breakdown[sc.key];
      if (b) lines.push(`| ${sizeLabel(s)} | ${sc.name} | ${parts.map((k) => (b[k] === undefined ? "" : ms(b[k]))).join(" | ")} |`);
    }
  }
  return lines.join("\n");
}

const START = "<!-- bench:results:start (generated by `npm run bench`; edit outside these markers) -->";
const END = "<!-- bench:results:end -->";
const LOGS_START = "<!-- bench:logs:start (generated by `npm run bench`; edit outside these markers) -->";
const LOGS_END = "<!-- bench:logs:end -->";
const WORD_START = "<!-- bench:word:start (generated by `npm run bench`; edit outside these markers) -->";
const WORD_END = "<!-- bench:word:end -->";
const CSV_START = "<!-- bench:csv:start (generated by `npm run bench`; edit outside these markers) -->";
const CSV_END = "<!-- bench:csv:end -->";
/** The catalogue size the CSV export is measured at (issue 20 §6). */
const CSV_SIZE = 10_000;
const FACTORY_START = "<!-- bench:factory:start (generated by `npm run bench`; edit outside these markers) -->";
const FACTORY_END = "<!-- bench:factory:end -->";
const RELEASES_START = "<!-- bench:releases:start (generated by `npm run bench`; edit outside these markers) -->";
const RELEASES_END = "<!-- bench:releases:end -->";
const REPORTS_START = "<!-- bench:reports:start (generated by `npm run bench`; edit outside these markers) -->";
const REPORTS_END = "<!-- bench:reports:end -->";
/** The reports page is measured on the 10k catalogue. */
const REPORTS_SIZE = 10_000;
const DOC = path.join("docs", "benchmarks.md");
const SCALE_START = "<!-- bench:scale:start (generated by `npm run bench`, server time at scale; edit outside these markers) -->";
const SCALE_END = "<!-- bench:scale:end -->";

/** Writes the scale rows into the results section (replacing the last ones), leaving the rest of it alone. */
function writeScale(markdown: string) {
  let text = fs.readFileSync(DOC, "utf8");
  const block = `${SCALE_START}\n${markdown}\n${SCALE_END}`;
  const a = text.indexOf(SCALE_START);
  const b = text.indexOf(SCALE_END);
  if (a >= 0 && b > a) text = text.slice(0, a) + block + text.slice(b + SCALE_END.length);
  else if (text.includes(END)) text = text.replace(END, `\n${block}\n${END}`);
  else text = `${text.trimEnd()}\n\n## Latest results\n\n${START}\n${block}\n${END}\n`;
  fs.writeFileSync(DOC, text);
}

/** Replaces the block between `start` and `end` in docs/benchmarks.md (appended under `heading` when missing). */
function writeDoc(markdown: string, start = START, end = END, heading = "Latest results") {
  let text = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Benchmarks\n\nRun `npm run bench`.\n";
  // The scale block lives inside the results section; a run without it keeps the last one.
  const scale = start === START ? /<!-- bench:scale:start[\s\S]*?<!-- bench:scale:end -->/.exec(text)?.[0] : undefined;
  const block = `${start}\n${markdown}${scale ? `\n\n${scale}` : ""}\n${end}`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  text = a >= 0 && b > a ? text.slice(0, a) + block + text.slice(b + end.length) : `${text.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  fs.writeFileSync(DOC, text);
}

/** Loader timing, HTTP scenarios and index-vs-scan SQL timing against one database file. */
async function benchDatabase(size: number, file: string, genS: number | null, o: Options): Promise<SizeReport> {
  const url = `file:${file}`;
  console.log(`\n==> ${label(size)}: ${file}`);
  // The in-process loader uses the app's getDb() (DATABASE_URL, one handle per process).
  const g = globalThis as unknown as { __servicehubDb?: DB };
  await g.__servicehubDb?.destroy();
  delete g.__servicehubDb;
  process.env.DATABASE_URL = url;
  const db = createDb(url);
  // Databases generated by an older version lack the newer indexes.
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`    applied migrations: ${applied.join(", ")}`);
  const report: SizeReport = {
    size,
    file,
    fileMb: fs.statSync(file).size / 1024 / 1024,
    genS,
    prepared: await prepare(db, size, o),
    scenarios: [],
    http: {},
    loader: {},
    breakdown: {},
    sql: [],
  };
  const p = report.prepared;
  report.scenarios = scenarios(p, o);
  console.log(`    catalogue ${p.catalogueId}: ${p.services} services; "${o.term}" ${p.termMatches}, "${o.frequentTerm}" ${p.frequentMatches}, filter ${p.filterMatches} matches`);

  // In-process first, with no server competing for the CPU.
  for (const sc of report.scenarios.filter((x) => x.path.startsWith("/servicecatalog?"))) {
    const iterations = sc.key === "treeAll" ? Math.max(5, Math.floor(o.loaderIterations / 3)) : o.loaderIterations;
    report.loader[sc.key] = await timeLoader(p, sc, iterations);
    report.breakdown[sc.key] = await loaderBreakdown(db, p, sc, iterations);
    console.log(`    loader ${sc.name}: p50 ${ms(report.loader[sc.key].p50)} ms, p95 ${ms(report.loader[sc.key].p95)} ms`);
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(url, port, o.workers);
  try {
    await waitUntilUp(base, server);
    // Signed in, on the generated catalogue: the page names it. (expand=all is too big to fetch twice.)
    for (const sc of report.scenarios.filter((x) => x.key !== "treeAll")) {
      const res = await fetch(base + sc.path, { headers: { cookie: p.cookie }, redirect: "manual" });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${sc.path}: HTTP ${res.status} ${res.headers.get("location") ?? ""}`);
      if (sc.key === "suggest") {
        if (!(JSON.parse(body) as { suggestions: unknown[] }).suggestions.length) throw new Error(`${sc.path}: no suggestions`);
      } else if (sc.key !== "baseline" && !body.includes(catalogueTitle(size))) throw new Error(`${sc.path}: the response does not show catalogue "${catalogueTitle(size)}"`);
    }
    for (const sc of report.scenarios) {
      const h = await measure(base + sc.path, p.cookie, o);
      report.http[sc.key] = h;
      console.log(
        `    ${sc.name.padEnd(28)} p50 ${ms(h.p50).padStart(6)} ms  p95 ${ms(h.p95).padStart(6)} ms  ${h.rps.toFixed(1).padStart(6)} req/s  ` +
          `(${h.requests} req${h.mode === "amount" ? " [amount mode]" : ""}, statuses ${JSON.stringify(h.statuses)}, errors ${h.errors}, ${(h.bytes / 1024).toFixed(0)} KB, load ${h.load.toFixed(2)})`,
      );
    }
  } finally {
    await stopServer(server);
  }

  for (const [term, matches] of [
    [o.term, p.termMatches],
    [o.frequentTerm, p.frequentMatches],
  ] as const) {
    const iterations = size >= 50_000 ? o.sqlIterations : o.sqlIterations * 2;
    const r = await searchSql(db, p, term, matches, iterations);
    report.sql.push(r);
    console.log(`    SQL "${term}" (${matches}): index p50 ${ms(r.index.p50)} / p95 ${ms(r.index.p95)} ms; scan p50 ${ms(r.scan.p50)} / p95 ${ms(r.scan.p95)} ms; ratio ${(r.scan.p50 / r.index.p50).toFixed(1)}×`);
  }
  await db.deleteFrom("sessions").where("id", "=", p.sessionId).execute();
  await db.destroy();
  return report;
}

// ------------------------------------------------------------------------------------- main

async function main() {
  const o = parseOptions(process.argv.slice(2));
  // Only the releases (in-process): nothing to serve, nothing to build.
  const serverNeeded = o.sizes.length > 0 || o.logs > 0 || o.word > 0 || o.csvOnly || o.factory > 0 || o.reports || o.scale;
  if (!serverNeeded) {
    // nothing to build
  } else if (o.build) {
    console.log(`==> building into ${BUILD_DIR}/`);
    await run("npx", ["remix", "vite:build"], { ...process.env, BUILD_DIR });
  } else if (!fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    throw new Error(`${BUILD_DIR}/ has no build; run without --no-build`);
  }

  const genTimes = new Map<number, number>();
  const csv = o.csvOnly || o.sizes.includes(CSV_SIZE);
  const needed = [...new Set([...o.sizes, ...(o.csvOnly ? [CSV_SIZE] : []), ...(o.reports ? [REPORTS_SIZE] : []), ...(o.scale ? [10_000, 100_000] : [])])];
  for (const size of needed) {
    const file = dbFile(size);
    if (o.fresh) removeDb(file);
    if (fs.existsSync(file)) continue;
    console.log(`==> generating ${file} (${size} services)`);
    const partial = file.replace(/\.db$/, ".partial.db");
    removeDb(partial);
    const started = performance.now();
    await run("npx", ["tsx", "scripts/gen-catalogue.ts", "--services", String(size), "--new-catalogue", catalogueTitle(size), "--seed", String(o.seed), "--demo"], {
      ...process.env,
      DATABASE_URL: `file:${partial}`,
    });
    genTimes.set(size, (performance.now() - started) / 1000);
    fs.renameSync(partial, file);
  }

  const logsOptions = { activities: o.logs, fresh: o.fresh, postgres: o.logsPg, connections: o.connections, duration: o.duration, iterations: o.loaderIterations * 2 };
  const logDatabases = o.logs > 0 ? await prepareLogs(logsOptions) : [];
  const wordOptions = { services: o.word, fresh: o.fresh, runs: o.wordRuns };
  const wordDatabase = o.word > 0 ? await prepareWord(wordOptions) : null;
  const factoryOptions = { services: o.factory, fresh: o.fresh, connections: o.connections, duration: o.duration, workers: o.workers };
  const factoryDatabase = o.factory > 0 ? await prepareFactory(factoryOptions) : null;
  // The API page is measured on the template instance of the import (1,000 full services).
  const scaleApiDb = o.scale ? (factoryDatabase ?? (await prepareFactory({ ...factoryOptions, services: 1_000 }))) : null;

  console.log(`==> waiting for a quiet machine (1-min load < ${o.maxLoad})`);
  const loadGate = { ...(await waitForQuietMachine(o)), max: o.maxLoad };
  console.log(`    load ${loadGate.load.toFixed(2)}`);

  const sizes: SizeReport[] = [];
  for (const size of o.sizes) {
    sizes.push(await benchDatabase(size, dbFile(size), genTimes.get(size) ?? null, o));
  }
  const g = globalThis as unknown as { __servicehubDb?: DB };
  await g.__servicehubDb?.destroy();
  delete g.__servicehubDb;

  const reports = o.reports
    ? await benchReports(
        { file: dbFile(REPORTS_SIZE), catalogueTitle: catalogueTitle(REPORTS_SIZE), iterations: o.loaderIterations, connections: o.connections },
        { measure: (url, cookie) => measure(url, cookie, o), timeIt, startServer: (url, port) => startServer(url, port, o.workers), stopServer, freePort, waitUntilUp, ms },
      )
    : null;

  const logs = await benchLogs(logDatabases, logsOptions, {
    measure: (url, cookie) => measure(url, cookie, o),
    timeIt,
    startServer: (url, port) => startServer(url, port, o.workers),
    stopServer,
    freePort,
    waitUntilUp,
    ms,
  });

  const cpus = os.cpus();
  const report: Report = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    machine: `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, ${os.type()} ${os.release()}`,
    node: process.version,
    loadGate,
    loadAfter: load1(),
    options: o,
    sizes,
  };
  if (sizes.length) {
    const markdown = renderMarkdown(report);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeDoc(markdown);
  }
  if (logs.length) {
    const header = `Run: ${report.date} · ${report.machine} · Node ${report.node} · load ${loadGate.load.toFixed(2)} at the start${loadGate.met ? "" : ` (gate < ${o.maxLoad} **not met**: figures are pessimistic)`}, ${report.loadAfter.toFixed(2)} at the end · server \`WEB_CONCURRENCY=${o.workers}\``;
    const markdown = renderLogs(logs, logsOptions, ms, header);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeDoc(markdown, LOGS_START, LOGS_END, "Logs list: latest results");
    // A plan that reads the table instead of an index fails the bench.
    const unindexed = logs.flatMap((r) => r.scenarios.filter((sc) => !r.plans[sc.key].indexed).map((sc) => `${r.dialect}: ${sc.name}`));
    if (unindexed.length) {
      console.error(`! query plans without an index: ${unindexed.join("; ")}`);
      process.exitCode = 1;
    }
  }
  if (scaleApiDb) {
    const rows = await benchScale(
      { workers: o.workers, iterations: o.loaderIterations, apiDb: scaleApiDb.file },
      { measure: (url, headers) => measure(url, headers, o), timeIt, startServer, stopServer, freePort, waitUntilUp },
    );
    const header =
      `Server time at scale (issue 34 §4), ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} · ${report.machine} · Node ${report.node} · load ${loadGate.load.toFixed(2)} at the start${loadGate.met ? "" : ` (gate < ${o.maxLoad} **not met**: figures are pessimistic)`}, ${load1().toFixed(2)} at the end · app \`WEB_CONCURRENCY=${o.workers}\`, ` +
      `static server: one \`node:http\` process sending the bytes the app sent · autocannon ${o.connections} connections, ${o.duration} s after a warm-up, both alike`;
    const markdown = renderScale(rows, header);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeScale(markdown);
    if (!scaleMet(rows)) {
      console.error("! server time at scale over a target (issue 34 §4)");
      process.exitCode = 1;
    }
  }
  if (reports) {
    const header = `Run: ${report.date} · ${report.machine} · Node ${report.node} · load ${loadGate.load.toFixed(2)} at the start${loadGate.met ? "" : ` (gate < ${o.maxLoad} **not met**: figures are pessimistic)`} · server \`WEB_CONCURRENCY=${o.workers}\` · autocannon ${o.connections} connections, ${o.duration} s`;
    const markdown = renderReports(reports, header, ms);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeDoc(markdown, REPORTS_START, REPORTS_END, "Reports page: latest results");
    if (!reportsMet(reports)) {
      console.error(`! /reports over the target (p95 ${REPORTS_TARGET_MS} ms at ${REPORTS_SIZE / 1000}k services)`);
      process.exitCode = 1;
    }
  }
  if (wordDatabase) {
    // One server process: its peak memory is the export's plus the server's own.
    const word = await benchWord(wordDatabase, wordOptions, { startServer: (url, port) => startServer(url, port, "1"), stopServer, freePort, waitUntilUp });
    const header = `Run: ${report.date} · ${report.machine} · Node ${report.node} · load ${load1().toFixed(2)}`;
    const markdown = renderWord(word, header);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeDoc(markdown, WORD_START, WORD_END, "Word export: latest results");
    const slow = word.runs.filter((r) => r.totalMs >= 10_000 || r.maxRssMb >= 300);
    if (slow.length) {
      console.error(`! Word export over the target (10 s, 300 MB) in ${slow.length} of ${word.runs.length} runs`);
      process.exitCode = 1;
    }
  }
  if (csv) {
    const report = await benchCsv(dbFile(CSV_SIZE), catalogueTitle(CSV_SIZE), { runs: o.csvRuns }, { startServer: (url, port) => startServer(url, port, o.workers), stopServer, freePort, waitUntilUp });
    const header = `Run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} · ${os.cpus().length} cores · Node ${process.version} · load ${load1().toFixed(2)} · server \`WEB_CONCURRENCY=${o.workers}\``;
    const markdown = renderCsv(report, header);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeDoc(markdown, CSV_START, CSV_END, "CSV export: latest results");
    if (worstCsvMs(report) >= 5000) {
      console.error("! CSV export of 10k services took 5 s or more");
      process.exitCode = 1;
    }
  }
  if (factoryDatabase) {
    const factory = await benchFactory(factoryDatabase, factoryOptions, { startServer, stopServer, freePort, waitUntilUp });
    const header = `Run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} · ${report.machine} · Node ${report.node} · load ${load1().toFixed(2)} · servers \`WEB_CONCURRENCY=${o.workers}\``;
    const markdown = renderFactory(factory, header, factoryOptions);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeDoc(markdown, FACTORY_START, FACTORY_END, "Template import: latest results");
    if (!factoryTargetMet(factory)) {
      console.error("! template import over the target (60 s) or incomplete");
      process.exitCode = 1;
    }
  }
  if (o.releases) {
    const runs = await benchReleases({ services: 10_000, fresh: o.fresh, runs: 1 });
    const header = `Run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} · ${os.cpus().length} cores · Node ${process.version} · load ${load1().toFixed(2)} · SQLite, in-process`;
    const markdown = renderReleases(runs, header);
    console.log(`\n${markdown}\n`);
    if (o.doc) writeDoc(markdown, RELEASES_START, RELEASES_END, "Releases: latest results");
    const missed = runs.flatMap(missedTargets);
    if (missed.length) {
      console.error(`! releases over a target: ${missed.join("; ")}`);
      process.exitCode = 1;
    }
  }
  if (o.doc && (sizes.length || logs.length || wordDatabase || csv || factoryDatabase || reports || scaleApiDb || o.releases)) console.log(`Wrote ${DOC}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  killServers();
  process.exitCode = 1;
}
