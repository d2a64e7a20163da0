/**
 * Pictures for the Word export. Word needs a picture's size to place it, and ServiceHub stores
 * only the bytes (base64), so the size is read from the PNG or JPEG header; anything else (or a
 * broken header) is left out rather than risking a document Word cannot open.
 */

export interface ExportImage {
  data: Buffer;
  type: "png" | "jpg";
  width: number;
  height: number;
}

export function imageSize(bytes: Buffer): { type: "png" | "jpg"; width: number; height: number } | null {
  // PNG: signature, then the IHDR chunk with width and height.
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString("ascii", 12, 16) === "IHDR") {
    return sized("png", bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  }
  // JPEG: walk the markers to the first start-of-frame.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1];
      if (marker === 0xff) {
        at++;
        continue;
      }
      const length = bytes.readUInt16BE(at + 2);
      const startOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (startOfFrame) return sized("jpg", bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
      if (length < 2) return null;
      at += 2 + length;
    }
  }
  return null;
}

function sized(type: "png" | "jpg", width: number, height: number) {
  return width > 0 && height > 0 && width < 100_000 && height < 100_000 ? { type, width, height } : null;
}

/** A stored picture (base64, optionally a data URL) ready for the document; null when unusable. */
export function imageOf(base64: string | null | undefined): ExportImage | null {
  if (!base64) return null;
  const payload = base64.replace(/^data:[^,]*;base64,/i, "");
  const data = Buffer.from(payload, "base64");
  const size = imageSize(data);
  return size ? { data, ...size } : null;
}

/** The picture's size in pixels at 96 dpi, scaled down to fit `maxWidth` × `maxHeight`. */
export function fitted(image: Pick<ExportImage, "width" | "height">, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}
