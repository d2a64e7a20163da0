/**
 * The template-import part of `npm run bench` (issue 18 §5): importing 1,000 services from a
 * template instance on this machine must finish in under 60 s with progress shown, and the
 * catalogue API's page p95 at 10 connections is measured.
 *
 * 1. The template instance: a copy of the Word bench's database (scripts/bench-word.ts: demo
 *    content plus "Bench Word <n>", N services with full rich texts, 3 options, 4
 *    responsibilities, 2 links, owners, service levels and tags) in which exactly the N services
 *    of that catalogue are approved — the ones the API publishes — and a fresh API key.
 * 2. The importing instance: a fresh database with one superadmin, one empty target catalogue and
 *    the template server's address and key in its settings.
 * 3. Both as `node server.mjs` (production build in build-bench/). The API's page
 *    (`/api/services?page=10`, 50 full services) under autocannon, 10 connections; the rate
 *    limit is lifted for it (`API_RATE_LIMIT`), which the import itself never needs (≈ 25 calls).
 * 4. The import as the browser with JS runs it, over HTTP: the list's walk through
 *    /factory/catalog/pages (every page of every list), then the dialog's batches of 25 to
 *    /factory/catalog/batch — each batch a step of the progress bar. Then the same 1,000 once more
 *    as one request, as without JS: all skipped (nothing duplicated). The target database is
 *    checked afterwards: N services, each linked to its template, with their children.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import type { Latency } from "./bench-latency";

export interface FactoryBenchOptions {
  services: number;
  fresh: boolean;
  connections: number;
  duration: number;
  workers: string;
}

export interface FactoryBenchTools {
  startServer: (url: string, port: number, workers: string) => ChildProcess;
  stopServer: (child: ChildProcess) => Promise<void>;
  freePort: () => Promise<number>;
  waitUntilUp: (base: string, child: ChildProcess) => Promise<void>;
}

export interface FactoryReport {
  services: number;
  source: string;
  genS: number | null;
  api: Latency;
  walk: { ms: number; pages: number };
  importJs: { ms: number; batches: number; imported: number; failed: number; slowestBatchMs: number };
  reimport: { ms: number; skipped: number; status: number };
  check: { services: number; linked: number; options: number; responsibilities: number; links: number; activities: number };
}

const BATCH = 25;
const sourceFile = (n: number) => path.join("data", `bench-factory-source-${n}.db`);
const targetFile = (n: number) => path.join("data", `bench-factory-target-${n}.db`);
const removeDb = (file: string) => {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
};

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

type Tracker = Promise<{ non2xx: number }> & { on(event: "response", fn: (client: unknown, status: number, bytes: number, ms: number) => void): void };
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: Record<string, unknown>) => Tracker;

async function cannon(url: string, headers: Record<string, string>, connections: number, run: { duration: number } | { amount: number }): Promise<Latency> {
  const times: number[] = [];
  let bytes = 0;
  const started = performance.now();
  const tracker = autocannon({ url, connections, headers, timeout: 60, ...run });
  tracker.on("response", (_c, status, size, ms) => {
    times.push(ms);
    if (status === 200) bytes = size;
  });
  const result = await tracker;
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), rps: times.length / elapsed, requests: times.length, non2xx: result.non2xx, bytes };
}

/** The template instance's database: the Word bench's N full services, exactly those approved. */
export async function prepareFactory(o: FactoryBenchOptions): Promise<{ file: string; genS: number | null; catalogueTitle: string }> {
  const { prepareWord } = await import("./bench-word");
  const word = await prepareWord({ services: o.services, fresh: o.fresh, runs: 1 });
  const file = sourceFile(o.services);
  removeDb(file);
  fs.copyFileSync(word.file, file);
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const db = createDb(`file:${file}`);
  try {
    await migrateToLatest(db);
    const catalogue = await db.selectFrom("service_catalogues").select(["id", "title"]).where("title", "like", "Bench Word%").orderBy("id", "desc").executeTakeFirstOrThrow();
    await db
      .updateTable("services")
      .set({ status: "open" })
      .where((eb) => eb.or([eb("service_catalogue_id", "is", null), eb("service_catalogue_id", "!=", catalogue.id)]))
      .execute();
    await db.updateTable("services").set({ status: "closed", deleted_at: null }).where("service_catalogue_id", "=", catalogue.id).execute();
    return { file, genS: word.genS, catalogueTitle: catalogue.title ?? "" };
  } finally {
    await db.destroy();
  }
}

export async function benchFactory(prepared: { file: string; genS: number | null }, o: FactoryBenchOptions, tools: FactoryBenchTools): Promise<FactoryReport> {
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const { rotateApiKey } = await import("../app/modules/settings/api-keys.server");
  const { createUser } = await import("../app/modules/access/user.server");
  const { createSession } = await import("../app/modules/access/session.server");
  const { sessionCookie } = await import("../app/server/cookies.server");
  const { saveFactoryConnection } = await import("../app/modules/factory/factory-settings.server");

  console.log(`\n==> template import: ${o.services} services from ${prepared.file}`);
  const source = createDb(`file:${prepared.file}`);
  const owner = await source.selectFrom("users").select(["id", "name"]).where("role", "=", "superadmin").orderBy("id").executeTakeFirstOrThrow();
  const key = await rotateApiKey(source, owner);
  const published = Number((await source.selectFrom("services").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "closed").where("deleted_at", "is", null).executeTakeFirstOrThrow()).n);
  await source.destroy();
  if (published !== o.services) throw new Error(`the template instance publishes ${published} services, not ${o.services}`);

  const target = targetFile(o.services);
  removeDb(target);
  const db = createDb(`file:${target}`);
  await migrateToLatest(db);
  const adminId = await createUser(db, { name: "Bench Admin", email: "bench-admin@example.com", password: "bench-password-123", role: "superadmin" });
  const catalogue = await db.insertInto("service_catalogues").values({ title: "Aus Vorlagen" }).returning("id").executeTakeFirstOrThrow();
  const cookie = (await sessionCookie.serialize(await createSession(db, adminId, "bench"))).split(";")[0];

  const rateLimit = process.env.API_RATE_LIMIT;
  process.env.API_RATE_LIMIT = "1000000";
  // The template instance listens on loopback, which the target refuses without this (issue 31 §10).
  const allowPrivate = process.env.TEMPLATE_SERVER_ALLOW_PRIVATE;
  process.env.TEMPLATE_SERVER_ALLOW_PRIVATE = "1";
  const [sourcePort, targetPort] = [await tools.freePort(), await tools.freePort()];
  const sourceBase = `http://127.0.0.1:${sourcePort}`;
  const targetBase = `http://127.0.0.1:${targetPort}`;
  const sourceServer = tools.startServer(`file:${prepared.file}`, sourcePort, o.workers);
  const targetServer = tools.startServer(`file:${target}`, targetPort, o.workers);
  try {
    await Promise.all([tools.waitUntilUp(sourceBase, sourceServer), tools.waitUntilUp(targetBase, targetServer)]);
    await saveFactoryConnection(db, { url: sourceBase, key }, { id: adminId, name: "Bench Admin" });

    // The API's page under load.
    const apiUrl = `${sourceBase}/api/services?page=10`;
    const headers = { "X-Api-Key": key, Accept: "application/json" };
    await cannon(apiUrl, headers, o.connections, { amount: o.connections * 2 });
    const api = await cannon(apiUrl, headers, o.connections, { duration: o.duration });
    console.log(`    API page p50 ${api.p50.toFixed(0)} ms, p95 ${api.p95.toFixed(0)} ms, ${api.rps.toFixed(1)} req/s (${api.requests} requests, ${api.non2xx} non-2xx, ${(api.bytes / 1024).toFixed(0)} KB)`);

    // The list's walk, as the page with JS does it.
    const t0 = performance.now();
    let pages = 0;
    const ids: number[] = [];
    const get = async (list: string, page: number) => {
      const response = await fetch(`${targetBase}/factory/catalog/pages?list=${list}&page=${page}`, { headers: { cookie, Accept: "application/json" } });
      const answer = (await response.json()) as { ok: boolean; lastPage: number; items: { id: number }[]; error?: string };
      if (!answer.ok) throw new Error(`walk ${list} ${page}: ${answer.error}`);
      pages++;
      return answer;
    };
    await get("catalogues", 1);
    for (const list of ["areas", "categories", "services"]) {
      const first = await get(list, 1);
      const items = [...first.items];
      for (let page = 2; page <= first.lastPage; page++) items.push(...(await get(list, page)).items);
      if (list === "services") ids.push(...items.map((i) => i.id));
    }
    const walk = { ms: performance.now() - t0, pages };
    console.log(`    walk: ${pages} pages in ${(walk.ms / 1000).toFixed(2)} s, ${ids.length} services`);

    // The dialog's batches.
    const t1 = performance.now();
    let imported = 0;
    let failed = 0;
    let batches = 0;
    let slowest = 0;
    for (let i = 0; i < ids.length; i += BATCH) {
      const body = new URLSearchParams({ catalogue: String(catalogue.id) });
      for (const id of ids.slice(i, i + BATCH)) body.append("service", String(id));
      const s = performance.now();
      const response = await fetch(`${targetBase}/factory/catalog/batch`, { method: "POST", body, headers: { cookie, Accept: "application/json" } });
      const answer = (await response.json()) as { ok: boolean; outcomes?: { status: string }[]; error?: string };
      if (!answer.ok || !answer.outcomes) throw new Error(`batch ${batches + 1}: ${answer.error}`);
      slowest = Math.max(slowest, performance.now() - s);
      imported += answer.outcomes.filter((x) => x.status === "imported").length;
      failed += answer.outcomes.filter((x) => x.status === "failed").length;
      batches++;
      if (batches % 10 === 0) console.log(`    … ${Math.min(i + BATCH, ids.length)} of ${ids.length}`);
    }
    const importJs = { ms: performance.now() - t1, batches, imported, failed, slowestBatchMs: slowest };
    console.log(`    import: ${imported} imported, ${failed} failed in ${(importJs.ms / 1000).toFixed(2)} s (${batches} batches, slowest ${slowest.toFixed(0)} ms)`);

    // The same selection again, in one request as without JS: nothing is duplicated.
    const body = new URLSearchParams({ intent: "import", catalogue: String(catalogue.id), explicit: "1" });
    for (const id of ids) body.append("service", String(id));
    const t2 = performance.now();
    const again = await fetch(`${targetBase}/factory/catalog/import`, { method: "POST", body, headers: { cookie } });
    const html = await again.text();
    const reimport = { ms: performance.now() - t2, status: again.status, skipped: Number(/Übersprungen, weil bereits importiert: (\d+)/.exec(html)?.[1] ?? NaN) };
    console.log(`    re-import in one request: HTTP ${reimport.status}, ${reimport.skipped} skipped in ${(reimport.ms / 1000).toFixed(2)} s`);

    const count = async (q: Promise<{ n: string | number | bigint }>) => Number((await q).n);
    const inCatalogue = db.selectFrom("services").select("id").where("service_catalogue_id", "=", catalogue.id);
    const check = {
      services: await count(db.selectFrom("services").select((eb) => eb.fn.countAll().as("n")).where("service_catalogue_id", "=", catalogue.id).executeTakeFirstOrThrow()),
      linked: await count(db.selectFrom("services").select((eb) => eb.fn.count("factory_service_id").distinct().as("n")).where("service_catalogue_id", "=", catalogue.id).executeTakeFirstOrThrow()),
      options: await count(db.selectFrom("service_options").select((eb) => eb.fn.countAll().as("n")).where("service_id", "in", inCatalogue).executeTakeFirstOrThrow()),
      responsibilities: await count(db.selectFrom("responsibilities").select((eb) => eb.fn.countAll().as("n")).where("service_id", "in", inCatalogue).executeTakeFirstOrThrow()),
      links: await count(db.selectFrom("service_links").select((eb) => eb.fn.countAll().as("n")).where("service_id", "in", inCatalogue).executeTakeFirstOrThrow()),
      activities: await count(db.selectFrom("activities").select((eb) => eb.fn.countAll().as("n")).where("event", "=", "imported").executeTakeFirstOrThrow()),
    };
    console.log(`    target: ${JSON.stringify(check)}`);
    return { services: o.services, source: prepared.file, genS: prepared.genS, api, walk, importJs, reimport, check };
  } finally {
    await Promise.all([tools.stopServer(sourceServer), tools.stopServer(targetServer)]);
    if (rateLimit === undefined) delete process.env.API_RATE_LIMIT;
    else process.env.API_RATE_LIMIT = rateLimit;
    if (allowPrivate === undefined) delete process.env.TEMPLATE_SERVER_ALLOW_PRIVATE;
    else process.env.TEMPLATE_SERVER_ALLOW_PRIVATE = allowPrivate;
    await db.destroy();
  }
}

/** Whether the run met issue 18 §5: every service imported, none twice, in under 60 s. */
export function factoryTargetMet(r: FactoryReport): boolean {
  return r.importJs.imported === r.services && r.importJs.failed === 0 && r.check.services === r.services && r.check.linked === r.services && r.reimport.skipped === r.services && r.walk.ms + r.importJs.ms < 60_000;
}

export function renderFactory(r: FactoryReport, header: string, o: FactoryBenchOptions): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [header, ""];
  lines.push("| Measure | Result |", "| --- | --- |");
  lines.push(`| API page \`/api/services?page=10\` (50 full services), ${o.connections} connections, ${o.duration} s | p50 ${r.api.p50.toFixed(0)} ms · **p95 ${r.api.p95.toFixed(0)} ms** · p99 ${r.api.p99.toFixed(0)} ms · ${r.api.rps.toFixed(1)} req/s · ${r.api.requests} requests, ${r.api.non2xx} non-2xx · ${(r.api.bytes / 1024).toFixed(0)} KB |`);
  lines.push(`| Loading the template's lists (the list's walk with JS) | ${s(r.walk.ms)} for ${r.walk.pages} pages |`);
  lines.push(`| Importing ${r.services} services (the dialog with JS: batches of ${BATCH}, each a progress step) | **${s(r.importJs.ms)}** · ${r.importJs.batches} batches, slowest ${r.importJs.slowestBatchMs.toFixed(0)} ms · ${r.importJs.imported} imported, ${r.importJs.failed} failed |`);
  lines.push(`| The same ${r.services} again in one request (without JS) | ${s(r.reimport.ms)} · HTTP ${r.reimport.status} · ${r.reimport.skipped} skipped as imported already |`);
  lines.push(`| Target database afterwards | ${r.check.services} services (${r.check.linked} distinct templates), ${r.check.options} options, ${r.check.responsibilities} responsibilities, ${r.check.links} links, ${r.check.activities} "imported" activities |`);
  lines.push("");
  lines.push(
    `Target (issue 18 §5): ${r.services} services imported in under 60 s, none twice — ${factoryTargetMet(r) ? "**met**" : "**not met**"} (lists and import together ${s(r.walk.ms + r.importJs.ms)}).`,
  );
  return lines.join("\n");
}
