import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/access/user.server";
import { csvChunks } from "~/modules/tools/csv-export.server";
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, MAX_SHOWN_ERRORS } from "~/modules/tools/csv-columns";
import { applyImport, planImport } from "~/modules/tools/csv-import.server";
import { decodeCsvUpload, fileProblem, readCarried, readImportFile } from "~/modules/tools/csv-read.server";
import { fieldTranslations, saveTranslation, setCatalogueLanguages } from "~/modules/translations/translations.server";
import { listActivitiesFor } from "~/server/audit.server";
import { parseCsv, type CsvDelimiter } from "~/server/csv.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

// The services CSV round trip of /tools (issue 20 §4, §7): export → import unchanged changes
// nothing; an edit changes only that, through the service page's writes (audited, workflow,
// grants); a row older than the database is refused like a stale form; hostile cells are
// neutralised on export and restored on import; errors carry the file's line numbers; nothing is
// applied while any row is invalid unless "apply valid rows" is chosen.

const t = useTestDb();
const make = factories(() => t.db);
const users = {} as Record<"user" | "keyuser", SessionUser>;
const tr = ((key: string) => key) as unknown as TFunction;
let catalogue: number;
let granted: number;
let other: number;

async function exportCsv(ids: number[], delimiter: CsvDelimiter = ";", richTextAsHtml = false) {
  let text = "\uFEFF";
  for await (const chunk of csvChunks(t.db, ids, { delimiter, t: tr, richTextAsHtml })) text += chunk;
  return text;
}

/** The file as the tools page reads an upload, then its plan. */
async function plan(user: SessionUser, text: string) {
  const decoded = await decodeCsvUpload(new TextEncoder().encode(text));
  if (!decoded.ok) throw new Error(decoded.error);
  const read = await readImportFile(decoded.parts);
  if (!read.ok) throw new Error(read.error);
  return planImport(t.db, user, read.csv.header, read.csv.rows, read.csv.errors);
}

/** What the preview's apply form posts back. */
async function apply(user: SessionUser, preview: Awaited<ReturnType<typeof plan>>["preview"], applyValid = false) {
  const rows = readCarried(preview.carry);
  expect(rows).not.toBeNull();
  return applyImport(t.db, user, rows!, applyValid);
}

/** Replaces one cell of the data row of service `id` (a CSV without quoted newlines in that row). */
function edit(text: string, id: number, column: string, value: string, delimiter = ";") {
  const parsed = parseCsv(text);
  const index = parsed.header.indexOf(column);
  const lines = text.split("\r\n");
  const at = lines.findIndex((l) => l.startsWith(`${id}${delimiter}`));
  const cells = lines[at].split(delimiter);
  cells[index] = value;
  lines[at] = cells.join(delimiter);
  return lines.join("\r\n");
}

async function row(id: number) {
  return t.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function snapshot(ids: number[]) {
  return Promise.all(ids.map(async (id) => ({ ...(await row(id)), activities: (await listActivitiesFor(t.db, "service", id)).length })));
}

beforeAll(async () => {
  for (const role of ["user", "keyuser"] as const) {
    const u = await make.user(role);
    users[role] = { id: u.id, name: u.name, email: u.email, role, azureUser: false, wordExport: false };
  }
  catalogue = await make.catalogue({ title: "CSV-Katalog" });
  granted = await make.category(catalogue, { name: "Freigegeben" });
  other = await make.category(catalogue, { name: "Andere" });
  await make.grant(users.user.id, { categoryId: granted });
});

async function services() {
  const owner = await make.owner({ name: unique("Müller, Hans") });
  const owner2 = await make.owner({ name: unique("IT-Betrieb") });
  const kpi = await make.kpi();
  const tag = await make.tag({ name: unique("Tag; mit Semikolon") });
  const a = await make.service(catalogue, granted, {
    name: "Drucken; Scannen",
    status: "closed",
    short_description: '<p>Sagt "Hallo"<br>zweite Zeile</p>\nmit Umbruch',
    art_nr: "A-1",
    owners: [owner, owner2],
    kpis: [kpi],
    tags: [tag],
  });
  const b = await make.service(catalogue, other, { name: "Straße & Co", status: "open", statuspercent: 40, servicetype: "it" });
  const c = await make.service(catalogue, granted, { name: "=cmd|' /C calc'!A0", art_nr: "+49 30 1234", short_description: "@SUM(1)" });
  return { ids: [a, b, c], a, b, c, owner, owner2, kpi, tag };
}

describe("round trip", () => {
  it("an exported file imported unchanged changes nothing, with either delimiter", async () => {
    const s = await services();
    for (const delimiter of [";", ","] as const) {
      const before = await snapshot(s.ids);
      const text = await exportCsv(s.ids, delimiter);
      expect(text.startsWith(`\uFEFFid${delimiter}version${delimiter}name`)).toBe(true);
      const { preview, planned } = await plan(users.keyuser, text);
      expect(preview).toMatchObject({ rows: 3, unchanged: 3, changes: [], errors: [], ignoredColumns: [] });
      expect(planned).toEqual([]);
      expect(await snapshot(s.ids)).toEqual(before);
    }
  });

  it("an edited cell changes only that field of that service, audited, through the normal save", async () => {
    const s = await services();
    const before = await snapshot(s.ids);
    const text = edit(await exportCsv(s.ids), s.b, "name", "Straße & Partner");
    const { preview } = await plan(users.keyuser, text);
    // Service a's description (two paragraphs as text) and owners hold line breaks: its row takes lines 2–6, so b is on line 7.
    expect(preview.changes).toEqual([{ line: 7, id: s.b, name: "Straße & Co", fields: [{ column: "name", from: "Straße & Co", to: "Straße & Partner" }], reopens: false }]);
    expect(preview.unchanged).toBe(2);
    expect(await apply(users.keyuser, preview)).toEqual({ status: "applied", applied: 1, skipped: 0 });
    const after = await snapshot(s.ids);
    expect(after[1]).toMatchObject({ name: "Straße & Partner", status: "open", servicetype: "it", activities: 1 });
    expect(after[1].updated_at > before[1].updated_at).toBe(true);
    expect([after[0], after[2]]).toEqual([before[0], before[2]]);
    const [log] = await listActivitiesFor(t.db, "service", s.b);
    expect(log).toMatchObject({ event: "updated", causer_id: users.keyuser.id, description: "basics" });
    expect(JSON.parse(log.new_values!)).toEqual({ name: "Straße & Partner" });
  });

  it("relations by name (one per line; ';' also splits), status by label; content of an approved service reopens it", async () => {
    const s = await services();
    const kpi2 = await make.kpi({ name: unique("Verfügbarkeit") });
    const kpiName = (await t.db.selectFrom("kpis").select("name").where("id", "=", s.kpi).executeTakeFirstOrThrow()).name;
    let text = await exportCsv([s.a]);
    const parsed = parseCsv(text);
    const cells: Record<string, string> = { ...parsed.rows[0].cells, service_levels: `${kpiName}; ${await nameOf("kpis", kpi2)}`, status: "Abgenommen" };
    text = `\uFEFF${parsed.header.join(";")}\r\n${parsed.header.map((h) => `"${cells[h].replace(/"/g, '""')}"`).join(";")}\r\n`;
    const { preview } = await plan(users.keyuser, text);
    expect(preview.errors).toEqual([]);
    expect(preview.changes).toHaveLength(1);
    expect(preview.changes[0].fields.map((f) => f.column)).toEqual(["service_levels"]);
    expect(preview.changes[0].reopens).toBe(true);
    await apply(users.keyuser, preview);
    const kpis = (await t.db.selectFrom("service_kpis").select("kpi_id").where("service_id", "=", s.a).execute()).map((r) => r.kpi_id).sort((x, y) => x - y);
    expect(kpis).toEqual([s.kpi, kpi2].sort((x, y) => x - y));
    // The workflow: a content change returns the approval.
    expect((await row(s.a)).status).toBe("open");
    const tags = (await t.db.selectFrom("service_tags").select("tag_id").where("service_id", "=", s.a).execute()).map((r) => r.tag_id);
    expect(tags).toEqual([s.tag]);
  });
});

async function nameOf(table: "kpis" | "owners", id: number) {
  return (await t.db.selectFrom(table).select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
}

describe("rich text as plain text (issue 32 §12)", () => {
  it("exports the short description as light markup, as HTML only on request, and both import unchanged", async () => {
    const s = await services();
    const plainText = parseCsv((await exportCsv([s.a])).replace(/^\uFEFF/, ""));
    expect(plainText.header).toContain("short_description");
    expect(plainText.header).not.toContain("short_description_html");
    expect(plainText.rows[0].cells.short_description).toBe('Sagt "Hallo"\nzweite Zeile\n\nmit Umbruch');
    const html = parseCsv((await exportCsv([s.a], ";", true)).replace(/^\uFEFF/, ""));
    expect(html.header).not.toContain("short_description");
    expect(html.header.indexOf("short_description_html")).toBe(plainText.header.indexOf("short_description"));
    expect(html.rows[0].cells.short_description_html).toBe('<p>Sagt "Hallo"<br>zweite Zeile</p>\nmit Umbruch');
    const before = await snapshot([s.a]);
    for (const text of [await exportCsv([s.a]), await exportCsv([s.a], ";", true)]) {
      expect((await plan(users.keyuser, text)).preview).toMatchObject({ unchanged: 1, changes: [], errors: [], ignoredColumns: [] });
    }
    expect(await snapshot([s.a])).toEqual(before);
  });

  it("reads edited plain text back as safe paragraphs and lists; an older file's HTML cell stays HTML", async () => {
    const s = await services();
    const { updated_at } = await row(s.c);
    const file = (column: string, value: string) => `id;version;${column}\r\n${s.c};${updated_at};"${value.replace(/"/g, '""')}"\r\n`;
    const { preview } = await plan(users.keyuser, file("short_description", "Wir liefern:\n- Notebook\n- <Dockingstation>\n\nSchluss & Ende"));
    expect(preview.changes).toEqual([
      { line: 2, id: s.c, name: "=cmd|' /C calc'!A0", reopens: false, fields: [{ column: "short_description", from: "@SUM(1)", to: "Wir liefern:\n\n- Notebook\n- <Dockingstation>\n\nSchluss & Ende" }] },
    ]);
    expect(await apply(users.keyuser, preview)).toEqual({ status: "applied", applied: 1, skipped: 0 });
    expect((await row(s.c)).short_description).toBe("<p>Wir liefern:</p><ul><li>Notebook</li><li>&lt;Dockingstation&gt;</li></ul><p>Schluss &amp; Ende</p>");

    // A file exported before: its short_description column holds HTML, read as HTML, not escaped.
    const legacy = await plan(users.keyuser, file("short_description", "<p>Wir liefern:</p><ul><li>Notebook</li><li>&lt;Dockingstation&gt;</li></ul><p>Schluss &amp; Ende</p>"));
    expect(legacy.preview).toMatchObject({ unchanged: 1, changes: [] });
    const { updated_at: now } = await row(s.c);
    const old = await plan(users.keyuser, `id;version;short_description\r\n${s.c};${now};<p>Neu</p>\r\n`);
    expect(old.planned[0].values).toEqual({ short_description: "<p>Neu</p>" });
  });
});

describe("hostile cells", () => {
  it("formula cells are neutralised on export and restored on import", async () => {
    const s = await services();
    const text = await exportCsv([s.c]);
    expect(text).toContain(`'=cmd|' /C calc'!A0`);
    expect(text).toContain(`'+49 30 1234`);
    expect(text).toContain(`'@SUM(1)`);
    // No cell starts with a formula character.
    for (const cell of parseCsvRaw(text)) expect(cell).not.toMatch(/^[=+\-@]/);
    const { preview } = await plan(users.keyuser, text);
    expect(preview).toMatchObject({ unchanged: 1, changes: [], errors: [] });
  });
});

/** Every cell as written in the file (formula apostrophes kept). */
function parseCsvRaw(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r\n/)
    .flatMap((line) => line.split(";"))
    .map((cell) => cell.replace(/^"/, ""));
}

describe("two content languages (issue 37 §4)", () => {
  it("a column per further language round-trips: unchanged changes nothing, an edit saves the translation, an emptied cell removes it", async () => {
    const bilingual = await make.catalogue({ title: unique("Zweisprachig") });
    const category = await make.category(bilingual, { name: unique("Kategorie") });
    await setCatalogueLanguages(t.db, bilingual, "de", ["en"], users.keyuser);
    const x = await make.service(bilingual, category, { name: "Drucken", short_description: "<p>Drucken im Haus</p>" });
    const y = await make.service(catalogue, granted, { name: unique("Nur Deutsch") });
    const source = async () => t.db.selectFrom("services").select(["name", "short_description"]).where("id", "=", x).executeTakeFirstOrThrow();
    await saveTranslation(t.db, { subjectType: "service", subjectId: x, field: "name", language: "en", value: "Printing", source: (await source()).name, expectedUpdatedAt: "" }, users.keyuser);
    const english = async () => fieldTranslations(t.db, "service", x, "en", await source());

    let text = await exportCsv([x, y]);
    const parsed = parseCsv(text.replace(/^\uFEFF/, ""));
    expect(parsed.header.slice(-2)).toEqual(["name@en", "short_description@en"]);
    expect(parsed.rows.map((r) => [r.cells["name@en"], r.cells["short_description@en"]])).toEqual([["Printing", ""], ["", ""]]);
    expect((await plan(users.keyuser, text)).preview).toMatchObject({ unchanged: 2, changes: [], errors: [] });

    // A translation added in the file is saved against the original as it is now (current, audited).
    text = edit(text, x, "short_description@en", "Printing in the house");
    const { preview } = await plan(users.keyuser, text);
    expect(preview.changes).toEqual([{ line: 2, id: x, name: "Drucken", fields: [{ column: "short_description@en", from: "", to: "Printing in the house" }], reopens: false }]);
    expect(await apply(users.keyuser, preview)).toMatchObject({ status: "applied", applied: 1 });
    expect(await english()).toMatchObject({ name: { value: "Printing", outdated: false }, short_description: { value: "<p>Printing in the house</p>", outdated: false } });
    expect((await listActivitiesFor(t.db, "service", x)).filter((a) => a.event === "translation_saved")).toHaveLength(2);

    // The original edited in the file: the English name is now outdated, and a re-import of the new export keeps it so.
    text = edit(await exportCsv([x]), x, "name", "Drucken und Scannen");
    expect(await apply(users.keyuser, (await plan(users.keyuser, text)).preview)).toMatchObject({ status: "applied", applied: 1 });
    expect((await english()).name).toMatchObject({ value: "Printing", outdated: true });
    text = await exportCsv([x]);
    expect((await plan(users.keyuser, text)).preview).toMatchObject({ unchanged: 1, changes: [] });

    // The same row fixing the translation makes it current; an emptied cell removes the other.
    text = edit(edit(text, x, "name@en", "Printing and scanning"), x, "short_description@en", "");
    expect(await apply(users.keyuser, (await plan(users.keyuser, text)).preview)).toMatchObject({ status: "applied", applied: 1 });
    expect(await english()).toEqual({ name: expect.objectContaining({ value: "Printing and scanning", outdated: false }) });

    // A language the service's catalogue does not offer takes no text.
    const refused = await plan(users.keyuser, edit(await exportCsv([x, y]), y, "name@en", "Only German"));
    expect(refused.preview.errors).toEqual([{ line: 3, column: "name@en", message: "tools.import.errors.languageNotOffered" }]);
  });
});

describe("refusals", () => {
  it("a row older than the database is refused like a stale form, with its line; nothing is applied", async () => {
    const s = await services();
    const text = edit(edit(await exportCsv(s.ids), s.b, "name", "Neu B"), s.c, "art_nr", "Z-9");
    // Someone saves service c after the export.
    await t.db.updateTable("services").set({ art_nr: "X-1", updated_at: new Date(Date.now() + 60_000).toISOString() }).where("id", "=", s.c).execute();
    const before = await snapshot(s.ids);
    const { preview } = await plan(users.keyuser, text);
    // Line 1 is the header; service a's description and owners hold line breaks, so b is on line 7 and c on line 8.
    expect(preview.changes.map((c) => c.line)).toEqual([7]);
    expect(preview.errors).toEqual([{ line: 8, column: "version", message: "tools.import.errors.stale" }]);
    const refused = await apply(users.keyuser, preview);
    expect(refused.status).toBe("refused");
    expect(await snapshot(s.ids)).toEqual(before);
    // "Apply valid rows": b goes ahead, c stays as the other save left it.
    expect(await apply(users.keyuser, preview, true)).toEqual({ status: "applied", applied: 1, skipped: 1 });
    expect((await row(s.b)).name).toBe("Neu B");
    expect((await row(s.c)).art_nr).toBe("X-1");
  });

  it("errors per row with line numbers; all or nothing unless valid rows are chosen", async () => {
    const s = await services();
    const header = "id;version;name;status;statuspercent;tags;owners;category_id;extra";
    const v = async (id: number) => (await row(id)).updated_at;
    const lines = [
      header,
      `${s.b};${await v(s.b)};Gültig geändert;open;40;;;${other};egal`,
      `${s.c};${await v(s.c)};;open;0;;;${granted};`,
      `${s.a};${await v(s.a)};Drucken und Scannen;fertig;101;Gibt es nicht;;${granted};`,
      `;;Ohne id;open;0;;;;`,
      `999999;x;Unbekannt;open;0;;;;`,
      `${s.b};${await v(s.b)};Doppelt;open;40;;;${other};`,
    ];
    const before = await snapshot(s.ids);
    const { preview } = await plan(users.keyuser, `${lines.join("\r\n")}\r\n`);
    expect(preview.ignoredColumns).toEqual(["extra"]);
    expect(preview.changes.map((c) => [c.line, c.id])).toEqual([[2, s.b]]);
    const errors = preview.errors.map((e) => [e.line, e.column, e.message]);
    expect(errors).toEqual([
      [3, "name", "validation.required"],
      [4, "status", "tools.import.errors.status"],
      [4, "statuspercent", "tools.import.errors.percent"],
      [4, "tags", "tools.import.errors.unknownName|name=Gibt es nicht"],
      [5, "id", "tools.import.errors.idMissing"],
      [6, "id", "tools.import.errors.unknownService"],
      [7, "id", "tools.import.errors.duplicate|line=2"],
    ]);
    expect(preview.invalidLines).toEqual([3, 4, 5, 6, 7]);
    expect((await apply(users.keyuser, preview)).status).toBe("refused");
    expect(await snapshot(s.ids)).toEqual(before);
    expect(await apply(users.keyuser, preview, true)).toEqual({ status: "applied", applied: 1, skipped: 5 });
    expect((await row(s.b)).name).toBe("Gültig geändert");
  });

  it("a line the reader cannot make sense of is an error and is never applied, not even with valid rows chosen", async () => {
    const s = await services();
    const v = async (id: number) => (await row(id)).updated_at;
    const text = `id;version;name\r\n${s.b};${await v(s.b)};Lesbar\r\n${s.c};${await v(s.c)};"Ohne Ende\r\n`;
    const { preview } = await plan(users.keyuser, text);
    expect(preview.changes.map((c) => c.line)).toEqual([2]);
    expect(preview.errors).toEqual([{ line: 3, column: null, message: "tools.import.errors.unreadable" }]);
    expect(JSON.parse(preview.carry[1])).toEqual({ line: 3, cells: {}, unreadable: true });
    expect(await apply(users.keyuser, preview, true)).toEqual({ status: "applied", applied: 1, skipped: 1 });
    expect((await row(s.b)).name).toBe("Lesbar");
    expect((await row(s.c)).name).toBe("=cmd|' /C calc'!A0");
  });

  it("a user changes only granted services, and only within the workflow; unchanged rows of others are fine", async () => {
    const s = await services();
    let text = await exportCsv(s.ids);
    expect((await plan(users.user, text)).preview).toMatchObject({ unchanged: 3, errors: [] });
    text = edit(edit(text, s.b, "name", "Fremd geändert"), s.c, "status", "closed");
    const { preview } = await plan(users.user, text);
    expect(preview.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [7, null, "tools.import.errors.noPermission"],
      [8, "status", "tools.import.errors.workflow"],
    ]);
    expect(await apply(users.user, preview, true)).toEqual({ status: "applied", applied: 0, skipped: 2 });
    expect((await row(s.b)).name).toBe("Straße & Co");
    expect((await row(s.c)).status).toBe("open");
  });

  it("moving into a category of another catalogue is refused", async () => {
    const s = await services();
    const foreign = await make.category(await make.catalogue());
    const { preview } = await plan(users.keyuser, edit(await exportCsv([s.b]), s.b, "category_id", String(foreign)));
    expect(preview.errors.map((e) => e.message)).toEqual(["tools.import.errors.otherCatalogue"]);
  });
});

describe("reading an upload", () => {
  it("takes UTF-8 with or without BOM and Excel's Windows-1252; refuses binary files and files without id and version", async () => {
    expect(await decodeCsvUpload(new TextEncoder().encode("id;version;name\n1;v;Straße"))).toEqual({ ok: true, parts: ["id;version;name\n1;v;Straße"] });
    const cp1252 = Uint8Array.from([...Buffer.from("id;version;name\n1;v;Stra"), 0xdf, 0x65]);
    expect(await decodeCsvUpload(cp1252)).toEqual({ ok: true, parts: ["id;version;name\n1;v;Straße"] });
    expect(await decodeCsvUpload(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({ ok: false, error: "tools.import.errors.notText" });
    expect(await decodeCsvUpload(new Uint8Array())).toEqual({ ok: false, error: "tools.import.errors.empty" });
    expect(fileProblem(parseCsv("name;status\nA;open\n"))).toBe("tools.import.errors.header");
  });

  it("refuses a file past a limit with the upload field's message (issue 31 §2)", async () => {
    const rows = (count: number) => `id;version\n${"1;v\n".repeat(count)}`;
    expect(await readImportFile(rows(MAX_IMPORT_ROWS))).toMatchObject({ ok: true });
    expect(await readImportFile(rows(MAX_IMPORT_ROWS + 1))).toEqual({ ok: false, error: `tools.import.errors.tooManyRows|max=${MAX_IMPORT_ROWS}` });
    const header = (count: number) => ["id", "version", ...Array.from({ length: count - 2 }, (_, i) => `x${i}`)].join(";");
    expect(await readImportFile(`${header(MAX_IMPORT_COLUMNS)}\n1;v\n`)).toMatchObject({ ok: true });
    expect(await readImportFile(`${header(MAX_IMPORT_COLUMNS + 1)}\n1;v\n`)).toEqual({ ok: false, error: `tools.import.errors.tooManyColumns|max=${MAX_IMPORT_COLUMNS}` });
    const long = `id;version;name\n1;v;${"x".repeat(MAX_IMPORT_CELL_CHARS)}\n2;v;"${'""'.repeat(MAX_IMPORT_CELL_CHARS / 2)}x"\n`;
    expect(await readImportFile(long)).toEqual({ ok: false, error: `tools.import.errors.cellTooLong|line=3|max=${MAX_IMPORT_CELL_CHARS}` });
    expect(await readImportFile("name;status\nA;open\n")).toEqual({ ok: false, error: "tools.import.errors.header" });
  });

  it("a preview lists the first errors and counts the rest", async () => {
    const count = MAX_SHOWN_ERRORS + 25;
    const read = await readImportFile(`id;version\n${";v\n".repeat(count)}`);
    if (!read.ok) throw new Error(read.error);
    const { preview } = await planImport(t.db, users.keyuser, read.csv.header, read.csv.rows, read.csv.errors);
    expect(preview.errors).toHaveLength(MAX_SHOWN_ERRORS);
    expect(preview.errors[0]).toEqual({ line: 2, column: "id", message: "tools.import.errors.idMissing" });
    expect(preview.hiddenErrors).toBe(25);
    expect(preview.invalidLines).toHaveLength(count);
  });

  it("carried rows that are not what the preview wrote are refused", () => {
    expect(readCarried(["not json"])).toBeNull();
    expect(readCarried([JSON.stringify({ line: "2", cells: {} })])).toBeNull();
    expect(readCarried([JSON.stringify({ line: 2, cells: { id: "1" } })])).toEqual([{ line: 2, cells: { id: "1" } }]);
  });
});
