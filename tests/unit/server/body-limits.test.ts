import { describe, expect, it } from "vitest";
import { FORM_MAX_BYTES, readBodyText, readFormData } from "~/server/request-body.server";
import { parseFileUpload } from "~/server/upload.server";
import { rejection } from "../../support/rejection";

// Issue 31 §3: a 200 MB form to /language was read whole. Every body is refused past its limit
// while it streams: these sources count what was pulled from them, as the socket would.

const CHUNK = 64 * 1024;

/** A body of `total` bytes made of `byte`, produced only as it is read; `pulled()` says how much was. */
function streamedBody(total: number, prefix = "", byte = 0x61) {
  let sent = 0;
  const head = new TextEncoder().encode(prefix);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(CHUNK, total - sent);
      const chunk = new Uint8Array(size).fill(byte);
      if (sent === 0) chunk.set(head.subarray(0, size));
      sent += size;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

function post(body: ReadableStream<Uint8Array> | string, contentType: string, headers: Record<string, string> = {}) {
  return new Request("http://servicehub.test/language", { method: "POST", body, headers: { "Content-Type": contentType, ...headers }, duplex: "half" } as RequestInit);
}

async function statusOf(promise: Promise<unknown>): Promise<number | string> {
  const thrown = await rejection(promise);
  return thrown instanceof Response ? thrown.status : String(thrown);
}

describe("readFormData: size limit", () => {
  it("refuses a 200 MB urlencoded body without a declared length after reading little more than the limit (413)", async () => {
    const body = streamedBody(200 * 1024 * 1024, "lng=en&x=");
    expect(await statusOf(readFormData(post(body.stream, "application/x-www-form-urlencoded")))).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(FORM_MAX_BYTES + 2 * CHUNK);
  });

  it("answers 413 with a page in the reader's language (German unless the browser asks otherwise)", async () => {
    for (const [language, text] of [
      ["de", "Das Formular ist zu groß"],
      ["en", "The form is too large"],
    ]) {
      const request = post("x", "application/x-www-form-urlencoded", { "Content-Length": String(FORM_MAX_BYTES + 1), "Accept-Language": language });
      const answer = await rejection(readFormData(request));
      expect(answer).toBeInstanceOf(Response);
      const page = answer as Response;
      expect(page.status).toBe(413);
      expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain(text);
    }
  });

  it("refuses a declared Content-Length past the limit before reading a byte", async () => {
    const body = streamedBody(FORM_MAX_BYTES + 1, "lng=en&x=");
    const request = post(body.stream, "application/x-www-form-urlencoded", { "Content-Length": String(FORM_MAX_BYTES + 1) });
    expect(await statusOf(readFormData(request))).toBe(413);
    // At most the stream's own read-ahead of one chunk; nothing was read for the form.
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
  });

  it("refuses a 100 MB multipart text part while it streams (413)", async () => {
    const prefix = '--xyz\r\nContent-Disposition: form-data; name="lng"\r\n\r\n';
    const body = streamedBody(100 * 1024 * 1024, prefix);
    expect(await statusOf(readFormData(post(body.stream, "multipart/form-data; boundary=xyz")))).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(FORM_MAX_BYTES + 2 * CHUNK);
  });

  it("reads a form at the limit, and a larger one where the caller allows more", async () => {
    const value = "A".repeat(FORM_MAX_BYTES - "lng=en&x=".length);
    const form = await readFormData(post(`lng=en&x=${value}`, "application/x-www-form-urlencoded"));
    expect(form.get("lng")).toBe("en");
    expect(String(form.get("x")).length).toBe(value.length);
    expect(await statusOf(readFormData(post(`lng=en&x=${value}A`, "application/x-www-form-urlencoded")))).toBe(413);
    const larger = await readFormData(post(`lng=en&x=${value}A`, "application/x-www-form-urlencoded"), { maxBytes: 2 * FORM_MAX_BYTES });
    expect(String(larger.get("x")).length).toBe(value.length + 1);
  });

  it("still answers 400 for a broken form and 415 for what is not a form", async () => {
    expect(await statusOf(readFormData(post("--nope", "multipart/form-data; boundary=xyz")))).toBe(400);
    expect(await statusOf(readFormData(post("{}", "application/json")))).toBe(415);
  });
});

describe("parseFileUpload: the text fields beside the file", () => {
  it("refuses a 100 MB text part of an upload form while it streams (413), the file limit notwithstanding", async () => {
    const prefix = '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n';
    const body = streamedBody(100 * 1024 * 1024, prefix);
    expect(await statusOf(parseFileUpload(post(body.stream, "multipart/form-data; boundary=xyz"), { field: "file", maxBytes: 16 * 1024 * 1024 }))).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(FORM_MAX_BYTES + 2 * CHUNK);
  });
});

describe("readBodyText", () => {
  it("counts bytes while it reads: past the limit a 413 without reading the rest", async () => {
    const body = streamedBody(50 * 1024 * 1024, '{"status":"');
    expect(await statusOf(readBodyText(post(body.stream, "application/json"), 4096))).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
    expect(await readBodyText(post('{"status":"completed"}', "application/json"), 4096)).toBe('{"status":"completed"}');
  });
});
