/**
 * Content in two languages at scale (issue 37 §6): the catalogue browser's list and search at 10k
 * services keep their budgets when the catalogue is offered in English too.
 *
 * Copies data/bench-10k.db (made by `npm run bench`) to data/bench-languages.db, measures the list
 * and a search over HTTP as a German reader (one language), then offers English in the 10k
 * catalogue and translates every service's name and short description (two rows a service: the
 * untranslated fields store nothing) and measures again as an English reader — the list with the
 * translated names, a search in German and a search for a word only the English texts hold
 * (in 2.5 % of them, as often as "Failover" in the German texts).
 * Writes the figures into docs/benchmarks.md between its markers.
 *
 *   npm run build && tsx scripts/bench-languages.ts
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";

const SOURCE = path.join("data", "bench-10k.db");
const FILE = path.join("data", "bench-languages.db");
const TARGET_MS = 150;

type Result = { latency: Record<string, number>; requests: { average: number }; errors: number; non2xx: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: Record<string, unknown>) => Promise<Result>;

const SCENARIOS = [
  { name: "List view", path: "/servicecatalog?view=0" },
  { name: 'Search "Failover"', path: "/servicecatalog?view=0&q=Failover" },
  { name: 'Search "Printing" (English texts only)', path: "/servicecatalog?view=0&q=Printing" },
];

async function measure(baseURL: string, cookie: string, language: string) {
  const rows: { name: string; p50: number; p95: number; rps: number; errors: number }[] = [];
  for (const scenario of SCENARIOS) {
    const run = (duration: number) => autocannon({ url: `${baseURL}${scenario.path}`, connections: 10, duration, headers: { cookie, "accept-language": language } });
    await run(3);
    const result = await run(10);
    // autocannon reports the 97.5th percentile, not the 95th: the stricter figure stands for p95.
    rows.push({ name: scenario.name, p50: result.latency.p50, p95: result.latency.p97_5, rps: result.requests.average, errors: result.errors + result.non2xx });
  }
  return rows;
}

async function main() {
  if (!fs.existsSync(SOURCE)) throw new Error(`${SOURCE} is missing: run \`npm run bench\` first`);
  for (const f of [FILE, `${FILE}-wal`, `${FILE}-shm`]) fs.rmSync(f, { force: true });
  fs.copyFileSync(SOURCE, FILE);
  process.env.DATABASE_URL = `file:${FILE}`;
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const { setCurrentCatalogue } = await import("../app/modules/catalogue/catalogue.server");
  const { sourceHash } = await import("../app/modules/translations/translations.server");
  const db = createDb(`file:${FILE}`);
  await migrateToLatest(db);
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("title", "=", "Bench 10k").orderBy("id", "desc").executeTakeFirstOrThrow();
  const admin = await db.selectFrom("users").select("id").where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
  await setCurrentCatalogue(db, admin.id, catalogue.id);
  const services = await db.selectFrom("services").select(["id", "name", "short_description"]).where("service_catalogue_id", "=", catalogue.id).where("deleted_at", "is", null).execute();
  // Both runs with fresh statistics: the second one analyses after adding the translations.
  await sql`analyze`.execute(db);
  await db.destroy();

  const { startApp, signIn } = await import("./app-process");
  const run = async () => {
    const app = await startApp({ databaseUrl: `file:${FILE}`, workers: "auto", output: "ignore" });
    try {
      const cookie = await signIn(app.baseURL, "superadmin@example.com", "servicehub-demo");
      return { de: await measure(app.baseURL, cookie, "de"), en: await measure(app.baseURL, cookie, "en") };
    } finally {
      await app.stop();
    }
  };
  const before = await run();

  // English offered and every service's name and short description translated.
  const write = createDb(`file:${FILE}`);
  await write.insertInto("catalogue_languages").values({ catalogue_id: catalogue.id, language: "en" }).execute();
  const now = new Date().toISOString();
  await write.transaction().execute(async (trx) => {
    for (const [i, s] of services.entries()) {
      await trx
        .insertInto("content_translations")
        .values([
          { subject_type: "service", subject_id: s.id, field: "name", language: "en", value: `${s.name} (EN)`, source_hash: sourceHash(s.name), source_value: s.name, updated_at: now },
          { subject_type: "service", subject_id: s.id, field: "short_description", language: "en", value: i % 40 === 0 ? "<p>Printing and scanning, in English.</p>" : "<p>A service described in English.</p>", source_hash: sourceHash(s.short_description), source_value: s.short_description ?? "", updated_at: now },
        ])
        .execute();
    }
  });
  await sql`analyze`.execute(write);
  const rowsStored = Number((await write.selectFrom("content_translations").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  await write.destroy();
  const after = await run();

  const table = (label: string, rows: Awaited<ReturnType<typeof measure>>) => rows.map((r) => `| ${label} | ${r.name} | ${r.p50} | ${r.p95} | ${r.rps.toFixed(0)} | ${r.errors} |`);
  const listAfter = after.en[0];
  const met = listAfter.p95 <= TARGET_MS && after.en.every((r) => r.errors === 0);
  const lines = [
    `Content languages (issue 37 §6), ${new Date().toISOString()} · ${os.cpus().length} cores · Node ${process.version} · load ${os.loadavg()[0].toFixed(2)} · ${services.length} services; after: English offered, ${rowsStored} translation rows (name and short description of each service; nothing else stored)`,
    "",
    "| Catalogue | Scenario (reader's language) | p50 ms | p95 ms (97.5th) | req/s | errors |",
    "| --- | --- | --- | --- | --- | --- |",
    ...table("German only", before.de),
    ...table("German + English", after.de.map((r) => ({ ...r, name: `${r.name} (de)` }))),
    ...table("German + English", after.en.map((r) => ({ ...r, name: `${r.name} (en)` }))),
    "",
    `Target: list p95 ≤ ${TARGET_MS} ms at 10k with two languages — ${met ? "met" : "**not met**"} (${listAfter.p95} ms).`,
  ];
  console.log(lines.join("\n"));
  const doc = path.join("docs", "benchmarks.md");
  const start = "<!-- bench:languages:start (generated by scripts/bench-languages.ts; edit outside these markers) -->";
  const end = "<!-- bench:languages:end -->";
  let text = fs.readFileSync(doc, "utf8");
  const block = `${start}\n${lines.join("\n")}\n${end}`;
  text = text.includes(start)
    ? text.replace(new RegExp(`${start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[\\s\\S]*?${end}`), block)
    : `${text.trimEnd()}\n\n## Content in two languages at 10k (issue 37 §6)\n\n${block}\n`;
  fs.writeFileSync(doc, text);
  if (!met) process.exitCode = 1;
}

await main();
