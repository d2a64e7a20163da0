import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks the document's module preloads `fetchpriority="low"` (docs/decisions/0041-first-paint.md).
 * Every page is complete and works without JS, so the stylesheet and the document go first on a
 * slow line and the scripts (hydration, comfort) follow. Remix's <Scripts> takes no priority for
 * the preloads it writes, so the document stream sets it; a tag cut between two chunks is held
 * back until the next one.
 */
export function lowPriorityPreloads(): Transform {
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // latin1 maps every byte to one character and back: multi-byte UTF-8 passes unchanged.
      const text = (held + chunk.toString("latin1")).replaceAll(PRELOAD, LOW);
      let keep = Math.min(text.length, PRELOAD.length - 1);
      while (keep > 0 && !PRELOAD.startsWith(text.slice(text.length - keep))) keep--;
      held = text.slice(text.length - keep);
      done(null, Buffer.from(text.slice(0, text.length - keep), "latin1"));
    },
    flush(done) {
      done(null, held ? Buffer.from(held, "latin1") : null);
    },
  });
}
