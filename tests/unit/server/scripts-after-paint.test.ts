import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { scriptsAfterPaint } from "~/server/scripts-after-paint.server";

/** Streams `chunks` through the transform and returns what comes out. */
async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    scriptsAfterPaint(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(out).toString("utf8");
}

// The module script's code with what could break out of a string or a <script> once it is one:
// quotes, backslashes, "<" (Remix writes "</script>" and "<!--" escaped), umlauts, a line separator.
const MODULE_CODE =
  ';\nimport * as route0 from "/assets/root.js";\nwindow.__remixManifest = {"title":"Größe \\"x\\" a<b \u2028"};\nimport("/assets/entry.client.js");';
const HEAD = '<html><head><link rel="stylesheet" href="/assets/styles.css"/></head><body><h1>Übersicht – Größe</h1>';
const SCRIPTS =
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<script nonce="abc">window.__remixContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${MODULE_CODE}</script>`;
const TAIL = '</body></html><script nonce="abc">window.__remixContext.streamController.close();</script>';
const DOCUMENT = HEAD + SCRIPTS + TAIL;

/** What the starter script is called with: the module script's code and the modules it imports. */
function starterArguments(output: string): [code: string, last: string[]] {
  const call = /<script nonce="abc">\(function \(code, last\)[\s\S]*?\}\)\(("(?:[^"\\]|\\.)*"), (\[[^\]]*\])\)<\/script>/.exec(output);
  if (!call) throw new Error("no starter script");
  return [JSON.parse(call[1]) as string, JSON.parse(call[2]) as string[]];
}

describe("scripts start after the first paint", () => {
  it("holds the module preloads and turns the module script into a starter; the rest is unchanged", async () => {
    const output = await through([Buffer.from(DOCUMENT)]);
    expect(output.startsWith(HEAD)).toBe(true);
    expect(output.endsWith(TAIL)).toBe(true);
    // No fetch starts from the markup: neither a module preload nor a module script is left.
    expect(output).not.toContain('<link rel="modulepreload"');
    expect(output).not.toMatch(/<script[^>]*type="module"/);
    expect(output).toContain('<link data-module-href="/assets/entry.client.js"/><link data-module-href="/assets/root.js"/>');
    expect(output).toContain('<script nonce="abc">window.__remixContext = {};</script>');
    const [code, last] = starterArguments(output);
    expect(code).toBe(MODULE_CODE);
    // The route modules and the entry (which hydrates) are left to the module script.
    expect(last).toEqual(["/assets/root.js", "/assets/entry.client.js"]);
    // The code cannot end its <script> element early.
    const starter = output.slice(output.indexOf("(function (code, last)"), output.lastIndexOf(TAIL));
    expect(starter.match(/<\/script>/g)).toHaveLength(1);
    expect(starter).not.toContain("<b");
  });

  it("gives the same document whichever byte the stream is cut at", async () => {
    const bytes = Buffer.from(DOCUMENT);
    const whole = await through([bytes]);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
  });

  it("passes a document without a module script unchanged", async () => {
    const page = HEAD + '<link rel="modulepreload" href="/assets/root.js"/></body></html>';
    expect(await through([Buffer.from(page)])).toBe(page);
    expect(await through([Buffer.from('<p>a</p><link rel="module')])).toBe('<p>a</p><link rel="module');
  });
});
