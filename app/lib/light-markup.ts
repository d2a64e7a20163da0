/**
 * Light markup for rich text where no editor runs (issue 32 §12): the no-JS editor's textarea and
 * the services CSV. A blank line starts a new paragraph, a line starting with "- " is a list
 * item, any other line break is a line break. Everything typed is text: `<` and `&` are escaped,
 * so the markup cannot carry HTML; the result is sanitised on save like any rich text.
 * Client-safe and DOM-free: the server renders the textarea too (docs/decisions/0055).
 */

const ITEM = /^\s*-\s+/;

/**
 * The hidden field a no-JS rich-text textarea posts beside itself, naming the field that holds
 * light markup; `readFormData` converts that field to HTML before any action reads it.
 */
export const MARKUP_FIELD = "_markup";

/** Text holding a tag of rich text is HTML (typed by someone who knows it, an older CSV, a field shown as HTML). */
const RICH_TAG = /<\/?(?:p|ul|ol|li|h[1-6]|div|blockquote|pre|br|strong|em|b|i|u|s|span|a|mark|code)(?:\s[^>]*)?\/?>/i;

/** Light markup as HTML, or the text itself when it already is HTML (sanitised on save either way). */
export function markupOrHtml(text: string): string {
  return RICH_TAG.test(text) ? text : markupToHtml(text);
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The markup as HTML: paragraphs (`<br>` for single line breaks) and bulleted lists; "" for nothing. */
export function markupToHtml(markup: string): string {
  const blocks = markup.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/);
  let html = "";
  for (const block of blocks) {
    const lines = block.split("\n").map((line) => line.trim());
    let paragraph: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (paragraph.length) html += `<p>${paragraph.map(escapeText).join("<br>")}</p>`;
      if (items.length) html += `<ul>${items.map((item) => `<li>${escapeText(item)}</li>`).join("")}</ul>`;
      paragraph = [];
      items = [];
    };
    for (const line of lines) {
      if (line === "") continue;
      if (ITEM.test(line) || line === "-") {
        if (paragraph.length) flush();
        items.push(line.replace(ITEM, "").replace(/^-$/, ""));
      } else {
        if (items.length) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return html;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Tags that end a paragraph of the plain text (headings and quotes become paragraphs). */
const BLOCK = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "tr"]);
const LIST = new Set(["ul", "ol"]);

/**
 * Any HTML as light markup: paragraphs separated by a blank line, list items as "- " lines,
 * `<br>` as a line break; other tags are dropped and entities decoded. Formatting the markup
 * cannot express (bold, colours, links) is lost — for the editor see `isLightMarkupHtml`.
 */
export function htmlToMarkup(html: string | null | undefined): string {
  if (!html) return "";
  const blocks: string[] = [];
  let current = "";
  let inItem = false;
  const endBlock = () => {
    const text = current
      .split("\n")
      .map((line) => line.replace(/[ \t]+/g, " ").trim())
      .join("\n")
      .trim();
    if (text) blocks.push(inItem ? `- ${text.replace(/\n/g, " ")}` : text);
    current = "";
  };
  for (const token of html.split(/(<[^>]*>)/)) {
    const tag = /^<\s*(\/?)\s*([a-z][a-z0-9]*)/i.exec(token);
    if (!tag) {
      if (!token.startsWith("<")) current += decodeEntities(token.replace(/\s+/g, " "));
      continue;
    }
    const [, closing, rawName] = tag;
    const name = rawName.toLowerCase();
    if (name === "br") current += "\n";
    else if (name === "li") {
      endBlock();
      inItem = !closing;
    } else if (LIST.has(name)) {
      endBlock();
      inItem = false;
      blocks.push("");
    } else if (BLOCK.has(name) && !(inItem && name === "p")) endBlock();
  }
  endBlock();
  // List items stay on consecutive lines; every other block is a paragraph of its own.
  let markup = "";
  let previousItem = false;
  for (const block of blocks) {
    if (block === "") {
      previousItem = false;
      continue;
    }
    const item = block.startsWith("- ");
    if (markup) markup += item && previousItem ? "\n" : "\n\n";
    markup += block;
    previousItem = item;
  }
  return markup;
}

const SIMPLE_TAG = /^<\/?(?:p|ul|li|br)\s*\/?>$/i;

/**
 * Whether the HTML says nothing the markup cannot: only paragraphs, line breaks and one level of
 * bulleted list, without attributes (what `markupToHtml` writes; the editor's `<li><p>` too).
 * Such HTML is shown to the no-JS editor as markup; anything richer stays HTML there.
 */
export function isLightMarkupHtml(html: string | null | undefined): boolean {
  if (!html?.trim()) return true;
  let depth = 0;
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    if (!SIMPLE_TAG.test(tag)) return false;
    if (/^<ul/i.test(tag) && ++depth > 1) return false;
    if (/^<\/ul/i.test(tag)) depth--;
  }
  // Text may not sit in a list outside its items, a "- " paragraph would read back as an item,
  // and two line breaks in a row would read back as two paragraphs.
  return !/<\/?ul>\s*[^<\s]/i.test(html) && !/(?:^|<p>|<br\s*\/?>)\s*-(?:\s|&nbsp;)/i.test(html) && !/<br\s*\/?>\s*<br/i.test(html);
}
