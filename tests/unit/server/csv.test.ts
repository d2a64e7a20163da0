import { describe, expect, it } from "vitest";
import { csvDelimiter, parseCsv, toCsv } from "~/server/csv.server";

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
