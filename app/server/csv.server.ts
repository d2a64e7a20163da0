/**
 * The one CSV mechanism for downloads (reports, tools) and uploads (tools' import), on papaparse
 * (STACK.md: the measured pick). Files are made for Excel: UTF-8 with a byte-order mark, comma or
 * semicolon. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are written with a
 * leading apostrophe, and the apostrophe is taken off again when such a file is read back, so a
 * round trip changes nothing.
 */
import Papa from "papaparse";

export type CsvDelimiter = "," | ";";
export type CsvCell = string | number | boolean | null | undefined;

const BOM = "\uFEFF";
/** What papaparse's escapeFormulae prefixes with an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvDelimiter(value: unknown): CsvDelimiter {
  return value === ";" || value === "semicolon" ? ";" : ",";
}

/** A whole CSV document: a header line, then one line per row. */
export function toCsv(header: string[], rows: CsvCell[][], delimiter: CsvDelimiter = ","): string {
  return BOM + csvLines(header, rows, delimiter, true);
}

/** Lines without the byte-order mark, for streaming a large file in chunks (header only in the first). */
export function csvLines(header: string[], rows: CsvCell[][], delimiter: CsvDelimiter, withHeader: boolean): string {
  // A value that already starts with the apostrophe of a neutralised formula gets one more, so reading it back (which takes one off) restores it.
  const data = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : String(cell).replace(/^(?='+[=+\-@\t\r])/, "'"))));
  const text = Papa.unparse(
    { fields: header, data },
    { delimiter, header: withHeader, newline: "\r\n", escapeFormulae: true, quotes: false },
  );
  return text.length > 0 ? `${text}\r\n` : "";
}

/** A download response; the filename is ASCII-safe and also given in RFC 5987 form. */
export function csvResponse(filename: string, body: string | ReadableStream<Uint8Array>): Response {
  const ascii = filename.replace(/[^\w.-]+/g, "_");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}

export type ParsedCsv = {
  header: string[];
  /** Each row with its line number in the file (1 = the header line) for error messages. */
  rows: { line: number; cells: Record<string, string> }[];
  /** Rows papaparse could not read (e.g. an unclosed quote), with their line numbers. */
  errors: { line: number; message: string }[];
};

/** Reads an uploaded CSV (BOM, either delimiter, quoted newlines), undoing the formula apostrophe. */
export function parseCsv(text: string): ParsedCsv {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: { line: number; cells: string[] }[] = [];
  const errors: ParsedCsv["errors"] = [];
  // A record's line is where it starts in the file, counting the newlines inside quoted cells before it.
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter: "",
    skipEmptyLines: "greedy",
    step: (result) => {
      const end = result.meta.cursor;
      const skipped = source.slice(start, end).match(/^(?:\r?\n)*/)?.[0] ?? "";
      const recordLine = line + (skipped.match(/\n/g)?.length ?? 0);
      for (const error of result.errors) errors.push({ line: recordLine, message: error.message });
      records.push({ line: recordLine, cells: result.data });
      line += source.slice(start, end).match(/\n/g)?.length ?? 0;
      start = end;
    },
  });
  const [head, ...body] = records;
  const header = (head?.cells ?? []).map((name) => name.trim());
  const rows = body.map(({ line: at, cells }) => ({
    line: at,
    cells: Object.fromEntries(header.map((name, i) => [name, unescapeFormula(cells[i] ?? "")])),
  }));
  return { header, rows, errors };
}

function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1).replace(/^'+/, "")) ? cell.slice(1) : cell;
}
