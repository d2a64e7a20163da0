/**
 * The support mail's pure parts (client-safe, unit-tested): its subject from the host name, and
 * the plain-text version of the sanitised message.
 */

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * "{first label of the host name} Supportticket" (spec 01 §7): "acme.servicehub.example" →
 * "acme Supportticket", "localhost" → "localhost Supportticket". An IP address has no name to
 * take a label from, so it stays whole ("127.0.0.1", "::1").
 */
export function supportSubject(hostname: string): string {
  const host = hostname.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  const label = IPV4.test(host) || host.includes(":") ? host : host.split(".")[0];
  return `${label || "ServiceHub"} Supportticket`;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

const BLOCKS = new Set(["p", "li", "h2", "h3", "blockquote", "pre"]);

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]);
}

/**
 * Sanitised rich text as a mail's plain-text part: paragraphs and line breaks become lines, list
 * items "• …" or "1. …" (indented when nested), other tags vanish, empty lines are dropped. Reads only what the sanitiser
 * lets through (well-formed tags, entity-escaped text).
 */
export function richTextToMailText(html: string): string {
  const lists: { ordered: boolean; n: number }[] = [];
  const lines: string[] = [];
  let line = "";
  const breakLine = () => {
    if (line.trim()) lines.push(line.replace(/\s+$/, ""));
    line = "";
  };
  for (const token of html.split(/(<[^>]*>)/)) {
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(token);
    if (!tag) {
      const text = decode(token).replace(/\s+/g, " ");
      line += /(^|\s)$/.test(line) ? text.trimStart() : text;
      continue;
    }
    const closing = tag[1] === "/";
    const name = tag[2].toLowerCase();
    if (name === "ol" || name === "ul") {
      breakLine();
      if (closing) lists.pop();
      else lists.push({ ordered: name === "ol", n: 0 });
    } else if (name === "li" && !closing) {
      breakLine();
      const list = lists[lists.length - 1];
      line = `${"  ".repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${++list.n}.` : "•"} `;
    } else if (name === "br" || (closing && BLOCKS.has(name))) {
      // Only block ends break the line: the editor puts a <p> inside every list item.
      breakLine();
    }
  }
  breakLine();
  return lines.join("\n");
}

/** Whether sanitised rich text says anything at all (an empty paragraph or list does not). */
export function hasText(html: string): boolean {
  return decode(html.replace(/<[^>]*>/g, "")).trim() !== "";
}

/**
 * What the form posted, as rich text: the editor posts HTML; the textarea without JS may hold
 * plain text, whose lines would run together in HTML — so text without any tag becomes one
 * paragraph per line (escaped; the sanitiser runs afterwards either way).
 */
export function asRichText(input: string): string {
  if (/<\/?[a-z][^>]*>/i.test(input)) return input;
  const escape = (line: string) => line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join("");
}
