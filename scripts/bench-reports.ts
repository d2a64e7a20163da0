/**
 * The reports part of `npm run bench` (issue 20 §6): /reports at 10k services must stay under
 * 300 ms p95 at 10 connections. `npm run bench -- --reports` runs only this part.
 *
 * 1. The 10k catalogue of scripts/gen-catalogue.ts (data/bench-10k.db, made by bench.ts unless
 *    present). The generator links no providers; the first run here links 12 generated providers
 *    deterministically (seed 42: 85 % of the services get one or two), so the provider chart has
 *    something to count. The browser benchmarks do not look at providers.
 * 2. In-process, sequentially: each query of the page once cold (no memo; what the first request
 *    after a change costs) — completeness and staleness sums, the charts, the first page of each
 *    list — and the whole page data through the memo (what every further request costs).
 * 3. Over HTTP: `node server.mjs` (WEB_CONCURRENCY as for the other scenarios), the demo
 *    superadmin; autocannon with 10 connections against /reports, /reports with other list pages,
 *    the page's data only (/reports.data), and one CSV download of the 10k-row completeness table.
 */
import type { Kysely } from "kysely";
import type { Database } from "../app/server/db/schema";
import { createRng } from "./gen-catalogue";
import type { BenchTools, Http, Stats } from "./bench-logs";

type DB = Kysely<Database>;

/** What scripts/bench.ts lends: its measuring and server helpers (the same as the logs bench's). */
export type ReportsBenchTools = BenchTools;

export interface ReportsBenchOptions {
  file: string;
  catalogueTitle: string;
  iterations: number;
  connections: number;
}

interface Scenario {
  key: string;
  name: string;
  path: string;
}

export interface ReportsReport {
  file: string;
  services: number;
  providersLinked: number | null;
  figures: { stale: number; unowned: number; nolevel: number; averagePercent: number };
  cold: Record<string, number>;
  coldTotal: number;
  memo: Stats;
  scenarios: Scenario[];
  http: Record<string, Http>;
  csv: { ms: number; bytes: number; rows: number; status: number } | null;
}

export const REPORTS_TARGET_MS = 300;
const PROVIDERS = 12;

/** Links generated providers to the catalogue's services once (deterministic); null when it already has some. */
async function ensureProviders(db: DB, catalogueId: number): Promise<number | null> {
  const linked = await db
    .selectFrom("service_providers as sp")
    .innerJoin("services as s", "s.id", "sp.service_id")
    .where("s.service_catalogue_id", "=", catalogueId)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(linked.n) > 0) return null;
  const rng = createRng(42);
  const names = Array.from({ length: PROVIDERS }, (_, i) => `Bench-Provider ${String(i + 1).padStart(2, "0")}`);
  const ids: number[] = [];
  for (const name of names) {
    const found = await db.selectFrom("providers").select("id").where("name", "=", name).executeTakeFirst();
    ids.push(found?.id ?? (await db.insertInto("providers").values({ name }).returning("id").executeTakeFirstOrThrow()).id);
  }
  const services = await db.selectFrom("services").select("id").where("service_catalogue_id", "=", catalogueId).orderBy("id").execute();
  const rows: { service_id: number; provider_id: number }[] = [];
  for (const { id } of services) {
    if (!rng.chance(0.85)) continue;
    for (const provider of rng.distinct(ids, rng.int(1, 2))) rows.push({ service_id: id, provider_id: provider });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto("service_providers").values(rows.slice(i, i + 1000)).execute();
  return rows.length;
}

export async function benchReports(o: ReportsBenchOptions, tools: ReportsBenchTools): Promise<ReportsReport> {
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const { createSession } = await import("../app/modules/access/session.server");
  const { sessionCookie } = await import("../app/server/cookies.server");
  const { setCurrentCatalogue } = await import("../app/modules/catalogue/catalogue.server");
  const reports = await import("../app/modules/reports/reports.server");
  const { reportData } = await import("../app/modules/reports/reports-page.server");
  const { cutoffDay, DEFAULT_MONTHS, REPORT_PAGE_SIZE } = await import("../app/modules/reports/reports-query");

  const url = `file:${o.file}`;
  const db = createDb(url);
  await migrateToLatest(db);
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("title", "=", o.catalogueTitle).orderBy("id", "desc").executeTakeFirstOrThrow();
  console.log(`\n==> Reports: ${o.file}, catalogue ${catalogue.id}`);
  const providersLinked = await ensureProviders(db, catalogue.id);
  if (providersLinked !== null) console.log(`    linked ${providersLinked} provider assignments (first run on this database)`);
  const user = await db.selectFrom("users").select("id").where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
  await setCurrentCatalogue(db, user.id, catalogue.id);
  const sessionId = await createSession(db, user.id, "bench");
  const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0];

  const cutoff = cutoffDay(DEFAULT_MONTHS);
  const summary = await reports.completenessSummary(db, catalogue.id, cutoff);
  const page = { page: 1, size: REPORT_PAGE_SIZE };
  const parts: Record<string, () => Promise<unknown>> = {
    completenessSummary: () => reports.completenessSummary(db, catalogue.id, cutoff),
    countsByStatus: () => reports.countsByStatus(db, catalogue.id),
    owners: () => reports.countsByRelation(db, catalogue.id, "owner"),
    providers: () => reports.countsByRelation(db, catalogue.id, "provider"),
    tags: () => reports.countsByRelation(db, catalogue.id, "tag"),
    completenessList: () => reports.completenessList(db, catalogue.id, summary.total, page),
    staleList: () => reports.staleList(db, catalogue.id, cutoff, summary.stale, page),
    unownedList: () => reports.missingList(db, catalogue.id, "owner", summary.missing.owner, page),
    nolevelList: () => reports.missingList(db, catalogue.id, "kpi", summary.missing.kpi, page),
  };
  const cold: Record<string, number> = {};
  for (const [name, fn] of Object.entries(parts)) cold[name] = (await tools.timeIt(fn, o.iterations)).p50;
  const coldTotal = Object.values(cold).reduce((a, b) => a + b, 0);
  const pages = { completeness: 1, stale: 1, unowned: 1, nolevel: 1 };
  const memo = await tools.timeIt(() => reportData(db, catalogue.id, cutoff, pages), o.iterations * 4);
  console.log(`    cold (sum of the queries' medians) ${tools.ms(coldTotal)} ms; through the memo p50 ${tools.ms(memo.p50)} / p95 ${tools.ms(memo.p95)} ms`);

  const scenarios: Scenario[] = [
    { key: "page", name: "Reports page", path: "/reports" },
    { key: "pages", name: "Reports page, other list pages", path: "/reports?cpage=7&spage=3&opage=2&kpage=2&months=6" },
    { key: "data", name: "Reports, data only", path: "/reports.data" },
  ];
  const report: ReportsReport = {
    file: o.file,
    services: summary.total,
    providersLinked,
    figures: { stale: summary.stale, unowned: summary.missing.owner, nolevel: summary.missing.kpi, averagePercent: summary.averagePercent },
    cold,
    coldTotal,
    memo,
    scenarios,
    http: {},
    csv: null,
  };
  const port = await tools.freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = tools.startServer(url, port);
  try {
    await tools.waitUntilUp(base, server);
    const check = await fetch(`${base}/reports`, { headers: { cookie }, redirect: "manual" });
    const body = await check.text();
    if (check.status !== 200 || !body.includes(o.catalogueTitle)) throw new Error(`/reports: HTTP ${check.status}, catalogue ${o.catalogueTitle} ${body.includes(o.catalogueTitle) ? "" : "not "}shown`);
    for (const sc of scenarios) {
      const h = await tools.measure(base + sc.path, cookie);
      report.http[sc.key] = h;
      console.log(`    ${sc.name.padEnd(34)} p50 ${tools.ms(h.p50).padStart(6)} ms  p95 ${tools.ms(h.p95).padStart(6)} ms  ${h.rps.toFixed(1).padStart(6)} req/s  (${h.requests} req, non-2xx ${h.non2xx}, errors ${h.errors}, ${(h.bytes / 1024).toFixed(0)} KB)`);
    }
    const started = performance.now();
    const csv = await fetch(`${base}/reports.csv?table=completeness&catalogue=${catalogue.id}&sep=semicolon`, { headers: { cookie }, redirect: "manual" });
    const text = await csv.text();
    report.csv = { ms: performance.now() - started, bytes: Buffer.byteLength(text), rows: text.trimEnd().split("\r\n").length - 1, status: csv.status };
    console.log(`    CSV completeness (every service): HTTP ${csv.status}, ${report.csv.rows} rows, ${(report.csv.bytes / 1024).toFixed(0)} KB in ${tools.ms(report.csv.ms)} ms`);
  } finally {
    await tools.stopServer(server);
    await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
    await db.destroy();
  }
  return report;
}

/** Whether the page met its target: p95 of the page scenarios at most REPORTS_TARGET_MS. */
export function reportsMet(r: ReportsReport): boolean {
  return ["page", "pages"].every((key) => r.http[key] && r.http[key].requests > 0 && r.http[key].p95 <= REPORTS_TARGET_MS);
}

export function renderReports(r: ReportsReport, header: string, ms: (x: number | undefined) => string): string {
  const lines: string[] = [header, ""];
  lines.push(
    `Data: \`${r.file}\`, ${r.services} services (${r.figures.stale} not changed for 12 months, ${r.figures.unowned} without owner, ${r.figures.nolevel} without service level, ` +
      `average completeness ${r.figures.averagePercent} %)${r.providersLinked !== null ? `; ${r.providersLinked} provider assignments linked in this run` : ""}.`,
  );
  lines.push("");
  lines.push("| Target | Measured | Met |");
  lines.push("| --- | --- | --- |");
  for (const key of ["page", "pages"]) {
    const h = r.http[key];
    const name = r.scenarios.find((s) => s.key === key)?.name ?? key;
    lines.push(`| ${name}: p95 ≤ ${REPORTS_TARGET_MS} ms at 10k (HTTP, 10 conn.) | ${h ? `${ms(h.p95)} ms` : "not measured"} | ${h && h.requests > 0 && h.p95 <= REPORTS_TARGET_MS ? "yes" : "**no**"} |`);
  }
  lines.push("");
  lines.push("| Scenario | p50 | p95 | p99 | req/s | Requests | non-2xx / errors | Response KB |");
  lines.push("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const sc of r.scenarios) {
    const h = r.http[sc.key];
    if (h) lines.push(`| ${sc.name} \`${sc.path}\` | ${ms(h.p50)} | ${ms(h.p95)} | ${ms(h.p99)} | ${h.rps.toFixed(1)} | ${h.requests} | ${h.non2xx} / ${h.errors} | ${(h.bytes / 1024).toFixed(0)} |`);
  }
  if (r.csv) lines.push(`| CSV download, completeness of every service (one request) | ${ms(r.csv.ms)} | | | | 1 | ${r.csv.status === 200 ? 0 : r.csv.status} / 0 | ${(r.csv.bytes / 1024).toFixed(0)} |`);
  lines.push("");
  lines.push(`In-process, sequential, median ms per query when computed afresh (the first request after any write): ${Object.entries(r.cold).map(([k, v]) => `${k} ${ms(v)}`).join(", ")}; **sum ${ms(r.coldTotal)} ms**. Through the memo (nothing written since): p50 ${ms(r.memo.p50)}, p95 ${ms(r.memo.p95)} ms.`);
  return lines.join("\n");
}
