import { Parser } from "htmlparser2";
import { lineBreak, paragraph, run, xmlSafe, type RunFormat } from "./ooxml.server";

/**
 * Rich text (the editor's HTML, spec 01 §9: bold, italic, underline, ordered and bullet lists,
 * text colour and background, links) as Word paragraphs. The converter is its own allow-list:
 * only the tags below become formatting, any other tag is dropped with its text kept, the text of
 * script/style-like tags is dropped, and only http(s)/mailto links become hyperlinks — so stored
 * HTML need not be sanitised again first (a second sanitize-html pass over 1,000 services would
 * cost more than the conversion). Malformed HTML is repaired by htmlparser2 (implied end tags).
 */

/** Paragraph styles of rich text (defined in export-package.server.ts). */
export const RICH_STYLES = { h2: "RichHeading2", h3: "RichHeading3", quote: "RichQuote", code: "RichCode" } as const;

/** What the converter needs from the document: link relationships and list numbering. */
export interface RichTarget {
  /** The relationship id of an external link. */
  link(url: string): string;
  /** A new list's numbering id. */
  list(ordered: boolean): number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+%?)\s*,\s*([\d.]+%?)\s*,\s*([\d.]+%?)\s*(?:,\s*[\d.]+%?\s*)?\)$/i;

/** A CSS colour of the editor (hex or rgb()) as Word's RRGGBB; null for anything else. */
export function wordColour(value: string | undefined | null): string | null {
  const css = value?.trim();
  if (!css) return null;
  const hex = HEX.exec(css);
  if (hex) {
    const digits = hex[1].length <= 4 ? [...hex[1].slice(0, 3)].map((d) => d + d).join("") : hex[1].slice(0, 6);
    return digits.toUpperCase();
  }
  const rgb = RGB.exec(css);
  if (rgb) {
    const channel = (v: string) => {
      const n = v.endsWith("%") ? (Number(v.slice(0, -1)) * 255) / 100 : Number(v);
      return Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, "0");
    };
    return (channel(rgb[1]) + channel(rgb[2]) + channel(rgb[3])).toUpperCase();
  }
  return null;
}

/** The colour and background of an inline `style` attribute. */
function styleColours(style: string | undefined): { color: string | null; background: string | null } {
  let color: string | null = null;
  let background: string | null = null;
  for (const declaration of (style ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1);
    if (property === "color") color = wordColour(value) ?? color;
    else if (property === "background-color" || property === "background") background = wordColour(value) ?? background;
  }
  return { color, background };
}

const SAFE_HREF = /^(?:https?:|mailto:)/i;
/** Tags whose content is never text for the reader. */
const SKIPPED = new Set(["script", "style", "textarea", "option", "xmp", "noscript", "iframe", "object", "embed", "template", "title", "head"]);
const BLOCKS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "li", "ul", "ol", "table", "tr", "section", "article", "header", "footer"]);
/** A mark without a colour of its own: the editor's default highlight. */
const MARK_DEFAULT = "FFF59D";

function formatOf(name: string, attributes: Record<string, string>): RunFormat {
  switch (name) {
    case "strong":
    case "b":
      return { bold: true };
    case "em":
    case "i":
      return { italics: true };
    case "u":
      return { underline: true };
    case "s":
    case "strike":
    case "del":
      return { strike: true };
    case "code":
      return { code: true };
    case "span":
    case "mark": {
      const { color, background } = styleColours(attributes.style);
      const format: RunFormat = {};
      if (color) format.color = color;
      if (background) format.background = background;
      else if (name === "mark") format.background = MARK_DEFAULT;
      return format;
    }
    default:
      return {};
  }
}

export interface ConvertOptions {
  /** Paragraph style of ordinary text (e.g. a table cell's smaller text). */
  style?: string;
}

/**
 * The HTML as WordprocessingML paragraphs ("" for empty or whitespace-only HTML). Lists become
 * Word lists (nested up to nine levels; a further paragraph of an item is indented like it).
 */
export function htmlToParagraphs(html: string | null | undefined, target: RichTarget, options: ConvertOptions = {}): string {
  if (!html || !html.trim()) return "";
  let out = "";
  const formats: { tag: string; format: RunFormat }[] = [];
  const lists: { numId: number }[] = [];
  const items: { numbered: boolean }[] = [];
  const blockTags: string[] = [];
  let runs = "";
  let hasText = false;
  /** Whether the last written character was whitespace (collapses spaces across tags). */
  let spaced = true;
  let link: { id: string; runs: string } | null = null;
  let skipDepth = 0;
  let preDepth = 0;

  const current = (): RunFormat => {
    const f: RunFormat = {};
    for (const frame of formats) Object.assign(f, frame.format);
    if (link) f.style = "Hyperlink";
    return f;
  };
  const blockStyle = (): string | undefined => {
    for (let i = blockTags.length - 1; i >= 0; i--) {
      const tag = blockTags[i];
      if (tag === "h1" || tag === "h2") return RICH_STYLES.h2;
      if (tag === "h3" || tag === "h4" || tag === "h5" || tag === "h6") return RICH_STYLES.h3;
      if (tag === "blockquote") return RICH_STYLES.quote;
      if (tag === "pre") return RICH_STYLES.code;
    }
    return options.style;
  };
  // Text of one format is gathered into one run (htmlparser2 reports text in pieces, e.g. around entities).
  let text = "";
  let textFormat: RunFormat = {};
  const write = (xml: string) => {
    if (link) link.runs += xml;
    else runs += xml;
  };
  const endText = () => {
    if (text) write(run(text, textFormat));
    text = "";
  };
  const push = (xml: string) => {
    endText();
    write(xml);
  };
  const closeLink = () => {
    endText();
    const open = link;
    link = null;
    if (open?.runs) runs += `<w:hyperlink r:id="${open.id}" w:history="1">${open.runs}</w:hyperlink>`;
  };
  const flush = () => {
    endText();
    if (link) {
      // A link never spans paragraphs: it ends here and carries on (same address) in the next one.
      const id = link.id;
      closeLink();
      link = { id, runs: "" };
    }
    if (hasText) {
      const list = lists[lists.length - 1];
      const item = items[items.length - 1];
      const level = Math.min(8, Math.max(0, lists.length - 1));
      if (list && item && !item.numbered) {
        item.numbered = true;
        out += paragraph(runs, { style: options.style, numbering: { id: list.numId, level } });
      } else if (list) {
        out += paragraph(runs, { style: options.style, indent: 720 * (level + 1) });
      } else {
        out += paragraph(runs, { style: blockStyle() });
      }
    }
    runs = "";
    hasText = false;
    spaced = true;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        endText();
        if (skipDepth || SKIPPED.has(name)) {
          skipDepth++;
          return;
        }
        if (BLOCKS.has(name)) {
          flush();
          blockTags.push(name);
        }
        if (name === "pre") preDepth++;
        if (name === "ul" || name === "ol") lists.push({ numId: target.list(name === "ol") });
        else if (name === "li") items.push({ numbered: false });
        else if (name === "br") {
          if (hasText) push(lineBreak());
          spaced = true;
        } else if (name === "a") {
          const href = xmlSafe(attributes.href?.trim() ?? "");
          if (href && SAFE_HREF.test(href)) {
            if (link) closeLink();
            link = { id: target.link(href), runs: "" };
          }
        }
        formats.push({ tag: name, format: formatOf(name, attributes) });
        textFormat = current();
      },
      ontext(raw) {
        if (skipDepth) return;
        let piece = raw;
        if (!preDepth) {
          piece = piece.replace(/\s+/g, " ");
          if (spaced) piece = piece.replace(/^ /, "");
          if (!piece) return;
          spaced = piece.endsWith(" ");
          text += piece;
        } else {
          piece.split("\n").forEach((line, i) => {
            if (i > 0) push(lineBreak(textFormat));
            text += line;
          });
        }
        if (piece.trim()) hasText = true;
      },
      onclosetag(name) {
        if (skipDepth) {
          skipDepth--;
          return;
        }
        endText();
        // htmlparser2 reports implied end tags too, so opening and closing always pair up.
        const index = formats.map((f) => f.tag).lastIndexOf(name);
        if (index >= 0) formats.splice(index, 1);
        if (name === "a" && link) closeLink();
        if (name === "pre") preDepth = Math.max(0, preDepth - 1);
        if (BLOCKS.has(name)) {
          flush();
          const at = blockTags.lastIndexOf(name);
          if (at >= 0) blockTags.splice(at, 1);
        }
        if (name === "li") items.pop();
        else if (name === "ul" || name === "ol") lists.pop();
        textFormat = current();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (link) closeLink();
  flush();
  return out;
}
