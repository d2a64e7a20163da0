import crypto from "node:crypto";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { ValidationError } from "~/server/errors.server";
import { nowIso } from "~/lib/time";
import { generateTomPdf, tomSourceVersion } from "./tom-pdf.server";
import { TOM_MAX_BYTES, formatFileSize, type TomDocumentInfo, type TomSource } from "./tom";

/**
 * The T.O.M. document (issue 16 §5): one PDF for the whole installation, kept in the `settings`
 * table so every app server serves the same bytes. Two rows: a small one describing the document
 * (read by every page that shows the viewer) and one with the bytes (read only by /tom.pdf).
 *
 * The generated PDF is made at the first request that needs it, not at start-up, and again only
 * when it is missing or was made from another text or layout (its `version`). An uploaded PDF
 * stays until a superadmin uploads another or restores the generated one.
 */

export const TOM_KEYS = { meta: "tom_document", pdf: "tom_document_pdf" } as const;

interface StoredMeta {
  source: TomSource;
  sha256: string;
  bytes: number;
  /** Generated only: the text and layout it was made from. */
  version?: string;
  /** Uploaded only: the name the file had (for the audit trail and the panel). */
  filename?: string;
}

type Meta = StoredMeta & { updatedAt: string };

export const TOM_ERRORS = {
  required: "tom.errors.fileRequired",
  tooLarge: `tom.errors.fileTooLarge|max=${formatFileSize(TOM_MAX_BYTES, "de")}`,
  malformed: "tom.errors.fileMalformed",
  type: "tom.errors.fileType",
} as const;

// ----------------------------------------------------------------------------- checks

const PDF_HEADER = /^%PDF-[12]\.\d/;
/** Readers look for the end marker in the file's last kilobyte; a cut-off upload has none. */
const EOF_WINDOW = 1024;

/** Whether the bytes are a PDF by their content: the "%PDF-x.y" header and an "%%EOF" near the end. */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const head = Buffer.from(bytes.subarray(0, 8)).toString("latin1");
  if (!PDF_HEADER.test(head)) return false;
  return Buffer.from(bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW))).includes("%%EOF", 0, "latin1");
}

/** Refuses what may not replace the document: nothing, more than TOM_MAX_BYTES, or not a PDF. */
export function checkTomPdf(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new ValidationError({ file: TOM_ERRORS.required });
  if (bytes.length > TOM_MAX_BYTES) throw new ValidationError({ file: TOM_ERRORS.tooLarge });
  if (!isPdf(bytes)) throw new ValidationError({ file: TOM_ERRORS.type });
}

// ----------------------------------------------------------------------------- reading

function readMeta(value: unknown, updatedAt: string): Meta | null {
  const v = value as Partial<StoredMeta> | null | undefined;
  if (!v || (v.source !== "generated" && v.source !== "uploaded") || typeof v.sha256 !== "string") return null;
  return { source: v.source, sha256: v.sha256, bytes: Number(v.bytes ?? 0), version: v.version, filename: v.filename, updatedAt };
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

async function loadMeta(db: Executor): Promise<Meta | null> {
  const row = await db.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", TOM_KEYS.meta).executeTakeFirst();
  return row ? readMeta(parse(row.value), row.updated_at) : null;
}

async function loadPdf(db: Executor): Promise<Buffer | null> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", TOM_KEYS.pdf).executeTakeFirst();
  const data = row ? parse(row.value) : null;
  return typeof data === "string" ? Buffer.from(data, "base64") : null;
}

/** A generated document made from an older text or layout is made again; an uploaded one is kept. */
function isCurrent(meta: Meta | null): meta is Meta {
  return meta !== null && (meta.source === "uploaded" || meta.version === tomSourceVersion());
}

function infoOf(meta: Meta): TomDocumentInfo {
  return { source: meta.source, bytes: meta.bytes, sha256: meta.sha256, updatedAt: meta.updatedAt };
}

/** What the audit trail keeps of a document: never its bytes. */
function summary(meta: StoredMeta | null) {
  return meta ? { source: meta.source, bytes: meta.bytes, sha256: meta.sha256, ...(meta.filename ? { filename: meta.filename } : {}) } : null;
}

/** The stored document's description, made first when there is none (or it is outdated). */
export async function ensureTomDocument(db: Executor): Promise<TomDocumentInfo> {
  const meta = await loadMeta(db);
  if (isCurrent(meta)) return infoOf(meta);
  return generateOnce(db);
}

/** The PDF to serve with its description; a missing or damaged stored copy is made again. */
export async function readTomPdf(db: Executor): Promise<{ info: TomDocumentInfo; bytes: Buffer }> {
  for (let attempt = 0; ; attempt++) {
    const [meta, pdf] = await Promise.all([loadMeta(db), loadPdf(db)]);
    if (isCurrent(meta) && pdf && pdf.length === meta.bytes) return { info: infoOf(meta), bytes: pdf };
    if (attempt > 0) throw new Error("The T.O.M. document could not be stored.");
    await generateOnce(db);
  }
}

// ----------------------------------------------------------------------------- writing

async function write(trx: Executor, meta: StoredMeta, bytes: Buffer) {
  const now = nowIso();
  const rows = [
    { key: TOM_KEYS.meta, value: JSON.stringify(meta), updated_at: now },
    { key: TOM_KEYS.pdf, value: JSON.stringify(bytes.toString("base64")), updated_at: now },
  ];
  for (const row of rows) {
    await trx
      .insertInto("settings")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute();
  }
}

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

async function generatedMeta(): Promise<{ meta: StoredMeta; bytes: Buffer }> {
  const bytes = await generateTomPdf();
  return { meta: { source: "generated", sha256: sha256(bytes), bytes: bytes.length, version: tomSourceVersion() }, bytes };
}

// Several requests of one process that find no document wait for one generation.
let pending: Promise<TomDocumentInfo> | null = null;

function generateOnce(db: Executor): Promise<TomDocumentInfo> {
  pending ??= generateIfNeeded(db).finally(() => {
    pending = null;
  });
  return pending;
}

/**
 * Makes the PDF (outside the transaction: it takes a moment), then stores it unless another
 * server stored a current, complete one meanwhile. A system write: audited without a causer.
 */
async function generateIfNeeded(db: Executor): Promise<TomDocumentInfo> {
  const made = await generatedMeta();
  return inTransaction(db, async (trx) => {
    const before = await loadMeta(trx);
    if (isCurrent(before)) {
      const pdf = await loadPdf(trx);
      if (pdf && pdf.length === before.bytes) return infoOf(before);
    }
    await write(trx, made.meta, made.bytes);
    await recordActivity(trx, {
      subjectType: "setting",
      subjectId: TOM_KEYS.meta,
      event: before ? "updated" : "created",
      causer: null,
      oldValues: { value: summary(before) },
      newValues: { value: summary(made.meta) },
    });
    return infoOf((await loadMeta(trx))!);
  });
}

/** Replaces the document with an uploaded PDF (superadmins: the caller checks). */
export async function saveUploadedTom(db: Executor, upload: { bytes: Uint8Array; filename: string }, causer: Causer): Promise<TomDocumentInfo> {
  checkTomPdf(upload.bytes);
  const bytes = Buffer.from(upload.bytes);
  const meta: StoredMeta = { source: "uploaded", sha256: sha256(bytes), bytes: bytes.length, filename: upload.filename.slice(0, 200) || undefined };
  return inTransaction(db, async (trx) => {
    const before = await loadMeta(trx);
    await write(trx, meta, bytes);
    await recordActivity(trx, { subjectType: "setting", subjectId: TOM_KEYS.meta, event: "updated", causer, oldValues: { value: summary(before) }, newValues: { value: summary(meta) } });
    return infoOf((await loadMeta(trx))!);
  });
}

/** Puts the generated document back in place of an uploaded one (superadmins: the caller checks). */
export async function restoreGeneratedTom(db: Executor, causer: Causer): Promise<TomDocumentInfo> {
  const made = await generatedMeta();
  return inTransaction(db, async (trx) => {
    const before = await loadMeta(trx);
    await write(trx, made.meta, made.bytes);
    await recordActivity(trx, { subjectType: "setting", subjectId: TOM_KEYS.meta, event: "updated", causer, oldValues: { value: summary(before) }, newValues: { value: summary(made.meta) } });
    return infoOf((await loadMeta(trx))!);
  });
}
