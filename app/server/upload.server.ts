/**
 * The one upload helper for image uploads (area and category images, and any later image form)
 * and, through `parseFileUpload`, for other files whose type the caller sniffs (the T.O.M. PDF).
 *
 * Parses a multipart request in memory with a per-part limit (and a limit on the whole body, so
 * many parts cannot add up, and one on the text fields beside the file: 413), and accepts the file only when its bytes are a JPEG or PNG — the
 * file name and the type the browser claims are ignored. Every refusal is a field error (an i18n
 * key) for a 400 answer, never an exception: a too-large or malformed upload must not become a 500.
 */
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import type { FieldErrors } from "./errors.server";
import { sniffImageMime } from "./image-type";
import { FORM_MAX_BYTES, payloadTooLarge } from "./request-body.server";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Room for the other fields and the multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const ACCEPTED_IMAGE_MIMES = ["image/jpeg", "image/png"] as const;
export type AcceptedImageMime = (typeof ACCEPTED_IMAGE_MIMES)[number];

export const UPLOAD_ERRORS = {
  tooLarge: "structure.imageTooLarge",
  type: "structure.imageType",
  required: "structure.imageRequired",
  empty: "structure.fileEmpty",
  malformed: "structure.imageMalformed",
} as const;

export interface UploadedImage {
  /** The file's bytes, base64-encoded (how images are stored). */
  data: string;
  bytes: Buffer;
  mime: AcceptedImageMime;
  filename: string;
}

export type ImageUploadResult =
  | { ok: true; fields: FormData; image: UploadedImage | null }
  | { ok: false; status: 400; errors: FieldErrors; fields: FormData };

export interface ImageUploadOptions {
  /** The file input's name. */
  field?: string;
  /** Largest accepted file in bytes. */
  maxBytes?: number;
  /** Whether a missing (or empty) file is an error; otherwise `image` is null. */
  required?: boolean;
  /** Largest total of the text fields beside the file (413 past it); default FORM_MAX_BYTES. */
  maxTextBytes?: number;
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");
}

/** The text fields together were larger than the form accepts: a 413, not a field error. */
class TextPartsTooLarge extends Error {}

/**
 * Counts the bytes of every part together, and those of the text parts (no file name) on their
 * own: past `maxTotal` it fails like an oversized part, past `maxText` with TextPartsTooLarge —
 * while the body streams, so neither is ever held whole.
 */
function limitParts(handler: UploadHandler, maxTotal: number, maxText: number): UploadHandler {
  let total = 0;
  let text = 0;
  return (part) => {
    const source = part.data;
    const isText = part.filename === undefined;
    async function* counted() {
      for await (const chunk of source) {
        total += chunk.byteLength;
        if (isText) text += chunk.byteLength;
        if (text > maxText) throw new TextPartsTooLarge();
        if (total > maxTotal) throw new MaxPartSizeExceededError(part.name, maxTotal);
        yield chunk;
      }
    }
    return handler({ ...part, data: counted() });
  };
}

/** A file of any type, as sent: the caller judges its bytes (e.g. by their magic numbers). */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

export type FileUploadResult =
  | { ok: true; fields: FormData; file: UploadedFile | null }
  | { ok: false; status: 400; errors: FieldErrors; fields: FormData };

/**
 * Reads a multipart form with one file of at most `maxBytes`. Returns the other fields (strings
 * only) as FormData, and the file when one was sent; what the file is, the caller decides.
 */
export async function parseFileUpload(request: Request, options: ImageUploadOptions = {}): Promise<FileUploadResult> {
  const field = options.field ?? "image";
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const required = options.required ?? true;
  const fields = new FormData();
  const fail = (error: string): FileUploadResult => ({ ok: false, status: 400, errors: { [field]: error }, fields });

  const maxText = options.maxTextBytes ?? FORM_MAX_BYTES;
  const maxTotal = maxBytes + maxText + FORM_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxTotal) return fail(UPLOAD_ERRORS.tooLarge);
  if (!isMultipart(request)) return fail(UPLOAD_ERRORS.malformed);

  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      limitParts(unstable_createMemoryUploadHandler({ maxPartSize: maxBytes }), maxTotal, maxText),
    );
  } catch (error) {
    if (error instanceof TextPartsTooLarge) throw await payloadTooLarge(request);
    if (error instanceof MaxPartSizeExceededError) return fail(UPLOAD_ERRORS.tooLarge);
    // A broken or truncated body (no boundary, cut-off stream) is the client's fault: a 400.
    return fail(UPLOAD_ERRORS.malformed);
  }

  let file: File | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields.append(name, value);
    else if (name === field && !file) file = value;
  }

  // A browser sends a nameless empty part when no file was chosen; a chosen file without bytes is a broken upload.
  if (file && file.size === 0 && file.name !== "") return fail(UPLOAD_ERRORS.empty);
  if (!file || file.size === 0) return required ? fail(UPLOAD_ERRORS.required) : { ok: true, fields, file: null };
  if (file.size > maxBytes) return fail(UPLOAD_ERRORS.tooLarge);
  return { ok: true, fields, file: { bytes: Buffer.from(await file.arrayBuffer()), filename: file.name } };
}

/**
 * Reads a multipart form with one image file. Returns the other fields (strings only) as
 * FormData, and the image when one was sent and it is a JPEG or PNG of at most `maxBytes`.
 */
export async function parseImageUpload(request: Request, options: ImageUploadOptions = {}): Promise<ImageUploadResult> {
  const field = options.field ?? "image";
  const upload = await parseFileUpload(request, { ...options, field });
  if (!upload.ok) return upload;
  const { fields, file } = upload;
  if (!file) return { ok: true, fields, image: null };
  const mime = sniffImageMime(file.bytes);
  if (mime !== "image/jpeg" && mime !== "image/png") return { ok: false, status: 400, errors: { [field]: UPLOAD_ERRORS.type }, fields };
  return { ok: true, fields, image: { data: file.bytes.toString("base64"), bytes: file.bytes, mime, filename: file.filename } };
}
