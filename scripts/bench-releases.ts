/**
 * The releases part of `npm run bench` (issue 35 §3 and §5):
 * - publishing N approved services (default 10,000) takes ≤ 10 s and ≤ 300 MB peak memory;
 * - a second release with 1 % of the services changed grows the database by ≤ 10 % of what the
 *   first release added;
 * - comparing the two releases (which services differ, and each changed one field by field) takes
 *   ≤ 2 s on the server.
 *
 * data/bench-releases-<n>.db (made unless present, or with --fresh): the demo content and a
 * catalogue from scripts/gen-catalogue.ts with every service approved and given 3 options, 2
 * responsibilities and a link. Each run copies it and measures in a fresh child process, so the
 * peak memory (maxRSS, modules included) is the publishing's alone.
 *
 *   tsx scripts/bench-releases.ts [--services 10000] [--fresh] [--runs 1]
 *   tsx scripts/bench-releases.ts --measure <db file> <catalogue id>   (the child; prints one JSON line)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { Database } from "../app/server/db/schema";

type DB = Kysely<Database>;

export const RELEASE_TARGETS = { publishMs: 10_000, peakMb: 300, growthRatio: 0.1, compareMs: 2_000 };

export interface ReleaseRun {
  services: number;
  publishMs: number;
  maxRssMb: number;
  firstBytes: number;
  secondBytes: number;
  changed: number;
  compareMs: number;
  differencesMs: number;
  found: { added: number; removed: number; moved: number; changed: number };
}

const label = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));
export const releasesDbFile = (n: number) => path.join("data", `bench-releases-${label(n)}.db`);

async function open(file: string): Promise<DB> {
  const { createDb } = await import("../app/server/db/db.server");
  return createDb(`file:${file}`);
}

/** The database: demo content plus N approved services with children. */
async function prepare(n: number, fresh: boolean): Promise<{ file: string; catalogueId: number }> {
  const file = releasesDbFile(n);
  const title = `Bench Releases ${label(n)}`;
  if (fresh && fs.existsSync(file)) fs.rmSync(file);
  const db = await open(file);
  try {
    const { migrateToLatest } = await import("../app/server/db/migrate.server");
    await migrateToLatest(db);
    const existing = await db.selectFrom("service_catalogues").select("id").where("title", "=", title).executeTakeFirst();
    if (existing) return { file, catalogueId: existing.id };
    const { seedDemo } = await import("../app/server/db/seed.server");
    const { generateCatalogue } = await import("./gen-catalogue");
    await seedDemo(db);
    const started = Date.now();
    const { catalogueId } = await generateCatalogue(db, { services: n, catalogueTitle: title, seed: 42 });
    await db.updateTable("services").set({ status: "closed", statuspercent: 100 }).where("service_catalogue_id", "=", catalogueId).execute();
    const ids = (await db.selectFrom("services").select("id").where("service_catalogue_id", "=", catalogueId).orderBy("id").execute()).map((r) => r.id);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < ids.length; i += 200) {
        const batch = ids.slice(i, i + 200);
        await trx
          .insertInto("service_options")
          .values(batch.flatMap((id) => [1, 2, 3].map((k) => ({ service_id: id, name: `Option ${k}`, short_description: `<p>Variante ${k} des Service ${id}</p>`, art_nr: `ART-${id}-${k}`, costs: k * 12.5, position: k - 1 }))))
          .execute();
        await trx
          .insertInto("responsibilities")
          .values(batch.flatMap((id) => [1, 2].map((k) => ({ service_id: id, pos: k, description: k === 1 ? "Betrieb und Überwachung" : "Anträge stellen", client: k === 2 ? 1 : 0, it: k === 1 ? 1 : 0 }))))
          .execute();
        await trx.insertInto("service_links").values(batch.map((id) => ({ service_id: id, url: `https://intranet.example.com/services/${id}`, position: 0 }))).execute();
      }
    });
    console.log(`bench-releases: generated ${n} approved services in ${((Date.now() - started) / 1000).toFixed(1)} s (${file})`);
    return { file, catalogueId };
  } finally {
    await db.destroy();
  }
}

/** Bytes the database file takes (SQLite pages in use; the copy has no free pages to reuse). */
async function usedBytes(db: DB): Promise<number> {
  const { rows: count } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  const { rows: free } = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db);
  const { rows: size } = await sql<{ page_size: number }>`pragma page_size`.execute(db);
  return (Number(count[0]!.page_count) - Number(free[0]!.freelist_count)) * Number(size[0]!.page_size);
}

/** The child: publish, change 1 %, publish again, compare — on a copy of the database. */
async function measure(file: string, catalogueId: number): Promise<ReleaseRun> {
  const db = await open(file);
  const { publishRelease, getRelease } = await import("../app/modules/releases/releases.server");
  const { compareSides, serviceDifference } = await import("../app/modules/releases/release-compare.server");
  const by = await db.selectFrom("users").select(["id", "name"]).where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
  const ids = (await db.selectFrom("services").select("id").where("service_catalogue_id", "=", catalogueId).where("status", "=", "closed").orderBy("id").execute()).map((r) => r.id);
  const before = await usedBytes(db);
  let started = performance.now();
  const first = await publishRelease(db, catalogueId, { label: "A", note: null }, by);
  const publishMs = performance.now() - started;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  const afterFirst = await usedBytes(db);
  const changedIds = ids.filter((_, i) => i % 100 === 0);
  await db.updateTable("services").set({ description: sql`description || '<p>Geändert für die zweite Veröffentlichung.</p>'` }).where("id", "in", changedIds).execute();
  await publishRelease(db, catalogueId, { label: "B", note: null }, by);
  const afterSecond = await usedBytes(db);
  const second = (await db.selectFrom("releases").select("id").where("label", "=", "B").where("service_catalogue_id", "=", catalogueId).executeTakeFirstOrThrow()).id;
  const from = { kind: "release" as const, release: (await getRelease(db, first))! };
  const to = { kind: "release" as const, release: (await getRelease(db, second))! };
  started = performance.now();
  const comparison = await compareSides(db, from, to);
  const compareMs = performance.now() - started;
  started = performance.now();
  for (const s of comparison.services.filter((x) => x.changes.includes("changed"))) await serviceDifference(db, from, to, s.id);
  const differencesMs = performance.now() - started;
  await db.destroy();
  const { unchanged: _u, ...found } = comparison.counts;
  return { services: ids.length, publishMs, maxRssMb, firstBytes: afterFirst - before, secondBytes: afterSecond - afterFirst, changed: changedIds.length, compareMs, differencesMs, found };
}

function runChild(file: string, catalogueId: number): Promise<ReleaseRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, path.resolve("scripts/bench-releases.ts"), "--measure", file, String(catalogueId)], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as ReleaseRun);
      else reject(new Error(`bench-releases child failed (${code}): ${out}`));
    });
  });
}

export async function benchReleases(opts: { services: number; fresh: boolean; runs: number }): Promise<ReleaseRun[]> {
  const { file, catalogueId } = await prepare(opts.services, opts.fresh);
  const runs: ReleaseRun[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const copy = `${file}.run.db`;
    fs.copyFileSync(file, copy);
    try {
      runs.push(await runChild(copy, catalogueId));
    } finally {
      for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) if (fs.existsSync(f)) fs.rmSync(f);
    }
  }
  return runs;
}

/** Which targets a run misses (empty: all met). */
export function missedTargets(run: ReleaseRun): string[] {
  const missed: string[] = [];
  if (run.publishMs > RELEASE_TARGETS.publishMs) missed.push(`publishing took ${(run.publishMs / 1000).toFixed(1)} s`);
  if (run.maxRssMb > RELEASE_TARGETS.peakMb) missed.push(`peak memory ${run.maxRssMb.toFixed(0)} MB`);
  if (run.secondBytes > RELEASE_TARGETS.growthRatio * run.firstBytes) missed.push(`the second release grew the database by ${((100 * run.secondBytes) / run.firstBytes).toFixed(1)} % of the first`);
  if (run.compareMs + run.differencesMs > RELEASE_TARGETS.compareMs) missed.push(`comparing took ${((run.compareMs + run.differencesMs) / 1000).toFixed(2)} s`);
  return missed;
}

export function renderReleases(runs: ReleaseRun[], header: string): string {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const lines = [
    header,
    "",
    "| services | publish | peak RSS | first release adds | second (1 % changed) adds | ratio | compare (outline) | + changed services field by field | found |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...runs.map(
      (r) =>
        `| ${r.services.toLocaleString("en")} | ${(r.publishMs / 1000).toFixed(2)} s | ${r.maxRssMb.toFixed(0)} MB | ${mb(r.firstBytes)} MB | ${mb(r.secondBytes)} MB | ${((100 * r.secondBytes) / r.firstBytes).toFixed(1)} % | ${r.compareMs.toFixed(0)} ms | ${r.differencesMs.toFixed(0)} ms (${r.found.changed}) | +${r.found.added} −${r.found.removed} ↷${r.found.moved} ~${r.found.changed} |`,
    ),
    "",
    `Targets (issue 35): publish ≤ ${RELEASE_TARGETS.publishMs / 1000} s and ≤ ${RELEASE_TARGETS.peakMb} MB peak (the process's maxRSS, modules included); the second release adds ≤ ${RELEASE_TARGETS.growthRatio * 100} % of the first; comparing ≤ ${RELEASE_TARGETS.compareMs / 1000} s.`,
  ];
  return lines.join("\n");
}

// ------------------------------------------------------------------------------------ CLI

const argv = process.argv.slice(2);
if (argv[0] === "--measure") {
  const run = await measure(argv[1]!, Number(argv[2]));
  console.log(JSON.stringify(run));
  process.exit(0);
} else if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("scripts/bench-releases.ts")) {
  const value = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
  const runs = await benchReleases({ services: value("--services", 10_000), fresh: argv.includes("--fresh"), runs: value("--runs", 1) });
  console.log(renderReleases(runs, "Releases"));
  const missed = runs.flatMap(missedTargets);
  if (missed.length) {
    console.error(`bench-releases: targets missed: ${missed.join("; ")}`);
    process.exit(1);
  }
}
