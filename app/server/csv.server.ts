/**
 * The one CSV mechanism for downloads (reports, tools) and uploads (tools' import). Files are
 * written with papaparse (STACK.md: the measured pick) and read by our own small reader (below,
 * issue 31 §2). Files are made for Excel: UTF-8 with a byte-order mark, comma or semicolon. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are written with a
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
  /** Rows that could not be read (e.g. an unclosed quote), with their line numbers. */
  errors: { line: number; message: string }[];
};

/**
 * Most data rows (after the header), most cells in any line and the longest cell (characters in
 * the file within its quotes, an escaped quote counting twice); reading stops at the first one past a limit.
 */
export interface CsvLimits {
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
}

export type CsvProblem = "tooManyRows" | "tooManyColumns" | "cellTooLong";
export type CsvRead = { ok: true; csv: ParsedCsv } | { ok: false; problem: CsvProblem; line: number };

/** Characters read between two yields to the event loop: a few milliseconds of work. */
const SLICE = 128 * 1024;

/**
 * Reads an upload (BOM, comma or semicolon, quoted newlines) without holding up the server: the
 * text is read in slices with a turn of the event loop between them, in time linear in its length
 * whatever its quotes (papaparse guessed the delimiter by parsing a file of one open quote six
 * times and re-parsed an open quote's partial row for every chunk: a 16 MB file blocked for 30 s).
 */
export async function readCsv(text: string | string[], limits: CsvLimits): Promise<CsvRead> {
  const reader = new CsvReader(typeof text === "string" ? [text] : text, limits);
  while (!reader.read(SLICE)) await new Promise((resolve) => setImmediate(resolve));
  return reader.result();
}

/** The same reading at once and without limits: for files the app wrote itself (tests, benchmarks). */
export function parseCsv(text: string): ParsedCsv {
  const reader = new CsvReader([text], { maxRows: Infinity, maxColumns: Infinity, maxCellChars: Infinity });
  reader.read(Infinity);
  const read = reader.result();
  if (!read.ok) throw new Error(read.problem);
  return read.csv;
}

function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1).replace(/^'+/, "")) ? cell.slice(1) : cell;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;

/** The header's most frequent separator outside quotes: semicolon (German Excel), tab, else comma. */
function guessDelimiter(source: string): number {
  const counts = new Map<number, number>([[44, 0], [59, 0], [9, 0]]);
  let quoted = false;
  for (let i = 0; i < source.length && i < 64 * 1024; i++) {
    const c = source.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && (c === LF || c === CR)) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  const [comma, semicolon, tab] = [counts.get(44)!, counts.get(59)!, counts.get(9)!];
  if (semicolon > comma && semicolon >= tab) return 59;
  return tab > comma ? 9 : 44;
}

// Where the reader is: at the start of a cell, inside an unquoted or a quoted one, just after a
// quote inside a quoted cell (closing, or the first of an escaped pair), or at spaces after it.
const START = 0;
const PLAIN = 1;
const QUOTED = 2;
const QUOTE_SEEN = 3;
const SPACES = 4;

/**
 * RFC 4180 as Excel writes it, read as papaparse read it: a quote opens a cell only at its start,
 * `""` inside is a quote, spaces may follow the closing quote; a line break is CRLF, LF or CR;
 * lines with nothing but blanks are skipped. A stray quote inside a quoted cell makes the row
 * unreadable (it stays part of the cell, as does everything after an unclosed quote).
 */
class CsvReader {
  /** The text being read: the rest of the previous part from the current cell on, then the next part. */
  private source: string;
  private next = 1;
  private readonly delimiter: number;
  private i = 0;
  private line = 1;
  private state = START;
  /** The current cell is the source from `from`; a quoted one ends before `quoteAt`, its `""` read as `"` when it ends (not a string grown quote by quote). */
  private from = 0;
  private escaped = false;
  private quoteAt = 0;
  private cells: string[] = [];
  private recordLine = 1;
  private recordError: string | null = null;
  private header: string[] | null = null;
  private readonly rows: ParsedCsv["rows"] = [];
  private readonly errors: ParsedCsv["errors"] = [];
  private problem: { problem: CsvProblem; line: number } | null = null;
  private done = false;

  /** The file in parts (joining 16 MB of decoded parts into one string held the server for ~0.3 s). */
  constructor(
    private readonly parts: string[],
    private readonly limits: CsvLimits,
  ) {
    const first = parts[0] ?? "";
    this.source = first.startsWith(BOM) ? first.slice(1) : first;
    // The header line, from however many parts it spans (at most 64K characters are looked at).
    let head = this.source;
    for (let k = 1; k < parts.length && head.length < 64 * 1024 && !/[\r\n]/.test(head); k++) head += parts[k];
    this.delimiter = guessDelimiter(head);
  }

  /** Reads up to `count` more characters; true when the file is read (or a limit was passed). */
  read(count: number): boolean {
    let left = count;
    for (;;) {
      const started = this.i;
      const end = this.readPart(left);
      left -= this.i - started;
      if (this.done || this.i < end || this.next >= this.parts.length) break;
      this.nextPart();
      if (left <= 0) break;
    }
    // A cell still open at the end of a slice is measured here, one that ends in `quoted`/`plain`.
    if (this.state !== START && this.i - this.from > this.limits.maxCellChars) this.stop("cellTooLong");
    if (this.i >= this.source.length && this.next >= this.parts.length && !this.done) this.finish();
    return this.done;
  }

  /** Moves on to the next part, keeping the current cell (at most the longest allowed) and any character not yet read. */
  private nextPart() {
    const keepFrom = this.state === START ? this.i : this.from;
    this.source = this.source.slice(keepFrom) + this.parts[this.next++];
    this.i -= keepFrom;
    this.from -= keepFrom;
    this.quoteAt -= keepFrom;
  }

  /** Reads the current part up to `count` characters; returns where this part ends for now. */
  private readPart(count: number): number {
    const s = this.source;
    // A CR ending a part may be the first half of a CRLF: it waits for the next part.
    const last = this.next >= this.parts.length;
    const available = !last && s.charCodeAt(s.length - 1) === CR ? s.length - 1 : s.length;
    const end = Math.min(available, this.i + count);
    while (this.i < end && !this.done) {
      const c = s.charCodeAt(this.i);
      switch (this.state) {
        case START:
          if (c === QUOTE) {
            this.state = QUOTED;
            this.from = this.i + 1;
            this.escaped = false;
            this.i++;
            break;
          }
          this.state = PLAIN;
          this.from = this.i;
        // falls through: the character belongs to an unquoted cell
        case PLAIN:
          if (c === this.delimiter) this.endCell(this.plain(this.i), 1);
          else if (c === LF || c === CR) this.endRecord(this.plain(this.i));
          else this.i++;
          break;
        case QUOTED:
          if (c === QUOTE) {
            this.state = QUOTE_SEEN;
            this.quoteAt = this.i;
          } else if (c === LF || (c === CR && s.charCodeAt(this.i + 1) !== LF)) this.line++;
          this.i++;
          break;
        case QUOTE_SEEN:
        case SPACES:
          if (c === QUOTE && this.state === QUOTE_SEEN) {
            // An escaped quote.
            this.escaped = true;
            this.state = QUOTED;
            this.i++;
          } else if (c === this.delimiter) this.endCell(this.quoted(this.quoteAt), 1);
          else if (c === LF || c === CR) this.endRecord(this.quoted(this.quoteAt));
          else if (c === SPACE) {
            this.state = SPACES;
            this.i++;
          } else {
            // A stray quote: part of the cell, which goes on to the next closing quote.
            this.recordError ??= "Trailing quote on quoted field is malformed";
            this.state = QUOTED;
          }
          break;
      }
    }
    return available;
  }

  result(): CsvRead {
    if (this.problem) return { ok: false, ...this.problem };
    return { ok: true, csv: { header: this.header ?? [], rows: this.rows, errors: this.errors } };
  }

  /** An unquoted cell's text up to `end`. */
  private plain(end: number): string {
    if (end - this.from > this.limits.maxCellChars) this.stop("cellTooLong");
    return this.done ? "" : this.source.slice(this.from, end);
  }

  /** A quoted cell's text up to `end` (split/join: replaceAll took seconds for a cell of 8 million `""`). */
  private quoted(end: number): string {
    if (end - this.from > this.limits.maxCellChars) this.stop("cellTooLong");
    if (this.done) return "";
    const raw = this.source.slice(this.from, end);
    return this.escaped ? raw.split('""').join('"') : raw;
  }

  /** Ends the current cell and steps over `skip` characters (the delimiter). */
  private endCell(cell: string, skip: number) {
    this.cells.push(cell);
    this.state = START;
    this.i += skip;
    if (this.cells.length > this.limits.maxColumns) this.stop("tooManyColumns");
  }

  /** Ends the cell and the record at a line break (CRLF counts as one). */
  private endRecord(cell: string) {
    const crlf = this.source.charCodeAt(this.i) === CR && this.source.charCodeAt(this.i + 1) === LF;
    this.endCell(cell, crlf ? 2 : 1);
    this.line++;
    this.emit();
  }

  private finish() {
    if (this.state === QUOTED) this.recordError ??= "Quoted field unterminated";
    const s = this.source;
    if (this.state === PLAIN) this.endCell(this.plain(s.length), 0);
    else if (this.state === QUOTED) this.endCell(this.quoted(s.length), 0);
    else if (this.state === QUOTE_SEEN || this.state === SPACES) this.endCell(this.quoted(this.quoteAt), 0);
    else if (this.cells.length) this.endCell("", 0);
    if (this.cells.length) this.emit();
    this.done = true;
  }

  /** Hands on a finished record (the header first); blank lines are skipped but counted. */
  private emit() {
    const cells = this.cells;
    const line = this.recordLine;
    const error = this.recordError;
    this.cells = [];
    this.recordError = null;
    this.recordLine = this.line;
    if (this.done) return;
    if (!error && cells.every((cell) => cell.trim() === "")) return;
    if (!this.header) {
      this.header = cells.map((name) => name.trim());
      if (error) this.errors.push({ line, message: error });
      return;
    }
    if (this.rows.length >= this.limits.maxRows) return this.stop("tooManyRows", line);
    if (error) this.errors.push({ line, message: error });
    const header = this.header;
    this.rows.push({ line, cells: Object.fromEntries(header.map((name, i) => [name, unescapeFormula(cells[i] ?? "")])) });
  }

  private stop(problem: CsvProblem, line = this.recordLine) {
    this.problem ??= { problem, line };
    this.done = true;
  }
}
