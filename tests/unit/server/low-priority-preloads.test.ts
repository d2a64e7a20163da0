import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { lowPriorityPreloads } from "~/server/low-priority-preloads.server";

/** Streams `chunks` through the transform and returns what comes out. */
async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    lowPriorityPreloads(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(out).toString("utf8");
}

const DOCUMENT =
  '<html><head><link rel="stylesheet" href="/assets/styles.css"/></head><body><h1>Übersicht – Größe</h1>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<script type="module">import "/assets/entry.client.js";</script></body></html>';
const EXPECTED = DOCUMENT.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("low-priority module preloads in the document stream", () => {
  it("marks every module preload low and leaves the rest of the document as it was", async () => {
    expect(await through([Buffer.from(DOCUMENT)])).toBe(EXPECTED);
  });

  it("finds a tag cut between two chunks at any byte, umlauts included", async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
    }
  });

  it("passes a document that ends inside a tag's first letters unchanged", async () => {
    expect(await through([Buffer.from("<p>a</p><link rel=\"module")])).toBe('<p>a</p><link rel="module');
  });
});
