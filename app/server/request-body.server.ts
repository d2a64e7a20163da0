/**
 * The one way an action reads a submitted form. A body that is not a form (JSON, plain text,
 * no content type, multipart without a boundary) or that cannot be parsed is the client's
 * mistake: it gets 415 or 400 here, before any action logic, instead of a 500 from deep inside
 * the framework. ESLint forbids calling `request.formData()` anywhere else.
 *
 * Every body has a size limit (docs/decisions/0049-body-limits-and-start-up-checks.md): 1 MiB
 * unless the form needs more. A declared Content-Length above it is refused before a byte is
 * read; a body without one (chunked) is counted while it streams and refused at the first byte
 * past the limit, so an oversized body never sits in memory whole.
 */

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data\s*;.*\bboundary=\S+)/i;

export const UNSUPPORTED_BODY = "Unsupported Media Type: send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_BODY = "Bad Request: the form data could not be read.";
export const BODY_TOO_LARGE = "Payload Too Large: the form is larger than this page accepts.";

const MiB = 1024 * 1024;
/** Every form: a 100,000-character text stays below it even when each character is percent-encoded to 9 bytes. */
export const FORM_MAX_BYTES = MiB;
/** Forms with long rich text (service texts of 200,000 characters, the frame's sections) and the factory import's selection. */
export const RICH_FORM_MAX_BYTES = 4 * MiB;

export interface BodyLimit {
  /** Largest body accepted, in bytes as sent. */
  maxBytes?: number;
}

/** Whether the request says it carries a form the server can read. */
export function hasFormBody(request: Request): boolean {
  return FORM_TYPES.test(request.headers.get("Content-Type") ?? "");
}

/** The 413 answer; thrown from an action, the app's error page shows it in the reader's language. */
export function payloadTooLarge(): Response {
  return new Response(BODY_TOO_LARGE, { status: 413, statusText: "Payload Too Large" });
}

/** Refuses a body whose declared length is already past the limit, before anything is read. */
export function refuseDeclaredLength(request: Request, maxBytes: number): void {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge();
}

/**
 * The request with its body counted while it streams: past `maxBytes` the stream fails and
 * `tooLarge()` says why, so the caller can answer 413 instead of 400. The source is cancelled
 * at once (server.mjs then drops the unread rest without keeping it).
 */
export function limitBody(request: Request, maxBytes: number): { request: Request; tooLarge: () => boolean } {
  let exceeded = false;
  const source = request.body;
  if (!source) return { request, tooLarge: () => false };
  const reader = source.getReader();
  let total = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      total += value.byteLength;
      if (total > maxBytes) {
        exceeded = true;
        controller.error(new RangeError(BODY_TOO_LARGE));
        await reader.cancel().catch(() => undefined);
        return;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  // `duplex` is required by Node's Request for a streamed body (not yet in the DOM typings).
  const init = { method: request.method, headers: request.headers, body, signal: request.signal, duplex: "half" } as RequestInit;
  return { request: new Request(request.url, init), tooLarge: () => exceeded };
}

/** Reads the body as text, at most `maxBytes` of it (413 past that). For the few non-form endpoints (JSON APIs). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  refuseDeclaredLength(request, maxBytes);
  const limited = limitBody(request, maxBytes);
  try {
    return await limited.request.text();
  } catch (error) {
    if (limited.tooLarge()) throw payloadTooLarge();
    throw error;
  }
}

export async function readFormData(request: Request, { maxBytes = FORM_MAX_BYTES }: BodyLimit = {}): Promise<FormData> {
  if (!hasFormBody(request)) throw new Response(UNSUPPORTED_BODY, { status: 415, statusText: "Unsupported Media Type" });
  refuseDeclaredLength(request, maxBytes);
  const limited = limitBody(request, maxBytes);
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one permitted call
    return await limited.request.formData();
  } catch {
    if (limited.tooLarge()) throw payloadTooLarge();
    throw new Response(UNREADABLE_BODY, { status: 400, statusText: "Bad Request" });
  }
}

export const MISSING_VERSION = "Bad Request: the form carries no version (updated_at); reload the page and try again.";

/**
 * The version (`updated_at`) an edit form was loaded with. Every versioned form must send it:
 * without it a save could not be told apart from a blind overwrite of someone else's change, so
 * a missing one is a 400 and nothing is written. `allowEmpty` is for a record that may not
 * exist yet (the organisation's customer data before its first save): the field must still be sent.
 */
export function formVersion(form: FormData, opts: { allowEmpty?: boolean } = {}): string {
  const value = form.get("updated_at");
  if (typeof value !== "string" || (!opts.allowEmpty && value.trim() === "")) {
    throw new Response(MISSING_VERSION, { status: 400, statusText: "Bad Request" });
  }
  return value;
}
