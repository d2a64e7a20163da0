import type { ExportImage } from "./export-image.server";
import { fitted } from "./export-image.server";

/**
 * The body of the exported document as WordprocessingML text. docx's object model costs about
 * fifty bytes of memory per byte of XML (measured: 2 GB and 11 s for 1,000 full services), so
 * the body — nearly all of the document — is written here as strings, in the shapes docx itself
 * writes; docx still makes the package around it (export-package.server.ts). What the body refers
 * to is collected on the way: hyperlink and picture relationships, pictures, lists (numbering),
 * and the headings for the table of contents.
 */

// Characters XML 1.0 does not allow: Word refuses a document containing one.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as Word can store it: characters XML forbids removed. */
export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, "");
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
/** Text or an attribute value, escaped. */
export function esc(text: string): string {
  return xmlSafe(text).replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

export interface RunFormat {
  /** A character style (e.g. "Hyperlink"). */
  style?: string;
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** Monospace (code). */
  code?: boolean;
  /** RRGGBB. */
  color?: string;
  /** RRGGBB background (shading, so any colour works, not only Word's highlight colours). */
  background?: string;
}

function runProperties(f: RunFormat): string {
  let p = "";
  if (f.style) p += `<w:rStyle w:val="${f.style}"/>`;
  if (f.code) p += `<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas" w:cs="Consolas"/>`;
  if (f.bold) p += "<w:b/><w:bCs/>";
  if (f.italics) p += "<w:i/><w:iCs/>";
  if (f.strike) p += "<w:strike/>";
  if (f.color) p += `<w:color w:val="${f.color}"/>`;
  if (f.underline) p += `<w:u w:val="single"/>`;
  if (f.background) p += `<w:shd w:val="clear" w:color="auto" w:fill="${f.background}"/>`;
  return p ? `<w:rPr>${p}</w:rPr>` : "";
}

/** A run of text (empty text gives nothing). */
export function run(text: string, format: RunFormat = {}): string {
  if (!text) return "";
  return `<w:r>${runProperties(format)}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
}

/** A line break inside a paragraph. */
export function lineBreak(format: RunFormat = {}): string {
  return `<w:r>${runProperties(format)}<w:br/></w:r>`;
}

export interface ParagraphProps {
  style?: string;
  keepNext?: boolean;
  pageBreakBefore?: boolean;
  numbering?: { id: number; level: number };
  spacing?: { before?: number; after?: number };
  /** Left indent in twentieths of a point. */
  indent?: number;
  alignment?: "left" | "center" | "right";
}

/** A paragraph holding the given runs (an empty one when there are none). */
export function paragraph(content: string, props: ParagraphProps = {}): string {
  let p = "";
  if (props.style) p += `<w:pStyle w:val="${props.style}"/>`;
  if (props.keepNext) p += "<w:keepNext/>";
  if (props.pageBreakBefore) p += "<w:pageBreakBefore/>";
  if (props.numbering) p += `<w:numPr><w:ilvl w:val="${props.numbering.level}"/><w:numId w:val="${props.numbering.id}"/></w:numPr>`;
  if (props.spacing) {
    const { before, after } = props.spacing;
    p += `<w:spacing${before !== undefined ? ` w:before="${before}"` : ""}${after !== undefined ? ` w:after="${after}"` : ""}/>`;
  }
  if (props.indent) p += `<w:ind w:left="${props.indent}"/>`;
  if (props.alignment) p += `<w:jc w:val="${props.alignment}"/>`;
  return `<w:p>${p ? `<w:pPr>${p}</w:pPr>` : ""}${content}</w:p>`;
}

/** Plain text as one paragraph per line (empty lines dropped); "" for no text. */
export function textParagraphs(text: string | null | undefined, props: ParagraphProps = {}): string {
  if (!text) return "";
  let out = "";
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed) out += paragraph(run(trimmed), props);
  }
  return out;
}

/** How wide a table is and its cells look (A4 with 2 cm margins). */
export const TEXT_WIDTH = 11_906 - 2 * 1_134;
const TEXT_WIDTH_PX = Math.floor((TEXT_WIDTH / 1440) * 96);
const EMU_PER_PX = 9_525;
const RULE = "B8C4BD";
const HEADER_FILL = "E6EFE9";
const TABLE_STYLE = "TableText";

/** A cell: paragraphs' XML, or plain text (a paragraph per line). */
export type Cell = { xml: string } | string | null | undefined;

function cellXml(content: Cell, header: boolean): string {
  let inner: string;
  if (content && typeof content === "object") inner = content.xml;
  else if (header) inner = paragraph(run(content ?? "", { bold: true }), { style: TABLE_STYLE, keepNext: true });
  else inner = textParagraphs(content, { style: TABLE_STYLE });
  return inner || paragraph("", { style: TABLE_STYLE });
}

const BORDER = `w:val="single" w:sz="4" w:space="0" w:color="${RULE}"`;
const TABLE_PROPERTIES_TAIL =
  `<w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/><w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders>` +
  `<w:tblLayout w:type="fixed"/><w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="100" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="100" w:type="dxa"/></w:tblCellMar>`;

/**
 * A table over the text width with a header row repeated on every page; `weights` share the width
 * between the columns. Rows shorter than the header are padded, longer ones cut.
 */
export function table(headers: Cell[], rows: Cell[][], weights: number[] = headers.map(() => 1)): string {
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => Math.floor((TEXT_WIDTH * w) / total));
  let xml = `<w:tbl><w:tblPr><w:tblW w:w="${TEXT_WIDTH}" w:type="dxa"/>${TABLE_PROPERTIES_TAIL}</w:tblPr><w:tblGrid>`;
  for (const w of widths) xml += `<w:gridCol w:w="${w}"/>`;
  xml += "</w:tblGrid><w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>";
  headers.forEach((h, i) => {
    xml += `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/><w:shd w:val="clear" w:color="auto" w:fill="${HEADER_FILL}"/></w:tcPr>${cellXml(h, true)}</w:tc>`;
  });
  xml += "</w:tr>";
  for (const row of rows) {
    xml += "<w:tr>";
    headers.forEach((_, i) => {
      xml += `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/></w:tcPr>${cellXml(row[i], false)}</w:tc>`;
    });
    xml += "</w:tr>";
  }
  // Word glues two tables in a row into one: a paragraph after each keeps them apart.
  return `${xml}</w:tbl>${paragraph("", { spacing: { after: 80 } })}`;
}

export interface Relationship {
  id: string;
  type: "hyperlink" | "image";
  target: string;
}

/**
 * Writes the body to `sink` in pieces of a few hundred kilobytes (a catalogue's body is tens of
 * megabytes; it is never held as one string) and collects what it refers to.
 */
export class BodyWriter {
  readonly relationships: Relationship[] = [];
  readonly media: { name: string; data: Uint8Array }[] = [];
  /** numId → ordered; numId 1 is the one bullet list every bullet paragraph shares. */
  readonly lists: boolean[] = [false];
  private pending = "";
  private linkIds = new Map<string, string>();
  private bookmarks = 0;
  private drawings = 0;

  /**
   * `tocLevels`: headings up to this level are bookmarked `_Toc1`, `_Toc2`, … in order, the
   * anchors the table of contents links to (0: no table of contents).
   */
  constructor(
    private readonly sink: (xml: string) => void,
    private readonly tocLevels = 0,
  ) {}

  add(xml: string): void {
    if (!xml) return;
    this.pending += xml;
    if (this.pending.length > 262_144) this.flush();
  }

  /** Hands what is pending to the sink (call once more at the end). */
  flush(): void {
    if (this.pending) this.sink(this.pending);
    this.pending = "";
  }

  /** The relationship id of a web or mail link (one per distinct address). */
  link(url: string): string {
    let id = this.linkIds.get(url);
    if (!id) {
      id = `rIdShL${this.linkIds.size + 1}`;
      this.linkIds.set(url, id);
      this.relationships.push({ id, type: "hyperlink", target: url });
    }
    return id;
  }

  /** A new list: its numId. Every ordered list starts at 1 again; bullet lists share one. */
  list(ordered: boolean): number {
    if (!ordered) return 1;
    this.lists.push(true);
    return this.lists.length;
  }

  /** A heading in Word's Heading n style; bookmarked for the table of contents up to `tocLevels`. */
  heading(text: string, level: number, props: ParagraphProps = {}): void {
    let content = run(text);
    if (level <= this.tocLevels) {
      const id = ++this.bookmarks;
      content = `<w:bookmarkStart w:id="${id}" w:name="_Toc${id}"/>${content}<w:bookmarkEnd w:id="${id}"/>`;
    }
    this.add(paragraph(content, { ...props, style: `Heading${level}` }));
  }

  /** A picture as a run, scaled down to fit; `description` is its alternative text. */
  picture(image: ExportImage, maxHeightPx: number, description: string): string {
    const n = ++this.drawings;
    const name = `sh-image${n}.${image.type === "jpg" ? "jpeg" : "png"}`;
    const id = `rIdShI${n}`;
    this.media.push({ name, data: image.data });
    this.relationships.push({ id, type: "image", target: `media/${name}` });
    const size = fitted(image, TEXT_WIDTH_PX, maxHeightPx);
    const cx = size.width * EMU_PER_PX;
    const cy = size.height * EMU_PER_PX;
    return (
      `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
      `<wp:docPr id="${n}" name="${name}" descr="${esc(description)}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
      `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${n}" name="${name}" descr="${esc(description)}"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
      `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
    );
  }

  /**
   * The table of contents: a TOC field Word fills in (with page numbers) when it updates the
   * document's fields on opening, written with its entries already — the headings that will
   * follow, in order (`_Toc1`, `_Toc2`, … as heading() bookmarks them) — so it is never empty,
   * neither before the update nor in programs that do not update fields.
   */
  tableOfContents(title: string, entries: { level: number; text: string }[]): void {
    const levels = Math.max(1, this.tocLevels);
    const begin =
      `<w:r><w:fldChar w:fldCharType="begin" w:dirty="true"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-${levels}" \\h \\z \\u </w:instrText></w:r>` +
      `<w:r><w:fldChar w:fldCharType="separate"/></w:r>`;
    const end = `<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    this.add(`<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent>`);
    this.add(paragraph(run(title), { style: "CoverHeading", pageBreakBefore: true }));
    if (!entries.length) this.add(paragraph(begin + end, { style: "TOC1" }));
    entries.forEach((entry, i) => {
      const link = `<w:hyperlink w:anchor="_Toc${i + 1}" w:history="1">${run(entry.text)}</w:hyperlink>`;
      this.add(paragraph((i === 0 ? begin : "") + link + (i === entries.length - 1 ? end : ""), { style: `TOC${Math.min(9, entry.level)}` }));
    });
    this.add("</w:sdtContent></w:sdt>");
  }
}

/** numbering.xml for the writer's lists: one bullet definition, one ordered definition (decimal, a., i.). */
export function numberingXml(lists: boolean[]): string {
  const ORDERED = ["decimal", "lowerLetter", "lowerRoman"];
  const BULLETS = ["•", "◦", "▪"];
  const levels = (ordered: boolean) =>
    Array.from({ length: 9 }, (_, i) => {
      const format = ordered ? ORDERED[i % 3] : "bullet";
      const text = ordered ? `%${i + 1}.` : BULLETS[i % 3];
      return `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${720 * (i + 1)}" w:hanging="360"/></w:pPr></w:lvl>`;
    }).join("");
  let xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
    `<w:abstractNum w:abstractNumId="1"><w:multiLevelType w:val="hybridMultilevel"/>${levels(false)}</w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="2"><w:multiLevelType w:val="hybridMultilevel"/>${levels(true)}</w:abstractNum>`;
  lists.forEach((ordered, i) => {
    const restart = ordered ? `<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>` : "";
    xml += `<w:num w:numId="${i + 1}"><w:abstractNumId w:val="${ordered ? 2 : 1}"/>${restart}</w:num>`;
  });
  return `${xml}</w:numbering>`;
}
