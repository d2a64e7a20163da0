import { z } from "zod";
import { readCsv, type ParsedCsv } from "~/server/csv.server";
import { errorKey } from "~/ui/forms";
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "./csv-columns";

/**
 * Reading an uploaded services CSV (issue 20 §4, issue 31 §2): the bytes as text (UTF-8 or
 * Excel's Windows-1252, no binary files), then the rows within the import's limits, yielding to
 * the event loop as it goes, and the rows an apply form carries back. What the rows would change
 * is csv-import.server.ts's.
 */

/** The text in parts of about a megabyte each (see `readCsv`). */
export type DecodedUpload = { ok: true; parts: string[] } | { ok: false; error: string };

/** Bytes decoded between two turns of the event loop (16 MB at once held the server for ~0.3 s). */
const DECODE_SLICE = 1024 * 1024;

/** Decodes in slices; null when the bytes are not valid in a fatal decoder's encoding. */
async function decodeInSlices(bytes: Uint8Array, decoder: TextDecoder): Promise<string[] | null> {
  const parts: string[] = [];
  try {
    for (let at = 0; at < bytes.length; at += DECODE_SLICE) {
      if (at) await new Promise((resolve) => setImmediate(resolve));
      parts.push(decoder.decode(bytes.subarray(at, at + DECODE_SLICE), { stream: at + DECODE_SLICE < bytes.length }));
    }
  } catch {
    return null;
  }
  return parts;
}

/**
 * The uploaded bytes as text, judged by their content (name and claimed type are ignored): UTF-8
 * (with or without BOM), or — what Excel's plain "CSV" saves on Windows — Windows-1252. Bytes
 * that are no text (NUL or other control characters, e.g. a spreadsheet or a PDF) are refused.
 */
export async function decodeCsvUpload(bytes: Uint8Array): Promise<DecodedUpload> {
  if (!bytes.length) return { ok: false, error: "tools.import.errors.empty" };
  // eslint-disable-next-line no-control-regex
  const binary = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
  const parts =
    (await decodeInSlices(bytes, new TextDecoder("utf-8", { fatal: true }))) ??
    (await decodeInSlices(bytes, new TextDecoder("windows-1252")))!;
  if (parts.some((part) => binary.test(part))) return { ok: false, error: "tools.import.errors.notText" };
  return { ok: true, parts };
}

const TOO_MANY_ROWS = errorKey("tools.import.errors.tooManyRows", { max: MAX_IMPORT_ROWS });

/** Refusals of a whole file (400 beside the upload field). */
export function fileProblem(parsed: ParsedCsv): string | null {
  if (!parsed.header.includes("id") || !parsed.header.includes("version")) return "tools.import.errors.header";
  if (parsed.rows.length > MAX_IMPORT_ROWS) return TOO_MANY_ROWS;
  return null;
}

export type ReadImport = { ok: true; csv: ParsedCsv } | { ok: false; error: string };

/**
 * Reads the decoded file within the import's limits, yielding to the event loop as it goes (issue
 * 31 §2): reading stops at the first row or cell past a limit, so nothing beyond it is parsed.
 */
export async function readImportFile(text: string | string[]): Promise<ReadImport> {
  const read = await readCsv(text, { maxRows: MAX_IMPORT_ROWS, maxColumns: MAX_IMPORT_COLUMNS, maxCellChars: MAX_IMPORT_CELL_CHARS });
  if (!read.ok) {
    if (read.problem === "tooManyRows") return { ok: false, error: TOO_MANY_ROWS };
    if (read.problem === "tooManyColumns") return { ok: false, error: errorKey("tools.import.errors.tooManyColumns", { max: MAX_IMPORT_COLUMNS }) };
    return { ok: false, error: errorKey("tools.import.errors.cellTooLong", { line: read.line, max: MAX_IMPORT_CELL_CHARS }) };
  }
  const problem = fileProblem(read.csv);
  return problem ? { ok: false, error: problem } : { ok: true, csv: read.csv };
}

/** The longest formatted text a cell may hold (characters of HTML). */
export const RICH_MAX = 200_000;

/** A row of the preview, carried back by the apply form. */
export type CarriedRow = { line: number; cells: Record<string, string>; unreadable?: boolean };

/** The rows an apply form carried back, checked as strictly as an upload (anything else is a 400). */
const CarriedSchema = z.object({
  line: z.number().int().min(2).max(10_000_000),
  cells: z.record(z.string().max(64), z.string().max(RICH_MAX * 2)),
  unreadable: z.literal(true).optional(),
});

export function readCarried(rows: string[]): CarriedRow[] | null {
  const out: CarriedRow[] = [];
  for (const raw of rows) {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
    const parsed = CarriedSchema.safeParse(value);
    if (!parsed.success) return null;
    out.push(parsed.data);
  }
  return out;
}
