/** Client-safe reading of stored markup (rich text, imported texts) as plain text. */

/** The entities stored markup uses, decoded (`&amp;` last, so "&amp;lt;" stays "&lt;"). */
function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Markup as the text a reader sees: block ends become line breaks, entities decoded. */
export function markupToText(html: string): string {
  return decodeEntities(html.replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, "\n").replace(/<[^>]+>/g, ""))
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The text of some HTML on one line: tags dropped (as spaces), entities decoded, white space collapsed. */
export function plainText(html: string | null | undefined): string {
  return decodeEntities((html ?? "").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}
