/**
 * The Word-export part of `npm run bench` (issue 17 §7): a catalogue of N services (default
 * 1,000) "with full texts" must export in under 10 s and under 300 MB.
 *
 * 1. data/bench-word-<n>.db (made unless present, or with --fresh): the demo content, a catalogue
 *    "Bench Word <n>" from scripts/gen-catalogue.ts, and on top of that for every service rich
 *    text with bold, italic, underline, colours, nested lists and links, 3 options with
 *    formatted descriptions, 4 responsibilities, 2 links, every detail and personal-data field,
 *    an attribute value, a picture on every tenth; and a full catalogue frame (picture,
 *    introduction, priorities, times, all 14 key figures, sections with paragraphs, a table and a
 *    matrix).
 * 2. In-process, in a fresh child process per run (so its memory is the export's alone):
 *    loadExport → buildDocument → Packer, timed per step; peak memory as the process's maxRSS
 *    (getrusage) and the highest sampled RSS; the file size; the file read back with mammoth
 *    (headings counted: one per service; beyond 1,000 services counted in the XML).
 * 3. Over HTTP: `node server.mjs` (one process, WEB_CONCURRENCY=1) on the database, the demo
 *    superadmin (word-export flag set) downloads /servicecatalog/export.docx; time to the last
 *    byte and the server's peak RSS (VmHWM from /proc/<pid>/status) before and after.
 *
 *   tsx scripts/bench-word.ts --measure <db file> <catalogue id>   (the child; prints one JSON line)
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "../app/server/db/schema";

type DB = Kysely<Database>;

export interface WordBenchOptions {
  services: number;
  fresh: boolean;
  runs: number;
}

export interface WordRun {
  loadMs: number;
  /** Writing the document and zipping it, which happen together (the body is deflated as it is written). */
  buildMs: number;
  totalMs: number;
  maxRssMb: number;
  sampledPeakMb: number;
  baselineMb: number;
  /** RSS with the app's modules loaded, just before the export. */
  importedMb: number;
  bytes: number;
  services: number;
  headings: number;
}

export interface WordReport {
  services: number;
  file: string;
  genS: number | null;
  runs: WordRun[];
  http: { ms: number; bytes: number; status: number; peakBeforeMb: number; peakAfterMb: number } | null;
}

const title = (n: number) => `Bench Word ${n % 1000 === 0 ? `${n / 1000}k` : n}`;
export const wordDbFile = (n: number) => path.join("data", `bench-word-${n % 1000 === 0 ? `${n / 1000}k` : n}.db`);

// ------------------------------------------------------------------------------------ the data

/** A width × height PNG (a colour gradient that differs per `seed`): pictures for services and the frame. */
function png(width: number, height: number, seed: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    // A smooth gradient, as pictures (logos, icons, photos) compress: a few kilobytes, not raw pixels.
    for (let x = 0; x < width; x++) raw.set([Math.floor((x * 255) / width), Math.floor((y * 255) / height), (seed * 37) % 256], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

const RICH_EXTRA = (i: number) =>
  `<p>Im Leistungsumfang <strong>fett hervorgehoben</strong>, <em>kursiv</em>, <u>unterstrichen</u> und ` +
  `<span style="color: #c0392b">farbig</span> mit <span style="background-color: #fff59d">Hintergrund</span>; ` +
  `Details unter <a href="https://example.com/services/${i}" target="_blank" rel="noopener noreferrer">example.com/services/${i}</a>.</p>` +
  `<ol><li><p>Erster Schritt mit <strong>Freigabe</strong></p><ul><li><p>Unterpunkt A</p></li><li><p>Unterpunkt B</p></li></ul></li>` +
  `<li><p>Zweiter Schritt</p></li><li><p>Dritter Schritt</p></li></ol>`;

/** Adds what a "full" service has beyond gen-catalogue's texts; batched multi-row inserts. */
async function fillServices(db: DB, catalogueId: number) {
  const services = await db.selectFrom("services").select(["id", "description"]).where("service_catalogue_id", "=", catalogueId).orderBy("id").execute();
  const now = new Date().toISOString();
  const attribute = await db
    .insertInto("service_attribute_items")
    .values({ designation: "Betriebsmodell", headline: "Betriebsmodell", type: "text", active: 1, position: 0, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < services.length; start += 100) {
      const batch = services.slice(start, start + 100);
      for (const s of batch) {
        await trx
          .updateTable("services")
          .set({
            description: `${s.description ?? ""}${RICH_EXTRA(s.id)}`,
            restriction: "Nicht für externe Dienstleister ohne Vertrag.",
            cancelling: "Mit einer Frist von drei Monaten zum Quartalsende.",
            delivery_point: "Arbeitsplatz der Nutzerin oder des Nutzers",
            reporting: "Monatlicher Servicebericht",
            serviceprovidercontract: "Rahmenvertrag IT-Betrieb 2026",
            plannedchanges: "Umstellung auf das neue Self-Service-Portal im zweiten Quartal.",
            costs: "Pauschal 12,50 € pro Monat und Nutzer",
            system: "ServiceNow",
            customerspecific: s.id % 3 === 0 ? 1 : 0,
            processingpersonaldata: 1,
            personaldata: "Name, dienstliche E-Mail-Adresse, Telefonnummer",
            processingpersonaldatalaw: "Art. 6 Abs. 1 lit. b DSGVO",
            personaldatastorageduration: "Bis zum Ende des Beschäftigungsverhältnisses",
            personaldatatransfer: "Keine",
            // Every tenth service has a picture.
            ...(s.id % 10 === 0 ? { picture: png(320, 200, s.id).toString("base64"), picture_mime: "image/png" } : {}),
          })
          .where("id", "=", s.id)
          .execute();
      }
      await trx
        .insertInto("service_options")
        .values(
          batch.flatMap((s) =>
            [1, 2, 3].map((n) => ({
              service_id: s.id,
              name: `Option ${n}: ${["Basis", "Komfort", "Premium"][n - 1]}`,
              art_nr: `OPT-${s.id}-${n}`,
              short_description: `<p>Die Option <strong>${n}</strong> erweitert den Service um <em>zusätzliche</em> Leistungen.</p>`,
              description: `<ul><li><p>Leistung A</p></li><li><p>Leistung B mit <u>Bedingung</u></p></li></ul>`,
              costs: n * 9.5,
              position: n - 1,
              created_at: now,
              updated_at: now,
            })),
          ),
        )
        .execute();
      await trx
        .insertInto("responsibilities")
        .values(
          batch.flatMap((s) =>
            ["Bedarf melden", "Freigabe erteilen", "Bereitstellung durchführen", "Betrieb überwachen"].map((description, pos) => ({
              service_id: s.id,
              description,
              pos,
              client: pos < 2 ? 1 : 0,
              it: pos >= 1 ? 1 : 0,
              created_at: now,
              updated_at: now,
            })),
          ),
        )
        .execute();
      await trx
        .insertInto("service_links")
        .values(batch.flatMap((s) => [0, 1].map((position) => ({ service_id: s.id, url: `https://intranet.example.com/services/${s.id}/${position ? "faq" : "handbuch"}`, position }))))
        .execute();
      await trx
        .insertInto("service_attribute_text_items")
        .values(batch.map((s) => ({ service_id: s.id, service_attribute_item_id: attribute.id, text: "Betrieb im eigenen Rechenzentrum" })))
        .execute();
    }
  });
}

async function fillFrame(db: DB, catalogueId: number) {
  const now = new Date().toISOString();
  const KEYS = ["service_time", "support_time", "on_call_service", "maintenance_window", "disaster_exercise", "backup", "storing_generations", "archive_periods", "reporting", "notice_period", "cost_models", "article_numbers", "procurement", "delivery_point"];
  await db
    .insertInto("catalog_frames")
    .values({
      service_catalogue_id: catalogueId,
      title: "Leistungskatalog der IT",
      picture: png(800, 450, 1).toString("base64"),
      picture_mime: "image/png",
      introduction: "<p>Dieser Katalog beschreibt <strong>alle Leistungen</strong> der IT für die Fachbereiche.</p><ul><li><p>verbindlich</p></li><li><p>jährlich überprüft</p></li></ul>",
      priorities: JSON.stringify(["Kritisch", "Hoch", "Mittel", "Niedrig"].map((name, i) => ({ name, description: `Priorität ${i + 1}`, impact_example: "Ausfall für viele Nutzer" }))),
      solution_times: JSON.stringify(["Kritisch", "Hoch", "Mittel", "Niedrig"].map((priority, i) => ({ priority, reaction_time: `${i + 1} h`, solution_time: `${(i + 1) * 4} h`, comment: "werktags 7–18 Uhr" }))),
      deployment_times: JSON.stringify(["Standard", "Express", "Sonder"].map((name, i) => ({ name, deployment_time: `${5 - i} Arbeitstage`, comment: "nach Freigabe" }))),
      key_figures: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, `Wert für ${k}`]))),
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [position, name] of ["Allgemeines", "Betrieb", "Vertragliches"].entries()) {
    const section = await db.insertInto("sections").values({ service_catalogue_id: catalogueId, name, description: "Rahmenbedingungen", type: "Section", position, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("paragraphs").values({ section_id: section.id, title: `${name}: Grundsätze`, content: "<p>Grundsätze mit <em>Betonung</em>.</p>", position: 0, global_position: 0, created_at: now, updated_at: now }).execute();
    const tableRow = await db.insertInto("section_tables").values({ section_id: section.id, title: "Ansprechpartner", headers: JSON.stringify(["Rolle", "Name", "Telefon"]), position: 0, global_position: 1, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("table_rows").values([0, 1].map((p) => ({ table_id: tableRow.id, row_values: JSON.stringify(["Service Desk", `Team ${p + 1}`, "0800 123"]), position: p }))).execute();
    await db
      .insertInto("matrix_tables")
      .values({ section_id: section.id, title: "Zuständigkeiten", row_headers: JSON.stringify(["Planung", "Betrieb"]), column_headers: JSON.stringify(["Kunde", "IT", "Provider"]), matrix_data: JSON.stringify([["A", "R", "I"], ["I", "A", "R"]]), position: 0, global_position: 2, created_at: now, updated_at: now })
      .execute();
  }
}

/** Makes data/bench-word-<n>.db unless present; returns the generation time (null when reused). */
export async function prepareWord(o: WordBenchOptions): Promise<{ file: string; genS: number | null }> {
  const file = wordDbFile(o.services);
  if (o.fresh) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  if (fs.existsSync(file)) return { file, genS: null };
  console.log(`==> generating ${file} (${o.services} services with full texts and a frame)`);
  const started = performance.now();
  const partial = file.replace(/\.db$/, ".partial.db");
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(f, { force: true });
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const { seedDemo } = await import("../app/server/db/seed.server");
  const { generateCatalogue } = await import("./gen-catalogue");
  const db = createDb(`file:${partial}`);
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const result = await generateCatalogue(db, { services: o.services, catalogueTitle: title(o.services), seed: 42 });
    await fillServices(db, result.catalogueId);
    await fillFrame(db, result.catalogueId);
  } finally {
    await db.destroy();
  }
  fs.renameSync(partial, file);
  return { file, genS: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------- measuring

/** The child: one export, measured; prints its WordRun as JSON on the last line. */
async function measureChild(file: string, catalogueId: number) {
  const baselineMb = process.memoryUsage().rss / 1024 / 1024;
  let sampled = 0;
  const timer = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 10);
  process.env.DATABASE_URL = `file:${file}`;
  const { createDb } = await import("../app/server/db/db.server");
  const { i18nInstance } = await import("../app/i18n/i18next.server");
  const { loadExport } = await import("../app/modules/wordexport/export-data.server");
  const { buildExport } = await import("../app/modules/wordexport/export-document.server");
  const t = (await i18nInstance("de")).getFixedT("de", "common");
  const db = createDb(`file:${file}`);
  const importedMb = process.memoryUsage().rss / 1024 / 1024;
  const t0 = performance.now();
  const data = await loadExport(db, { kind: "catalogue", catalogueId, filter: null });
  if (!data) throw new Error(`catalogue ${catalogueId} not found`);
  const t1 = performance.now();
  const buffer = Buffer.concat(await buildExport(data, { t, language: "de" }));
  const t2 = performance.now();
  clearInterval(timer);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  fs.writeFileSync(file.replace(/\.db$/, ".docx"), buffer);
  // Read back: mammoth for up to 1,000 services; beyond, its DOM of the body takes gigabytes, so the headings are counted in the XML.
  let headings: number;
  if (data.services.length <= 1000) {
    const mammoth = (await import("mammoth")).default;
    headings = ((await mammoth.convertToHtml({ buffer })).value.match(/<h3>/g) ?? []).length;
  } else {
    const { unzipSync } = await import("fflate");
    const xml = new TextDecoder().decode(unzipSync(new Uint8Array(buffer), { filter: (f) => f.name === "word/document.xml" })["word/document.xml"]);
    headings = (xml.match(/<w:pStyle w:val="Heading3"\/>/g) ?? []).length;
  }
  await db.destroy();
  const result: WordRun = {
    loadMs: t1 - t0,
    buildMs: t2 - t1,
    totalMs: t2 - t0,
    maxRssMb,
    sampledPeakMb: sampled / 1024 / 1024,
    baselineMb,
    importedMb,
    bytes: buffer.length,
    services: data.services.length,
    headings,
  };
  console.log(JSON.stringify(result));
}

function runChild(file: string, catalogueId: number): Promise<WordRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/bench-word.ts", "--measure", file, String(catalogueId)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const last = out.trim().split("\n").pop() ?? "";
      if (code !== 0) return reject(new Error(`bench-word child failed (${code}): ${out}`));
      resolve(JSON.parse(last) as WordRun);
    });
  });
}

/** What scripts/bench.ts lends: starting and stopping the production server. */
export interface WordBenchTools {
  startServer: (url: string, port: number) => ChildProcess;
  stopServer: (child: ChildProcess) => Promise<void>;
  freePort: () => Promise<number>;
  waitUntilUp: (base: string, child: ChildProcess) => Promise<void>;
}

/** Peak resident memory of a process so far (Linux), in MB; NaN elsewhere. */
function peakRssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

export async function benchWord(prepared: { file: string; genS: number | null }, o: WordBenchOptions, tools: WordBenchTools | null): Promise<WordReport> {
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const { createSession } = await import("../app/modules/access/session.server");
  const { sessionCookie } = await import("../app/server/cookies.server");
  const url = `file:${prepared.file}`;
  const db = createDb(url);
  await migrateToLatest(db);
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("title", "=", title(o.services)).orderBy("id", "desc").executeTakeFirstOrThrow();
  await db.deleteFrom("settings").where("key", "=", "export_active").execute();
  const report: WordReport = { services: o.services, file: prepared.file, genS: prepared.genS, runs: [], http: null };
  console.log(`\n==> Word export: ${prepared.file}, catalogue ${catalogue.id}`);
  for (let i = 0; i < o.runs; i++) {
    const r = await runChild(prepared.file, catalogue.id);
    report.runs.push(r);
    console.log(
      `    run ${i + 1}: ${r.services} services in ${(r.totalMs / 1000).toFixed(2)} s (load ${r.loadMs.toFixed(0)} ms, build and zip ${r.buildMs.toFixed(0)} ms); ` +
        `peak ${r.maxRssMb.toFixed(0)} MB (sampled ${r.sampledPeakMb.toFixed(0)}; ${r.baselineMb.toFixed(0)} MB at start, ${r.importedMb.toFixed(0)} MB with the app loaded); ${(r.bytes / 1024).toFixed(0)} KB; ${r.headings} service headings`,
    );
  }
  if (tools) {
    const user = await db.selectFrom("users").select("id").where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
    await db.updateTable("users").set({ word_export: 1 }).where("id", "=", user.id).execute();
    const sessionId = await createSession(db, user.id, "bench");
    const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0];
    const port = await tools.freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = tools.startServer(url, port);
    try {
      await tools.waitUntilUp(base, server);
      const peakBeforeMb = peakRssMb(server.pid);
      const started = performance.now();
      const response = await fetch(`${base}/servicecatalog/export.docx?catalogue=${catalogue.id}`, { headers: { cookie }, redirect: "manual" });
      const body = new Uint8Array(await response.arrayBuffer());
      const ms = performance.now() - started;
      report.http = { ms, bytes: body.length, status: response.status, peakBeforeMb, peakAfterMb: peakRssMb(server.pid) };
      console.log(`    HTTP: ${response.status}, ${(ms / 1000).toFixed(2)} s, ${(body.length / 1024).toFixed(0)} KB; server peak RSS ${report.http.peakBeforeMb.toFixed(0)} MB before, ${report.http.peakAfterMb.toFixed(0)} MB after`);
    } finally {
      await tools.stopServer(server);
      await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
    }
  }
  await db.destroy();
  return report;
}

export function renderWord(r: WordReport, header: string): string {
  const lines = [header, "", "| Run | Services | Total | Load | Build and zip | Peak memory (maxRSS) | RSS before the export | File size | Service headings read back |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"];
  r.runs.forEach((x, i) =>
    lines.push(
      `| ${i + 1} | ${x.services} | ${(x.totalMs / 1000).toFixed(2)} s | ${x.loadMs.toFixed(0)} ms | ${x.buildMs.toFixed(0)} ms | ${x.maxRssMb.toFixed(0)} MB | ${x.importedMb.toFixed(0)} MB | ${(x.bytes / 1024).toFixed(0)} KB | ${x.headings} |`,
    ),
  );
  if (r.http) {
    lines.push("");
    lines.push(
      `Over HTTP (one server process): ${r.http.status}, ${(r.http.ms / 1000).toFixed(2)} s to the last byte, ${(r.http.bytes / 1024).toFixed(0)} KB; the server's peak RSS ${r.http.peakBeforeMb.toFixed(0)} MB after start-up, ${r.http.peakAfterMb.toFixed(0)} MB after the export.`,
    );
  }
  const worst = r.runs.reduce((a, b) => ({ t: Math.max(a.t, b.totalMs), m: Math.max(a.m, b.maxRssMb) }), { t: 0, m: 0 });
  lines.push("");
  lines.push(`Target (issue 17 §7): under 10 s and under 300 MB — ${worst.t < 10_000 && worst.m < 300 ? "**met**" : "**not met**"} (worst run ${(worst.t / 1000).toFixed(2)} s, ${worst.m.toFixed(0)} MB).`);
  return lines.join("\n");
}

const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : "";
if (import.meta.url === invoked && process.argv[2] === "--measure") {
  measureChild(process.argv[3], Number(process.argv[4])).catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
