/**
 * `npm run fuzz`: the full hostile-input run of issue 21 item 2 (docs/reliability.md, section 2).
 *
 *   npm run fuzz -- [--no-build] [--max-pages 400] [--concurrency 4] [--workers 2] [--values 37]
 *                   [--roles superadmin,keyuser,user,client,anonymous] [--crawl-only] [--help]
 *                   [--base http://127.0.0.1:PORT --db file:path]
 *
 * Builds the app (unless --no-build), seeds a fresh database under data/fuzz-<port>/, starts
 * `node server.mjs` on a free loopback port, crawls it as a superadmin, a key user, a plain user
 * (granted one category), a client and signed out, each role on its own, sends every one of the
 * hostile values (tests/support/hostile-values.ts) to every form field and query parameter each
 * role reached, fetches every page again, prints the figures and the per-role coverage, and stops
 * the server (by its PID). `--values N` (at least 20) gives each field N of the values, rotating,
 * so that every value is still sent to many fields (for a loaded machine); `--workers` is the
 * server's WEB_CONCURRENCY; `--roles` crawls and fuzzes only those; `--crawl-only` lists what each
 * role reached (pages, forms, links with parameters) and stops. `--base` and `--db` fuzz an
 * already running instance instead (its database is changed!). Exits 1 when any answer was a 5xx,
 * an unescaped reflection or a refusal without a message, or when a role's crawl reached less than
 * ROLE_CRAWLS (tests/support/fuzz-roles.ts) expects.
 */
// First: the secret must be set before any app module reads the environment.
import "./fuzz-secret";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDb } from "../app/server/db/db.server";
import { freePort, waitForApp } from "./app-process";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { seedDemo } from "../app/server/db/seed.server";
import { HOSTILE_VALUES } from "../tests/support/hostile-values";
import { startAiProvider, type AiProvider } from "../tests/support/ai-provider";
import { rotatingShare } from "../tests/support/fuzz-crawler";
import { crawlApp, runFuzz, sessions, type Found } from "../tests/support/fuzz-run";
import { coverage, coverageTable, ROLE_CRAWLS, shortfalls } from "../tests/support/fuzz-roles";

const { values: args } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    "max-pages": { type: "string", default: "400" },
    concurrency: { type: "string", default: "4" },
    workers: { type: "string", default: "2" },
    values: { type: "string", default: String(HOSTILE_VALUES.length) },
    base: { type: "string" },
    db: { type: "string" },
    "crawl-only": { type: "boolean", default: false },
    roles: { type: "string", default: ROLE_CRAWLS.map((r) => r.role).join(",") },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (args.help) {
  // The usage is this file's opening comment.
  const source = fs.readFileSync(new URL(import.meta.url), "utf8");
  console.log(source.slice(source.indexOf("/**") + 3, source.indexOf("*/")).replace(/^ \* ?/gm, "").trim());
  process.exit(0);
}
const roles = args.roles.split(",").map((r) => r.trim());
const unknownRoles = roles.filter((r) => !ROLE_CRAWLS.some((c) => c.role === r));
if (unknownRoles.length) {
  console.error(`--roles: unknown ${unknownRoles.join(", ")}; known: ${ROLE_CRAWLS.map((r) => r.role).join(", ")}`);
  process.exit(2);
}
const perField = Math.max(20, Math.min(HOSTILE_VALUES.length, Number(args.values)));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
let server: ChildProcess | null = null;
let ai: AiProvider | null = null;
let runDir: string | null = null;
let base = args.base;
let databaseUrl = args.db;

if (!base) {
  if (!args["no-build"]) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const port = await freePort();
  runDir = path.resolve("data", `fuzz-${port}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  databaseUrl = `file:${path.join(runDir, "servicehub.db")}`;
  const seedDb = createDb(databaseUrl);
  await migrateToLatest(seedDb);
  await seedDemo(seedDb);
  await seedDb.destroy();
  base = `http://127.0.0.1:${port}`;
  // The AI assistant's provider as in the e2e runs (the OpenAI-compatible mock), so its forms answer as configured.
  const aiPort = await freePort();
  ai = await startAiProvider({ port: aiPort, apiKey: "fuzz-ai-key" });
  server = spawn("node", ["server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      WEB_CONCURRENCY: args.workers,
      AI_BASE_URL: `http://127.0.0.1:${aiPort}/v1`,
      AI_API_KEY: "fuzz-ai-key",
      AI_MODEL: "mock-model",
      AI_TIMEOUT_SECONDS: "10",
      APP_URL: base,
    },
  });
  await waitForApp(base, server);
  log(`server on ${base}, database ${databaseUrl}`);
}
if (!databaseUrl) throw new Error("--base needs --db (the running instance's DATABASE_URL) for the sessions");

const db = createDb(databaseUrl);
let failed = true;
try {
  log(`load before: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  const cookie = sessions(db);
  const crawlStarted = Date.now();
  const found = await crawlApp(base, db, cookie, Number(args["max-pages"]), roles);
  log(`crawled as ${roles.join(", ")} in ${Math.round((Date.now() - crawlStarted) / 1000)} s`);
  const short = shortfalls(found);
  if (args["crawl-only"]) {
    for (const { role, crawl } of found) {
      console.log(`${role}: ${crawl.pages.length} pages`);
      for (const p of crawl.pages) console.log(`  page ${p}`);
      for (const f of crawl.forms) console.log(`  form ${f.method} ${f.action} ${f.submit ? `${f.submit.name}=${f.submit.value}` : ""} [${f.fields.map((x) => `${x.name}:${x.type}`).join(" ")}] (on ${f.page})`);
      for (const q of crawl.queries) console.log(`  query ${q}`);
    }
    console.log(`\nper-role coverage (reached by the crawl):\n${coverageTable(coverage(found))}`);
    for (const s of short) console.log(`crawl short: ${s}`);
    // No process.exit here: the finally below still has to stop the server this script started.
    failed = short.length > 0;
  } else {
    failed = await fuzz(base, found, short, cookie);
  }
} finally {
  await db.destroy();
  if (server && server.exitCode === null) {
    await new Promise<void>((resolve) => {
      server!.once("exit", () => resolve());
      server!.kill("SIGTERM");
    });
  }
  await ai?.stop();
  if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** Fuzzes what the crawls found and prints the figures; true when anything failed. */
async function fuzz(base: string, found: Found, short: string[], cookie: (role: string) => Promise<string>): Promise<boolean> {
  const { report, summary } = await runFuzz({ base, db, valuesFor: perField === HOSTILE_VALUES.length ? () => HOSTILE_VALUES : rotatingShare(perField), maxPages: Number(args["max-pages"]), cookie, concurrency: Number(args.concurrency), log }, found);
  for (const f of report.serverErrors) console.log(`5xx: (${f.role}) ${f.where} ${f.field} ← ${f.value}: ${f.status} ${f.detail ?? ""}`);
  for (const f of report.noAnswers) console.log(`no answer: (${f.role}) ${f.where} ${f.field} ← ${f.value}: ${f.detail ?? ""}`);
  for (const f of report.reflections) console.log(`unescaped reflection: (${f.role}) ${f.where} ${f.field} ← ${f.value}: ${f.detail}`);
  for (const f of report.silentRefusals) console.log(`refusal without a message: (${f.role}) ${f.where} ${f.field} ← ${f.value}: ${f.status}`);
  log(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(`
hostile values:          ${HOSTILE_VALUES.length} (${perField} per field and parameter)
pages crawled:           ${summary.pages}
forms:                   ${summary.forms}
fields:                  ${summary.fields}
parameters:              ${summary.parameters}
requests:                ${summary.requests}
fewest values per field: ${summary.fewestValuesPerTarget}
statuses:                ${JSON.stringify(summary.statuses)}
5xx:                     ${summary.serverErrors} (goal 0)
no answer:               ${summary.noAnswers} (goal 0)
unescaped reflections:   ${summary.unescapedReflections} (goal 0)
refusals without text:   ${summary.refusalsWithoutMessage} (goal 0)
time:                    ${summary.seconds} s

per-role coverage (reached by the crawl; fuzzed):
${coverageTable(coverage(found, report))}`);
  for (const s of short) console.log(`crawl short: ${s}`);
  return summary.serverErrors + summary.noAnswers + summary.unescapedReflections + summary.refusalsWithoutMessage > 0 || summary.fewestValuesPerTarget < 20 || short.length > 0;
}
