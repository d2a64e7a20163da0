/**
 * The CSV part of `npm run bench` (issue 20 §6): the services CSV of the 10k catalogue
 * (data/bench-10k.db, "Bench 10k") must stream in under 5 s.
 *
 * 1. In-process, `--csv-runs` times: the tools' selection of the whole catalogue
 *    (resolveSelection) and the export stream (csvExportStream) read to its end; time, bytes, rows.
 * 2. Over HTTP: `node server.mjs` on the database, the demo superadmin (session row) downloads
 *    /tools/export.csv?catalogue=<id>&delimiter=semicolon `--csv-runs` times: time to the first
 *    byte and to the last, size; the file is read back with the import's parser (rows, errors)
 *    and its header checked.
 */
import type { ChildProcess } from "node:child_process";
import type { TFunction } from "i18next";

export interface CsvBenchOptions {
  runs: number;
}

export interface CsvRun {
  ms: number;
  firstByteMs: number;
  bytes: number;
  rows: number;
}

export interface CsvReport {
  file: string;
  services: number;
  inProcess: CsvRun[];
  http: (CsvRun & { status: number })[];
}

/** What scripts/bench.ts lends: starting and stopping the production server. */
export interface CsvBenchTools {
  startServer: (url: string, port: number) => ChildProcess;
  stopServer: (child: ChildProcess) => Promise<void>;
  freePort: () => Promise<number>;
  waitUntilUp: (base: string, child: ChildProcess) => Promise<void>;
}

/** Exported rows counted with the import's own reader (quoted line breaks stay inside their row). */
async function countRows(text: string) {
  const { parseCsv } = await import("../app/server/csv.server");
  const parsed = parseCsv(text);
  if (parsed.errors.length) throw new Error(`the export does not read back: ${parsed.errors[0].message} (line ${parsed.errors[0].line})`);
  if (parsed.header[0] !== "id" || parsed.header[1] !== "version") throw new Error(`unexpected header ${parsed.header.slice(0, 3).join(";")}`);
  return parsed.rows.length;
}

export async function benchCsv(file: string, catalogueTitle: string, o: CsvBenchOptions, tools: CsvBenchTools): Promise<CsvReport> {
  const { createDb } = await import("../app/server/db/db.server");
  const { migrateToLatest } = await import("../app/server/db/migrate.server");
  const { createSession } = await import("../app/modules/access/session.server");
  const { sessionCookie } = await import("../app/server/cookies.server");
  const { resolveSelection } = await import("../app/modules/tools/tools-selection.server");
  const { csvExportStream } = await import("../app/modules/tools/csv-export.server");
  const url = `file:${file}`;
  const db = createDb(url);
  await migrateToLatest(db);
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("title", "=", catalogueTitle).orderBy("id", "desc").executeTakeFirstOrThrow();
  const user = await db.selectFrom("users").select("id").where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
  const report: CsvReport = { file, services: 0, inProcess: [], http: [] };
  console.log(`\n==> CSV export: ${file}, catalogue ${catalogue.id}`);
  const t = ((key: string) => key) as unknown as TFunction;
  const filter = { q: "", categories: [], areas: [], owners: [], statuses: [], percents: [], types: [], tags: [], providers: [], missing: [], review: [], stages: [], unchanged: null };
  for (let i = 0; i < o.runs; i++) {
    const started = performance.now();
    const picked = await resolveSelection(db, user.id, { mode: "filter", catalogueId: catalogue.id, filter });
    const reader = csvExportStream(db, picked.ids, { delimiter: ";", t }).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let firstByteMs = NaN;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      text += decoder.decode(value, { stream: true });
    }
    const ms = performance.now() - started;
    report.services = picked.ids.length;
    const run = { ms, firstByteMs, bytes: Buffer.byteLength(text), rows: await countRows(text) };
    report.inProcess.push(run);
    console.log(`    in-process run ${i + 1}: ${run.rows} rows, ${(run.bytes / 1024 / 1024).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s`);
  }

  const sessionId = await createSession(db, user.id, "bench");
  const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0];
  const port = await tools.freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = tools.startServer(url, port);
  try {
    await tools.waitUntilUp(base, server);
    for (let i = 0; i < o.runs; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/tools/export.csv?catalogue=${catalogue.id}&delimiter=semicolon`, { headers: { cookie }, redirect: "manual" });
      if (!response.body) throw new Error(`/tools/export.csv: HTTP ${response.status} without a body`);
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let firstByteMs = NaN;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
        chunks.push(value);
      }
      const ms = performance.now() - started;
      const body = Buffer.concat(chunks);
      if (response.status !== 200) throw new Error(`/tools/export.csv: HTTP ${response.status}`);
      const run = { status: response.status, ms, firstByteMs, bytes: body.length, rows: await countRows(body.toString("utf8")) };
      report.http.push(run);
      console.log(`    HTTP run ${i + 1}: ${run.status}, ${run.rows} rows, ${(run.bytes / 1024 / 1024).toFixed(1)} MB; first byte ${run.firstByteMs.toFixed(0)} ms, last ${(ms / 1000).toFixed(2)} s`);
    }
  } finally {
    await tools.stopServer(server);
    await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
    await db.destroy();
  }
  return report;
}

/** The worst HTTP run, in ms (what the target is about). */
export function worstCsvMs(r: CsvReport): number {
  return Math.max(...r.http.map((x) => x.ms));
}

export function renderCsv(r: CsvReport, header: string): string {
  const lines = [
    header,
    "",
    "| Run | Where | Services (rows read back) | File size | First byte | Last byte |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  const row = (i: number, where: string, x: CsvRun) =>
    lines.push(`| ${i + 1} | ${where} | ${x.rows} | ${(x.bytes / 1024 / 1024).toFixed(1)} MB | ${x.firstByteMs.toFixed(0)} ms | ${(x.ms / 1000).toFixed(2)} s |`);
  r.inProcess.forEach((x, i) => row(i, "in-process (selection + stream)", x));
  r.http.forEach((x, i) => row(i, "HTTP `/tools/export.csv`", x));
  const worst = worstCsvMs(r);
  lines.push("");
  lines.push(`Target (issue 20 §6): a CSV export of 10k services streams in under 5 s — ${worst < 5000 ? "**met**" : "**not met**"} (worst HTTP run ${(worst / 1000).toFixed(2)} s).`);
  return lines.join("\n");
}
