import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload" href="';
/** Without rel and href a link does nothing (and, unlike a preload without href, draws no warning). */
const HELD_PRELOAD = '<link data-module-href="';
/** Remix's route-module script, the last of <Scripts>: its imports start every module's fetch. */
const MODULE_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Starts the page's scripts once the browser has painted it (docs/decisions/0042-scripts-after-paint.md).
 * Runs where Remix's module script stood, as a classic script with its nonce. Once the browser
 * reports the first paint (at once in a hidden tab, which paints nothing) it
 * 1. turns the held links back into module preloads, a few per task (each fetch it starts costs
 *    the main thread a little);
 * 2. evaluates the shared modules one per task, in the preloads' order (evaluated in one go, a
 *    page's 500 KB of modules kept a phone's main thread busy for a third of a second);
 * 3. appends Remix's module script: the route modules, then the entry, which hydrates.
 * Element for element the document stays what React hydrates: the links keep their place, the
 * script is still a script, the module script comes last in <body>, where React 18 ignores nodes
 * it did not render.
 */
const STARTER = `(function (code, last) {
  var d = document, nonce = d.currentScript.nonce, started = false;
  var links = Array.prototype.slice.call(d.querySelectorAll("link[data-module-href]"));
  var hrefs = links.map(function (l) { return l.getAttribute("data-module-href"); });
  // A new task for what comes next (a message, not a timer: chained timers are slowed to 4 ms).
  var channel = new MessageChannel(), queue = [];
  channel.port1.onmessage = function () { queue.shift()(); };
  function later(f) { queue.push(f); channel.port2.postMessage(0); }
  function start() {
    if (started) return;
    started = true;
    preload(0);
  }
  function preload(i) {
    links.slice(i, i + 8).forEach(function (l, j) { l.href = hrefs[i + j]; l.rel = "modulepreload"; });
    later(i + 8 < links.length ? function () { preload(i + 8); } : function () { evaluate(0); });
  }
  function evaluate(i) {
    if (i >= hrefs.length) return run();
    if (last.indexOf(hrefs[i]) >= 0) return evaluate(i + 1);
    import(hrefs[i]).catch(function () {}).then(function () { later(function () { evaluate(i + 1); }); });
  }
  function run() {
    var s = d.createElement("script");
    s.type = "module";
    s.nonce = nonce;
    s.textContent = code;
    d.body.appendChild(s);
  }
  function go() { later(start); }
  if (d.visibilityState === "hidden") return start();
  // The paint as the browser reports it: on a busy machine the frame reaches the screen well after
  // requestAnimationFrame has run. A second after the first frame at the latest, or when the tab
  // is hidden (a hidden tab reports no paint).
  var P = window.PerformanceObserver;
  if (!P || !P.supportedEntryTypes || P.supportedEntryTypes.indexOf("paint") < 0) return requestAnimationFrame(go);
  new P(function (list, observer) { observer.disconnect(); go(); }).observe({ type: "paint", buffered: true });
  requestAnimationFrame(function () { setTimeout(go, 1000); });
  d.addEventListener("visibilitychange", go);
})`;

/** The modules the module script itself imports (route modules, the entry): evaluated last, by it. */
const importedBy = (code: string) => [...code.matchAll(/(?:from |import\()"([^"]+)"/g)].map((m) => m[1]);

/** A value as a JS literal that cannot end the <script> element it sits in. */
const scriptString = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * Every page is complete and works without JS, so on a slow line its stylesheet and first paint
 * should not share the line with 500 KB of scripts. Remix's <Scripts> starts all module fetches as
 * soon as the parser reaches them, before the stylesheet has arrived; this document-stream
 * transform holds them until the first paint. Everything from the first module preload to the end
 * of the module script is held back (a few KB); the rest streams through.
 */
export function scriptsAfterPaint(): Transform {
  let held = "";
  let holding = false;
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // latin1 maps every byte to one character and back: multi-byte UTF-8 passes unchanged.
      let text = held + chunk.toString("latin1");
      held = "";
      if (done) return callback(null, chunk);
      if (!holding) {
        const at = text.indexOf(PRELOAD);
        if (at < 0) {
          // Hold back a tail that could be the first letters of a preload cut between chunks.
          let keep = Math.min(text.length, PRELOAD.length - 1);
          while (keep > 0 && !PRELOAD.startsWith(text.slice(text.length - keep))) keep--;
          held = text.slice(text.length - keep);
          return callback(null, Buffer.from(text.slice(0, text.length - keep), "latin1"));
        }
        holding = true;
        const before = text.slice(0, at);
        text = text.slice(at);
        if (before) this.push(Buffer.from(before, "latin1"));
      }
      const match = MODULE_SCRIPT.exec(text);
      if (!match) {
        held = text;
        return callback();
      }
      done = true;
      const end = match.index + match[0].length;
      const rewritten =
        text.slice(0, match.index).replaceAll(PRELOAD, HELD_PRELOAD) +
        `<script${match[1]}>${STARTER}(${scriptString(match[2])}, ${scriptString(importedBy(match[2]))})</script>` +
        text.slice(end);
      callback(null, Buffer.from(rewritten, "latin1"));
    },
    flush(callback) {
      // A document without a module script (or cut short) goes out as it came.
      callback(null, held ? Buffer.from(held, "latin1") : null);
    },
  });
}
