import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { nulByteFilter, withoutNulBytes } from "~/server/nul-bytes.server";

/** Renders through React's node stream, optionally via the filter, and returns the bytes. */
function render(element: JSX.Element, filter: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        if (filter) pipe(nulByteFilter()).pipe(sink);
        else pipe(sink);
      },
      onShellError: reject,
    });
  });
}

// React copies short strings into a 2,048-byte buffer. Texts of two-byte umlauts, some shifted
// by one byte, make some "ü" start on a buffer's last byte, where it does not fit.
const straddling = (
  <div>
    {Array.from({ length: 100 }, (_, i) => (
      <p key={i}>{`${i % 2 ? "x" : ""}${"ü".repeat(300)}Prüfung`}</p>
    ))}
  </div>
);

describe("document stream without NUL bytes", () => {
  it("React 18 pads a chunk with NUL when a multi-byte character straddles its buffer (the bug this works around)", async () => {
    const raw = await render(straddling, false);
    expect(raw.includes(0)).toBe(true);
  });

  it("the filtered stream is the same markup with every umlaut intact", async () => {
    const filtered = await render(straddling, true);
    expect(filtered.includes(0)).toBe(false);
    const text = filtered.toString("utf8");
    expect(text).not.toContain("\ufffd");
    expect(text.match(/Prüfung/g)).toHaveLength(100);
    expect(text.match(/ü/g)).toHaveLength(100 * 301);
    const raw = (await render(straddling, false)).toString("utf8");
    expect(text).toBe(raw.replaceAll("\0", ""));
  });

  it("leaves chunks without NUL untouched and drops only the NUL bytes otherwise", () => {
    const clean = new Uint8Array([60, 112, 62]);
    expect(withoutNulBytes(clean)).toBe(clean);
    expect([...withoutNulBytes(new Uint8Array([0x50, 0, 0xc3, 0xbc, 0, 0]))]).toEqual([0x50, 0xc3, 0xbc]);
  });
});
