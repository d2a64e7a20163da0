import { Transform } from "node:stream";

/**
 * React 18's renderToPipeableStream pads a 2 KB chunk with NUL bytes when a multi-byte character
 * (ä, ö, ü, ß …) does not fit at its end (react#31134, fixed in React 19); browsers show each as
 * "�". Markup never needs a NUL byte, so the document stream drops them.
 */
export function withoutNulBytes(chunk: Uint8Array): Uint8Array {
  return chunk.indexOf(0) === -1 ? chunk : chunk.filter((byte) => byte !== 0);
}

export function nulByteFilter(): Transform {
  return new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      done(null, withoutNulBytes(chunk));
    },
  });
}
