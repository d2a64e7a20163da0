import { describe, expect, it } from "vitest";
import { csvDelimiter, parseCsv, readCsv, toCsv } from "~/server/csv.server";

describe("CSV files for Excel", () => {
  const header = ["id", "name", "note"];
  const rows = [
    [1, "Drucken; Scannen", 'sagt "Hallo"\nzweite Zeile'],
    [2, "=cmd|' /C calc'!A0", "+49 30 1234"],
    [3, "Straße", null],
  ];

  it("start with a byte-order mark and neutralise cells a spreadsheet would run", () => {
    const text = toCsv(header, rows, ";");
    expect(text.startsWith("\uFEFFid;name;note\r\n")).toBe(true);
    expect(text).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(text).not.toMatch(/[;\n]=cmd/);
  });

  it("read back to the same values with either delimiter, line numbers counted from the header", () => {
    for (const delimiter of [",", ";"] as const) {
      const parsed = parseCsv(toCsv(header, rows, delimiter));
      expect(parsed.errors).toEqual([]);
      expect(parsed.header).toEqual(header);
      expect(parsed.rows.map((r) => r.line)).toEqual([2, 4, 5]);
      expect(parsed.rows.map((r) => [r.cells.id, r.cells.name, r.cells.note])).toEqual([
        ["1", "Drucken; Scannen", 'sagt "Hallo"\nzweite Zeile'],
        ["2", "=cmd|' /C calc'!A0", "+49 30 1234"],
        ["3", "Straße", ""],
      ]);
    }
  });

  it("restore a value that itself starts with the apostrophe of a neutralised formula", () => {
    const values = ["'=x", "''+1", "'@a", "'plain", "="];
    const parsed = parseCsv(toCsv(["v"], values.map((v) => [v]), ";"));
    expect(parsed.rows.map((r) => r.cells.v)).toEqual(values);
  });

  it("keep an apostrophe the user typed before ordinary text", () => {
    expect(parseCsv("name\n'quoted\n").rows[0].cells.name).toBe("'quoted");
  });

  it("take the delimiter from a form value, comma by default", () => {
    expect(csvDelimiter("semicolon")).toBe(";");
    expect(csvDelimiter(";")).toBe(";");
    expect(csvDelimiter("<script>")).toBe(",");
  });
});

describe("reading an upload (issue 31 §2)", () => {
  const limits = { maxRows: 3, maxColumns: 4, maxCellChars: 10 };

  it("stops at the first row, cell or line past a limit and says which, with the line", async () => {
    expect(await readCsv("id;v\n1;a\n2;b\n3;c\n", limits)).toMatchObject({ ok: true, csv: { rows: [{ line: 2 }, { line: 3 }, { line: 4 }] } });
    expect(await readCsv("id;v\n1;a\n2;b\n3;c\n4;d\n", limits)).toEqual({ ok: false, problem: "tooManyRows", line: 5 });
    expect(await readCsv("a;b;c;d\n1;2;3;4\n", limits)).toMatchObject({ ok: true });
    expect(await readCsv("a;b;c;d;e\n", limits)).toEqual({ ok: false, problem: "tooManyColumns", line: 1 });
    expect(await readCsv("a;b\n1;2\n1;2;3;4;5\n", limits)).toEqual({ ok: false, problem: "tooManyColumns", line: 3 });
    // Ten characters of the file (an escaped quote counts twice), plain or quoted, also when the cell never ends.
    expect(await readCsv('a;b\n1234567890;"12""456789"\n', limits)).toMatchObject({ ok: true, csv: { rows: [{ cells: { a: "1234567890", b: '12"456789' } }] } });
    expect(await readCsv("a;b\n12345678901;x\n", limits)).toEqual({ ok: false, problem: "cellTooLong", line: 2 });
    expect(await readCsv('a;b\n1;"12""4567890"\n', limits)).toEqual({ ok: false, problem: "cellTooLong", line: 2 });
    expect(await readCsv(`a;b\n1;"${'"'.repeat(1000)}`, limits)).toEqual({ ok: false, problem: "cellTooLong", line: 2 });
  });

  it("marks the row of an unclosed or stray quote, counts lines of quoted cells and skips blank lines", async () => {
    const read = await readCsv('id,name\r\n\r\n1,"zwei\r\nZeilen"\r\n2,"kaputt"x"\r\n3,ok\r4,"offen', { maxRows: 10, maxColumns: 10, maxCellChars: 100 });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.csv.rows.map((r) => [r.line, r.cells.id, r.cells.name])).toEqual([
      [3, "1", "zwei\r\nZeilen"],
      [5, "2", 'kaputt"x'],
      [6, "3", "ok"],
      [7, "4", "offen"],
    ]);
    expect(read.csv.errors).toEqual([
      { line: 5, message: "Trailing quote on quoted field is malformed" },
      { line: 7, message: "Quoted field unterminated" },
    ]);
    const open = await readCsv('id;name\n1;ok\n2;"offen\n3;x\n', { maxRows: 10, maxColumns: 10, maxCellChars: 100 });
    expect(open).toMatchObject({ ok: true, csv: { rows: [{ line: 2 }, { line: 3 }], errors: [{ line: 3, message: "Quoted field unterminated" }] } });
  });

  it("reads a file given in parts as the same file in one piece, wherever the parts meet", async () => {
    const text = '\uFEFFid;name;note\r\n1;"a ""b""\r\nc";x\r\n\r\n2;plain;"d""";e\r3;"offen';
    const whole = parseCsv(text);
    const limits = { maxRows: 10, maxColumns: 10, maxCellChars: 100 };
    for (let a = 1; a < text.length; a++) {
      for (const b of [a + 1, a + 7, text.length - 1]) {
        const parts = b > a && b < text.length ? [text.slice(0, a), text.slice(a, b), text.slice(b)] : [text.slice(0, a), text.slice(a)];
        expect(await readCsv(parts, limits), `parts at ${a}, ${b}`).toEqual({ ok: true, csv: whole });
      }
    }
    expect(whole.rows.map((r) => [r.line, r.cells.name])).toEqual([
      [2, 'a "b"\r\nc'],
      [5, "plain"],
      [6, "offen"],
    ]);
  });

  it("lets the event loop turn while it reads, whatever the quotes (parsing in one go held the server for seconds)", async () => {
    const text = `id;version\n"${'"'.repeat(4 * 1024 * 1024)}`;
    let turns = 0;
    let reading = true;
    const ticker = (async () => {
      while (reading) {
        await new Promise((resolve) => setImmediate(resolve));
        turns++;
      }
    })();
    const read = await readCsv(text, { maxRows: 10, maxColumns: 10, maxCellChars: Infinity });
    reading = false;
    await ticker;
    expect(read).toMatchObject({ ok: true, csv: { rows: [{ line: 2 }] } });
    // One turn per 128K characters read.
    expect(turns).toBeGreaterThanOrEqual(30);
  });
});
