/**
 * The one HTML sanitiser for all rich text (DESIGN.md principle 7: "rich text
 * is sanitised on save"). Every rich-text field goes through
 * `sanitizeRichText` before it is stored, so rendering it later with
 * `dangerouslySetInnerHTML` is safe. Keep the allow-list in step with the
 * editor toolbar (spec 01 §9: bold, italic, underline, lists, text colour and
 * background) — anything the editor cannot produce need not be allowed.
 */
import sanitizeHtml from "sanitize-html";

/** Only absolute web and mail links. Relative, javascript:, data: etc. lose their href. */
const SAFE_HREF = /^(?:https?:|mailto:)/i;

/** Colour values for inline styles: hex (3/4/6/8 digits) or rgb()/rgba() with numbers only. */
const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_COLOUR =
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:\d*\.?\d+%?)\s*)?\)$/i;
const COLOUR_STYLES = { color: [HEX_COLOUR, RGB_COLOUR], "background-color": [HEX_COLOUR, RGB_COLOUR] };

/** rel tokens that must be present on links opening a new tab (reverse-tabnabbing). */
const BLANK_REL = ["noopener", "noreferrer"];

/**
 * Normalises a link: drops unsafe hrefs, keeps target only when it is
 * "_blank", and then guarantees rel="noopener noreferrer" (keeping other
 * harmless tokens such as "nofollow" that the editor adds).
 */
function transformLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const next: sanitizeHtml.Attributes = {};
  const href = attribs.href?.trim();
  if (href && SAFE_HREF.test(href)) next.href = href;
  const relTokens = (attribs.rel ?? "").split(/\s+/).filter((token) => /^[a-z-]+$/i.test(token));
  if (attribs.target === "_blank") {
    next.target = "_blank";
    for (const token of BLANK_REL) if (!relTokens.includes(token)) relTokens.push(token);
  }
  if (relTokens.length > 0) next.rel = relTokens.join(" ");
  return { tagName, attribs: next };
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "s", "ol", "ul", "li", "a",
    "span", "mark", "h2", "h3", "blockquote", "code", "pre",
  ],
  allowedAttributes: { a: ["href", "target", "rel"], span: ["style"], mark: ["style"] },
  allowedStyles: { span: COLOUR_STYLES, mark: COLOUR_STYLES },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Pasted content often uses tags the editor does not: map them to the
  // nearest allowed one instead of gluing their words together.
  transformTags: {
    a: transformLink,
    div: "p",
    h1: "h2",
    h4: "h3",
    h5: "h3",
    h6: "h3",
  },
  // Content of these is code or foreign markup, never text for the reader.
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "noscript", "iframe", "object", "embed", "template", "title"],
  disallowedTagsMode: "discard",
};

/** Safe HTML for storage and rendering; "" for null/undefined/empty. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/** Block-level tags whose boundaries separate words ("<p>a</p><p>b</p>" → "a b"). */
const BLOCK_BOUNDARY =
  /<(?=\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|table|section|article|header|footer|hr)\b)/gi;

const ESCAPED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"' };

/**
 * Plain text for list previews and search indexes: tags removed, entities
 * decoded, whitespace collapsed. The result is TEXT, not HTML — render it as a
 * React text node, never with dangerouslySetInnerHTML.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  const spaced = html.replace(BLOCK_BOUNDARY, " <");
  // sanitize-html parses (decoding all entities) and re-escapes only & < > ";
  // undo exactly that escaping in one pass so "&amp;lt;" stays a literal "&lt;".
  const escaped = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: RICH_TEXT_OPTIONS.nonTextTags,
  });
  return escaped
    .replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ESCAPED[name])
    .replace(/\s+/g, " ")
    .trim();
}

/** Links of the user guide: pages of this app ("/…", not "//…"), anchors, and absolute web or mail links. */
const GUIDE_HREF = /^(?:\/(?!\/)|#|https?:|mailto:)/i;

const GUIDE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "p", "br", "hr", "strong", "em", "del", "code", "pre", "kbd", "blockquote",
    "ul", "ol", "li", "a", "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href"],
    th: [{ name: "align", multiple: false, values: ["left", "center", "right"] }],
    td: [{ name: "align", multiple: false, values: ["left", "center", "right"] }],
    ol: ["start"],
    kbd: [{ name: "translate", multiple: false, values: ["no"] }],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      const kept: sanitizeHtml.Attributes = {};
      if (href && GUIDE_HREF.test(href)) kept.href = href;
      return { tagName, attribs: kept };
    },
    // Key names are the same in every language: translation tools (and our language check) leave them.
    kbd: () => ({ tagName: "kbd", attribs: { translate: "no" } }),
    h5: "h4",
    h6: "h4",
  },
  nonTextTags: RICH_TEXT_OPTIONS.nonTextTags,
  disallowedTagsMode: "discard",
};

/**
 * The user guide's HTML (rendered from the Markdown in docs/guide): a stricter allow-list than
 * rich text — headings, lists, tables, code and key caps, links only to this app's pages or
 * the web; no attributes beyond a link's href, a table cell's alignment, a list's start and a key
 * cap's translate="no".
 */
export function sanitizeGuideHtml(html: string): string {
  return sanitizeHtml(html, GUIDE_OPTIONS);
}

const COMMENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "ul", "ol", "li", "a", "code"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Every link of a comment opens in a new tab, never with the app's window as its opener.
  transformTags: { a: (tagName, attribs) => transformLink(tagName, { ...attribs, target: "_blank", rel: "nofollow" }), b: "strong", i: "em" },
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "noscript", "iframe", "object", "embed", "template", "title"],
  disallowedTagsMode: "discard",
};

/** A comment's HTML (issue 36 §7): bold, italic, lists, links and inline code; nothing else. */
export function sanitizeCommentHtml(html: string): string {
  return sanitizeHtml(html, COMMENT_OPTIONS);
}
