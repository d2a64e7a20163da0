import { AlignmentType, BorderStyle, Document, Footer, Header, Packer, PageNumber, Paragraph, Tab, TabStopType, TextRun, type IStylesOptions } from "docx";
import { Zip, ZipDeflate, ZipPassThrough, unzipSync } from "fflate";
import { BodyWriter, TEXT_WIDTH, esc, numberingXml, xmlSafe } from "./ooxml.server";
import { RICH_STYLES } from "./html-to-docx.server";

/**
 * The .docx package. docx (a maintained, typed library) writes every part but the body: styles
 * (Word's own Title, Heading 1–9, TOC 1–9, Hyperlink, list paragraph, plus ours), settings (fields
 * are updated on opening, which fills in the table of contents' page numbers), header and footer
 * with the page fields, document properties, theme and content types. The body comes from
 * BodyWriter: it replaces a placeholder paragraph in docx's document.xml, its hyperlink and
 * picture relationships join docx's, its lists get their numbering.xml, its pictures their media
 * files. The body is deflated chunk by chunk, never held as one string.
 */

const ACCENT = "1F5C3A";
const MUTED = "5F6B66";
const RULE = "B8C4BD";
const PAGE = { width: 11_906, height: 16_838, margin: 1_134 } as const;
const PLACEHOLDER = "SERVICEHUB-BODY-7f3c2a";

/** Paragraph styles of the export besides Word's Title, Heading n and TOC n. */
export const STYLES = {
  ...RICH_STYLES,
  cover: "CoverHeading",
  coverSub: "CoverSubheading",
  subtitle: "Subtitle",
  muted: "Muted",
  table: "TableText",
  footer: "Footer",
} as const;

function documentStyles(language: string): IStylesOptions {
  const heading = (size: number, before: number, color = ACCENT) => ({
    run: { font: "Calibri", size, bold: true, color },
    paragraph: { spacing: { before, after: 120 }, keepNext: true, keepLines: true },
  });
  return {
    default: {
      document: {
        run: { font: "Calibri", size: 22, language: { value: language === "en" ? "en-GB" : "de-DE" } },
        paragraph: { spacing: { after: 120, line: 276 } },
      },
      title: { run: { font: "Calibri", size: 56, bold: true, color: ACCENT }, paragraph: { spacing: { before: 0, after: 240 } } },
      heading1: heading(36, 360),
      heading2: heading(30, 300),
      heading3: heading(26, 240, "222222"),
      heading4: heading(22, 200, MUTED),
      heading5: heading(22, 160, MUTED),
      listParagraph: { paragraph: { spacing: { after: 60 } } },
    },
    paragraphStyles: [
      // Cover-sheet headings look like headings but have no outline level: the table of contents lists the catalogue only.
      { id: STYLES.cover, name: "Cover Heading", basedOn: "Normal", next: "Normal", quickFormat: true, ...heading(32, 360) },
      { id: STYLES.coverSub, name: "Cover Subheading", basedOn: "Normal", next: "Normal", quickFormat: true, ...heading(24, 240, "222222") },
      { id: STYLES.subtitle, name: "Subtitle", basedOn: "Normal", next: "Normal", run: { size: 28, color: MUTED }, paragraph: { spacing: { after: 120 } } },
      { id: STYLES.muted, name: "Muted", basedOn: "Normal", next: "Normal", run: { size: 20, color: MUTED }, paragraph: { spacing: { after: 120 } } },
      { id: STYLES.table, name: "Table Text", basedOn: "Normal", next: "Normal", run: { size: 20 }, paragraph: { spacing: { before: 20, after: 40, line: 252 } } },
      { id: STYLES.footer, name: "Footer", basedOn: "Normal", run: { size: 16, color: MUTED }, paragraph: { spacing: { after: 0 } } },
      { id: RICH_STYLES.h2, name: "Text Heading", basedOn: "Normal", next: "Normal", run: { size: 24, bold: true }, paragraph: { spacing: { before: 160, after: 80 }, keepNext: true } },
      { id: RICH_STYLES.h3, name: "Text Subheading", basedOn: "Normal", next: "Normal", run: { size: 22, bold: true }, paragraph: { spacing: { before: 120, after: 60 }, keepNext: true } },
      {
        id: RICH_STYLES.quote,
        name: "Text Quote",
        basedOn: "Normal",
        next: "Normal",
        run: { italics: true, color: MUTED },
        paragraph: { indent: { left: 567 }, border: { left: { style: BorderStyle.SINGLE, size: 12, color: RULE, space: 8 } } },
      },
      { id: RICH_STYLES.code, name: "Text Code", basedOn: "Normal", next: "Normal", run: { font: "Consolas", size: 19 }, paragraph: { spacing: { after: 0 } } },
    ],
  };
}

export interface PackageInfo {
  language: string;
  title: string;
  description: string;
  /** Top right of every page but the first. */
  header: string;
  /** The organisation's address, left in every footer. */
  footer: string;
  pageLabel: string;
  ofLabel: string;
}

function footer(info: PackageInfo, withPage: boolean): Footer {
  const page = withPage ? [new TextRun({ children: [new Tab(), `${info.pageLabel} `, PageNumber.CURRENT, ` ${info.ofLabel} `, PageNumber.TOTAL_PAGES] })] : [];
  return new Footer({
    children: [
      new Paragraph({
        style: STYLES.footer,
        tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
        border: { top: { style: BorderStyle.SINGLE, size: 4, color: RULE, space: 4 } },
        children: [new TextRun(xmlSafe(info.footer)), ...page],
      }),
    ],
  });
}

/** docx's document around a placeholder paragraph. */
function skeleton(info: PackageInfo): Document {
  return new Document({
    creator: "ServiceHub",
    title: xmlSafe(info.title),
    description: xmlSafe(info.description),
    styles: documentStyles(info.language),
    features: { updateFields: true },
    sections: [
      {
        properties: {
          page: { size: { width: PAGE.width, height: PAGE.height }, margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin } },
          titlePage: true,
        },
        headers: {
          default: new Header({ children: [new Paragraph({ style: STYLES.footer, alignment: AlignmentType.RIGHT, children: [new TextRun(xmlSafe(info.header))] })] }),
          first: new Header({ children: [] }),
        },
        footers: { default: footer(info, true), first: footer(info, false) },
        children: [new Paragraph({ children: [new TextRun(PLACEHOLDER)] })],
      },
    ],
  });
}

const decoder = new TextDecoder();
const encode = (text: string) => Buffer.from(text, "utf8");
const REL_TYPES = {
  hyperlink: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink",
  image: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image",
} as const;

/**
 * The finished .docx, as the zip's pieces in order (joined, they are the file; a response can send
 * them as they are): docx's package, with the body `write` produces streamed into document.xml
 * (deflated as it comes), then the body's relationships, lists and pictures.
 */
export async function packExport(info: PackageInfo, write: (body: BodyWriter) => void, tocLevels = 0): Promise<Uint8Array[]> {
  const files = unzipSync(new Uint8Array(await Packer.toBuffer(skeleton(info))));
  const documentXml = decoder.decode(files["word/document.xml"]);
  const marker = documentXml.indexOf(PLACEHOLDER);
  const start = documentXml.lastIndexOf("<w:p>", marker);
  const end = documentXml.indexOf("</w:p>", marker) + "</w:p>".length;
  if (marker < 0 || start < 0 || end < start) throw new Error("docx wrote the placeholder paragraph in an unexpected shape");

  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else chunks.push(data);
  });
  const deflated = (path: string, data: Uint8Array) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(data, true);
  };

  const document = new ZipDeflate("word/document.xml", { level: 6 });
  zip.add(document);
  document.push(encode(documentXml.slice(0, start)));
  const body = new BodyWriter((xml) => document.push(encode(xml)), tocLevels);
  write(body);
  body.flush();
  document.push(encode(documentXml.slice(end)), true);

  const LATER = new Set(["word/document.xml", "word/_rels/document.xml.rels", "word/numbering.xml"]);
  for (const [path, data] of Object.entries(files)) if (!LATER.has(path)) deflated(path, data);
  const rels = decoder.decode(files["word/_rels/document.xml.rels"]);
  const extra = body.relationships
    .map((r) => `<Relationship Id="${r.id}" Type="${REL_TYPES[r.type]}" Target="${esc(r.target)}"${r.type === "hyperlink" ? ` TargetMode="External"` : ""}/>`)
    .join("");
  deflated("word/_rels/document.xml.rels", encode(rels.replace("</Relationships>", `${extra}</Relationships>`)));
  deflated("word/numbering.xml", encode(numberingXml(body.lists)));
  for (const { name, data } of body.media) {
    const entry = new ZipPassThrough(`word/media/${name}`);
    zip.add(entry);
    entry.push(data, true);
  }
  zip.end();
  if (failure) throw failure;
  return chunks;
}
