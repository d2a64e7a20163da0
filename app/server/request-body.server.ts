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

import { getT, i18next } from "~/i18n/i18next.server";
import { MARKUP_FIELD, markupOrHtml } from "~/lib/light-markup";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data\s*;.*\bboundary=\S+)/i;

export const UNSUPPORTED_BODY = "Unsupported Media Type: send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_BODY = "Bad Request: the form data could not be read.";

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The 413 answer: a small page in the reader's language. A page route's error boundary shows
 * its own (the app's) page instead; a resource route (the language and menu forms, which have
 * no page) sends this one as it is.
 */
export async function payloadTooLarge(request: Request): Promise<Response> {
  const lng = await i18next.getLocale(request);
  const t = await getT(request);
  const html = `<!DOCTYPE html><html lang="${escapeHtml(lng)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>413 · ServiceHub</title><style>body{font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem;color:#212529}a{color:#1c7ed6}</style></head><body><main><h1>413</h1><p>${escapeHtml(t("errors.payloadTooLarge"))}</p><p><a href="/">${escapeHtml(t("app.home"))}</a></p></main></body></html>`;
  return new Response(html, { status: 413, statusText: "Payload Too Large", headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** Refuses a body whose declared length is already past the limit, before anything is read. */
export async function refuseDeclaredLength(request: Request, maxBytes: number): Promise<void> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw await payloadTooLarge(request);
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
        controller.error(new RangeError("The body is larger than this form accepts."));
        await reader.cancel().catch(() => undefined);
        return;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  // `duplex` is required by Node's Request for a streamed body (not yet in the DOM typings). No
  // `signal`: the framework aborts it once the answer is sent, and cancelling the body then would
  // destroy the socket under the answer instead of letting server.mjs drop the unread rest.
  const init = { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit;
  return { request: new Request(request.url, init), tooLarge: () => exceeded };
}

/** Reads the body as text, at most `maxBytes` of it (413 past that). For the few non-form endpoints (JSON APIs). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  await refuseDeclaredLength(request, maxBytes);
  const limited = limitBody(request, maxBytes);
  try {
    return await limited.request.text();
  } catch (error) {
    if (limited.tooLarge()) throw await payloadTooLarge(request);
    throw error;
  }
}

/**
 * A no-JS rich-text field posts light markup and names itself in MARKUP_FIELD (issue 32 §12):
 * it becomes HTML here, once for every form, so each action sees HTML as from the editor and
 * sanitises it as always. The marker itself is removed.
 */
function markupAsHtml(form: FormData): FormData {
  const fields = form.getAll(MARKUP_FIELD);
  if (!fields.length) return form;
  form.delete(MARKUP_FIELD);
  for (const field of new Set(fields)) {
    if (typeof field !== "string" || field === "") continue;
    const value = form.get(field);
    if (typeof value === "string") form.set(field, markupOrHtml(value));
  }
  return form;
}

export async function readFormData(request: Request, { maxBytes = FORM_MAX_BYTES }: BodyLimit = {}): Promise<FormData> {
  if (!hasFormBody(request)) throw new Response(UNSUPPORTED_BODY, { status: 415, statusText: "Unsupported Media Type" });
  await refuseDeclaredLength(request, maxBytes);
  const limited = limitBody(request, maxBytes);
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one permitted call
    return markupAsHtml(await limited.request.formData());
  } catch {
    if (limited.tooLarge()) throw await payloadTooLarge(request);
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
