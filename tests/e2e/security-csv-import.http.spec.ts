import crypto from "node:crypto";
import { sessionCookie } from "~/server/cookies.server";
import { createSession } from "~/modules/access/session.server";
import { MAX_IMPORT_BYTES, MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, MAX_SHOWN_ERRORS } from "~/modules/tools/csv-columns";
import type { DB } from "~/server/db/db.server";
import { expect, test, type TestUser } from "../support/fixtures";
import { hex } from "../support/helpers";
import { rawRequest, type RawAnswer } from "../support/raw-http";

// Issue 31 §2: a plain `user` uploading a hostile CSV to /tools stalled the whole server
// (/healthz answered after 32 s). The largest files the import allows, made of quotes, must leave
// the server answering; a file over a limit is refused beside the upload field and changes nothing.

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

async function cookieFor(db: DB, user: TestUser): Promise<string> {
  const id = await createSession(db, user.id, "security-csv-test");
  return (await sessionCookie.serialize(id)).split(";")[0];
}

/** The tools' upload form as a browser without JS posts it. */
function upload(cookie: string, file: Buffer): Promise<RawAnswer> {
  const boundary = `----csv${crypto.randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hostile.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return rawRequest(base(), {
    method: "POST",
    path: "/tools",
    body,
    headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(body.length) },
  });
}

/** The page holds a text (the bodies are too large to hand to expect() whole). */
function expectShown(answer: RawAnswer, text: string) {
  expect(answer.body.includes(text), `the page shows "${text}"`).toBe(true);
}

/** Probes /healthz back to back while `work` runs; returns its answer and the slowest probe. */
async function healthWhile<T>(work: Promise<T>): Promise<{ answer: T; probes: number; slowestMs: number }> {
  let done = false;
  const settled = work.finally(() => (done = true));
  let probes = 0;
  let slowestMs = 0;
  do {
    const started = performance.now();
    const health = await rawRequest(base(), { path: "/healthz" });
    slowestMs = Math.max(slowestMs, performance.now() - started);
    expect(health.status).toBe(200);
    probes++;
  } while (!done);
  return { answer: await settled, probes, slowestMs };
}

/** A quoted cell of escaped quotes, `chars` characters long in the file (a space after the closing quote when odd). */
const quotes = (chars: number) => `"${'""'.repeat(Math.floor((chars - 2) / 2))}"${chars % 2 ? " " : ""}`;

/** A file of exactly `bytes` bytes: the header, then `rows` lines of `columns` cells of quotes, every line as long as the rest allows. */
function quoteGrid(bytes: number, rows: number, columns: number): Buffer {
  const header = ["id", "version", ...Array.from({ length: columns - 2 }, (_, i) => `c${i + 3}`)].join(";") + "\r\n";
  const room = bytes - header.length;
  const lineLength = Math.floor(room / rows);
  // Each cell `""""""` (reads as `""`: the parser's slow path); the last cell takes the rest of the line.
  const line = (length: number) => [...Array.from({ length: columns - 1 }, () => quotes(6)), quotes(length - 2 - (columns - 1) * 7)].join(";") + "\r\n";
  return Buffer.from(header + line(lineLength).repeat(rows - 1) + line(room - lineLength * (rows - 1)));
}

/** A file of exactly `bytes` bytes: rows whose second cell is `cellChars` characters of quotes (the last row's shorter). */
function longQuotedCells(bytes: number, cellChars: number): Buffer {
  const header = "id;version\r\n";
  const row = `1;${quotes(cellChars)}\r\n`;
  const count = Math.floor((bytes - header.length) / row.length);
  const rest = bytes - header.length - row.length * count;
  const last = rest >= 8 ? `1;${quotes(rest - 4)}\r\n` : " ".repeat(rest);
  return Buffer.from(header + row.repeat(count) + last);
}

test.describe("a hostile CSV import (issue 31 §2)", () => {
  test.setTimeout(120_000);

  test("the largest allowed file of quoted quotes (most rows and columns): /healthz answers within 1 s throughout", async ({ db, make }) => {
    const user = await make.user("user");
    const file = quoteGrid(MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MAX_IMPORT_COLUMNS);
    expect(file.length).toBe(MAX_IMPORT_BYTES);
    const { answer, probes, slowestMs } = await healthWhile(upload(await cookieFor(db, user), file));
    // Read to its end: a preview listing the rows' errors, not a refusal of the file.
    expect(answer.status).toBe(200);
    expectShown(answer, 'data-testid="import-preview"');
    expectShown(answer, `${MAX_IMPORT_ROWS} Zeilen`);
    // Every row names an unknown service; the page lists the first errors and counts the rest.
    expectShown(answer, `${MAX_IMPORT_ROWS - MAX_SHOWN_ERRORS} weitere Fehler sind nicht aufgeführt.`);
    expect(probes).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1000);
  });

  test("a file of the longest allowed cells, all quotes: /healthz answers within 1 s throughout", async ({ db, make }) => {
    const user = await make.user("user");
    const file = longQuotedCells(MAX_IMPORT_BYTES, MAX_IMPORT_CELL_CHARS + 2);
    expect(file.length).toBe(MAX_IMPORT_BYTES);
    const { answer, probes, slowestMs } = await healthWhile(upload(await cookieFor(db, user), file));
    expect(answer.status).toBe(200);
    expectShown(answer, 'data-testid="import-preview"');
    expect(probes).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1000);
  });

  test("files over a limit are refused beside the upload field, never a 500, and change nothing", async ({ db, make }) => {
    const user = await make.user("user");
    const catalogue = await make.catalogue();
    const category = await make.category(catalogue);
    const name = `Unverändert ${hex()}`;
    const service = await make.service(catalogue, category, { name });
    await make.grant(user.id, { categoryId: category });
    const before = await db.selectFrom("services").selectAll().where("id", "=", service).executeTakeFirstOrThrow();
    const activities = async () => (await db.selectFrom("activities").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const activitiesBefore = await activities();
    const cookie = await cookieFor(db, user);
    // A row that would rename a service the user may edit.
    const row = `${service};${before.updated_at};Gekapert\r\n`;

    const oversized = Buffer.concat([Buffer.from(`id;version;name\r\n${row}`), Buffer.alloc(MAX_IMPORT_BYTES, "x")]);
    const tooLarge = await upload(cookie, oversized);
    expect(tooLarge.status).toBe(400);
    expectShown(tooLarge, `Die Datei ist zu groß (höchstens ${MAX_IMPORT_BYTES / 1024 / 1024} MB).`);

    const tooManyRows = await upload(cookie, Buffer.from(`id;version;name\r\n${row}${"1;v;x\r\n".repeat(MAX_IMPORT_ROWS)}`));
    expect(tooManyRows.status).toBe(400);
    expectShown(tooManyRows, `Höchstens ${MAX_IMPORT_ROWS} Zeilen je Datei.`);

    // One quoted cell that never ends: reading stops once it is longer than any cell may be.
    const unclosed = await upload(cookie, Buffer.from(`id;version;name\r\n${row}1;v;"${'"'.repeat(MAX_IMPORT_BYTES - 100)}`));
    expect(unclosed.status).toBe(400);
    expectShown(unclosed, `Zeile 3: Eine Zelle ist länger als ${MAX_IMPORT_CELL_CHARS} Zeichen.`);

    const wide = `id;version;name;${Array.from({ length: MAX_IMPORT_COLUMNS - 2 }, (_, i) => `x${i}`).join(";")}\r\n${row}`;
    const tooManyColumns = await upload(cookie, Buffer.from(wide));
    expect(tooManyColumns.status).toBe(400);
    expectShown(tooManyColumns, `Höchstens ${MAX_IMPORT_COLUMNS} Spalten je Zeile.`);

    expect(await db.selectFrom("services").selectAll().where("id", "=", service).executeTakeFirstOrThrow()).toEqual(before);
    expect(await activities()).toBe(activitiesBefore);
  });
});
