import { describe, expect, it } from "vitest";
import { imageDataUrl, imageTypeFromBase64, mimeFor, sniffImageMime } from "~/server/image-type";

const b64 = (bytes: number[]) => Buffer.from(bytes).toString("base64");
const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? Array.from(Buffer.from(p, "latin1")) : p)));

describe("imageTypeFromBase64", () => {
  it.each([
    ["/9j/4AAQSkZJRg", "jpeg"],
    ["iVBORw0KGgoAAAANSUhEUg", "png"],
    ["R0lGODlhAQABAIAAAP", "gif"],
    ["UklGRiQAAABXRUJQ", "webp"],
    ["AAABAAEAEBAAAAEAIAB", "ico"],
    ["Qk02AAAAAAAAADYAAAAoAAAA", "bmp"],
  ] as const)("%s → %s", (data, type) => {
    expect(imageTypeFromBase64(data)).toBe(type);
  });

  it("recognises the real encodings of the magic bytes", () => {
    expect(imageTypeFromBase64(b64([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpeg");
    expect(imageTypeFromBase64(b64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(imageTypeFromBase64(Buffer.from("GIF89a....").toString("base64"))).toBe("gif");
    expect(imageTypeFromBase64(Buffer.from("RIFF\x24\0\0\0WEBPVP8 ").toString("base64"))).toBe("webp");
    expect(imageTypeFromBase64(b64([0, 0, 1, 0, 1, 0, 16, 16]))).toBe("ico");
    expect(imageTypeFromBase64(Buffer.from("BM6\0\0\0").toString("base64"))).toBe("bmp");
  });

  it("strips a data: URL prefix, whatever its declared type", () => {
    expect(imageTypeFromBase64("data:image/png;base64,/9j/4AAQ")).toBe("jpeg");
    expect(imageTypeFromBase64("DATA:application/octet-stream;base64,R0lGODlh")).toBe("gif");
    expect(imageTypeFromBase64("  data:image/gif;base64,  Qk02")).toBe("bmp");
  });

  it('defaults to "png" for unknown, empty or missing data', () => {
    expect(imageTypeFromBase64("PHN2ZyB4bWxucz0")).toBe("png"); // SVG
    expect(imageTypeFromBase64("")).toBe("png");
    expect(imageTypeFromBase64(null)).toBe("png");
    expect(imageTypeFromBase64(undefined)).toBe("png");
    expect(imageTypeFromBase64("data:image/jpeg;base64,")).toBe("png");
  });

  it("matches only at the start and is case-sensitive", () => {
    expect(imageTypeFromBase64("xx/9j/")).toBe("png");
    expect(imageTypeFromBase64("qk02")).toBe("png");
    expect(imageTypeFromBase64("r0lgod")).toBe("png");
  });
});

describe("mimeFor", () => {
  it("maps every type to its MIME type", () => {
    expect(mimeFor("jpeg")).toBe("image/jpeg");
    expect(mimeFor("png")).toBe("image/png");
    expect(mimeFor("gif")).toBe("image/gif");
    expect(mimeFor("webp")).toBe("image/webp");
    expect(mimeFor("ico")).toBe("image/x-icon");
    expect(mimeFor("bmp")).toBe("image/bmp");
  });
});

describe("imageDataUrl", () => {
  it("builds a data URL with the sniffed type", () => {
    expect(imageDataUrl("/9j/4AAQ")).toBe("data:image/jpeg;base64,/9j/4AAQ");
    expect(imageDataUrl("abc")).toBe("data:image/png;base64,abc");
  });

  it("replaces a wrong declared type in an existing data URL", () => {
    expect(imageDataUrl("data:image/png;base64,R0lGODlh")).toBe("data:image/gif;base64,R0lGODlh");
  });
});

describe("sniffImageMime", () => {
  it("detects JPEG, PNG, GIF and WebP by magic bytes", () => {
    expect(sniffImageMime(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe("image/jpeg");
    expect(sniffImageMime(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe("image/png");
    expect(sniffImageMime(bytes("GIF87a", [1, 0]))).toBe("image/gif");
    expect(sniffImageMime(bytes("GIF89a", [1, 0]))).toBe("image/gif");
    expect(sniffImageMime(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
  });

  it("rejects look-alikes and other formats", () => {
    expect(sniffImageMime(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBeNull(); // WAV
    expect(sniffImageMime(bytes("GIF88a"))).toBeNull();
    expect(sniffImageMime(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]))).toBeNull();
    expect(sniffImageMime(bytes("BM6\0\0\0"))).toBeNull(); // BMP is not accepted for upload
    expect(sniffImageMime(bytes([0, 0, 1, 0]))).toBeNull(); // ICO neither
    expect(sniffImageMime(bytes("<svg xmlns="))).toBeNull();
    expect(sniffImageMime(bytes("%PDF-1.7"))).toBeNull();
  });

  it("rejects data too short to carry the signature", () => {
    expect(sniffImageMime(new Uint8Array())).toBeNull();
    expect(sniffImageMime(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageMime(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageMime(bytes("RIFF", [0, 0, 0, 0], "WEB"))).toBeNull();
  });

  it("works on a Buffer (a Uint8Array subclass)", () => {
    expect(sniffImageMime(Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toBe("image/jpeg");
  });
});
