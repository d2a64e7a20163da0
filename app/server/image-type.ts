/**
 * Image type detection (spec 01 §9: "Image type is read from the start of
 * base64 data: jpeg, png, gif, webp, ico, bmp, default png").
 *
 * Images (logos, icons) are stored as bare base64 without a MIME type, so the
 * type has to be guessed from the file's magic bytes, as they look once
 * base64-encoded. Uploads are checked on raw bytes with `sniffImageMime`
 * instead, because a client-declared Content-Type cannot be trusted.
 */

export type ImageType = "jpeg" | "png" | "gif" | "webp" | "ico" | "bmp";

export type SniffedImageMime = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/**
 * Base64 forms of the magic bytes. Order matters only in principle: none of
 * these prefixes is a prefix of another.
 */
const BASE64_SIGNATURES: ReadonlyArray<readonly [prefix: string, type: ImageType]> = [
  ["/9j/", "jpeg"], // FF D8 FF
  ["iVBORw0KGgo", "png"], // 89 "PNG" 0D 0A 1A 0A
  ["R0lGOD", "gif"], // "GIF8"
  ["UklGR", "webp"], // "RIFF" (the container WebP uses)
  ["AAABAA", "ico"], // 00 00 01 00
  ["Qk", "bmp"], // "BM"
];

/** Strips an optional `data:<anything>;base64,` prefix and leading whitespace. */
function stripDataUrlPrefix(data: string): string {
  const trimmed = data.trimStart();
  const match = /^data:[^,]*;base64,/i.exec(trimmed);
  return match ? trimmed.slice(match[0].length).trimStart() : trimmed;
}

/** Guesses the image type of base64 data from its first characters; "png" when unknown. */
export function imageTypeFromBase64(data: string | null | undefined): ImageType {
  if (!data) return "png";
  const payload = stripDataUrlPrefix(data);
  for (const [prefix, type] of BASE64_SIGNATURES) {
    if (payload.startsWith(prefix)) return type;
  }
  return "png";
}

const MIME_BY_TYPE: Readonly<Record<ImageType, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  ico: "image/x-icon",
  bmp: "image/bmp",
};

/** The MIME type to use in a data URL or Content-Type header for an image type. */
export function mimeFor(type: ImageType): string {
  return MIME_BY_TYPE[type];
}

/**
 * A `data:` URL for stored base64 image data, ready for an `<img src>`.
 * Input that already is a data URL keeps its payload but gets the sniffed type.
 */
export function imageDataUrl(data: string): string {
  const payload = stripDataUrlPrefix(data);
  return `data:${mimeFor(imageTypeFromBase64(payload))};base64,${payload}`;
}

function startsWithBytes(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The MIME type of uploaded image bytes, judged by magic bytes only; null for
 * anything that is not JPEG, PNG, GIF or WebP (the formats we accept for
 * upload — ICO and BMP are only recognised in legacy stored data).
 */
export function sniffImageMime(bytes: Uint8Array): SniffedImageMime | null {
  if (startsWithBytes(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWithBytes(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWithBytes(bytes, ascii("GIF87a")) || startsWithBytes(bytes, ascii("GIF89a"))) return "image/gif";
  // RIFF is a generic container (WAV, AVI, ...): require the "WEBP" form type at offset 8.
  if (startsWithBytes(bytes, ascii("RIFF")) && startsWithBytes(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}
