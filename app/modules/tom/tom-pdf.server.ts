import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { TOM_TEXT_DE, type TomText } from "./tom-text.de";

/**
 * Renders the T.O.M. text as an A4 PDF with pdfkit: a title page (heading, preamble, contents),
 * the sections with headings, paragraphs and bullet points, bookmarks, and "Seite x von y" on
 * every page. DejaVu Sans is embedded (subset): pdfkit's built-in fonts know WinAnsi only and
 * would garble "≥" and the like (STACK.md).
 */

/** Bumped when the layout changes, so stored generated PDFs are made again (see tomSourceVersion). */
const LAYOUT_VERSION = 1;

const FONT_FILES = { regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf", bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" } as const;

let fontCache: { regular: Buffer; bold: Buffer } | null = null;

/** The two TTF files, read once per process from the installed package. */
function fonts() {
  if (!fontCache) {
    const require = createRequire(import.meta.url);
    fontCache = {
      regular: fs.readFileSync(require.resolve(FONT_FILES.regular)),
      bold: fs.readFileSync(require.resolve(FONT_FILES.bold)),
    };
  }
  return fontCache;
}

/** Identifies the text and layout a generated PDF was made from: a change regenerates it. */
export function tomSourceVersion(text: TomText = TOM_TEXT_DE): string {
  return crypto.createHash("sha256").update(`${LAYOUT_VERSION}\n${JSON.stringify(text)}`).digest("hex").slice(0, 16);
}

const MARGIN = { top: 64, bottom: 72, left: 64, right: 64 };
const COLOUR = { text: "#1a1a1a", muted: "#555555", accent: "#1c5d99", rule: "#c8d3de" };
const BODY = { size: 10.5, lineGap: 2.5 };

export async function generateTomPdf(text: TomText = TOM_TEXT_DE): Promise<Buffer> {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    lang: "de-DE",
    displayTitle: true,
    info: { Title: text.title, Subject: text.subject, Keywords: text.keywords, Author: "ServiceHub", Creator: "ServiceHub" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  doc.registerFont("body", regular);
  doc.registerFont("bold", bold);
  doc.addPage();
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;
  const paragraph = (value: string, gap = 8) => {
    doc.font("body").fontSize(BODY.size).fillColor(COLOUR.text).text(value, MARGIN.left, doc.y, { width, lineGap: BODY.lineGap, paragraphGap: gap });
  };

  // Title page.
  doc.y = MARGIN.top + 60;
  doc.font("bold").fontSize(11).fillColor(COLOUR.accent).text("T.O.M.");
  doc.moveDown(0.6);
  doc.font("bold").fontSize(24).fillColor(COLOUR.text).text(text.title, { width, lineGap: 4 });
  doc.moveDown(0.3);
  doc.font("body").fontSize(14).fillColor(COLOUR.muted).text(text.subtitle, { width });
  doc.moveDown(1.2);
  doc.font("body").fontSize(BODY.size).fillColor(COLOUR.text).text(text.provider, { width });
  doc.fillColor(COLOUR.muted).text(text.status, { width });
  doc.moveDown(1);
  rule(doc, width);
  doc.moveDown(1);
  for (const value of text.preamble) paragraph(value);
  doc.moveDown(1);
  doc.font("bold").fontSize(13).fillColor(COLOUR.accent).text(text.contentsHeading, MARGIN.left, doc.y, { width });
  doc.moveDown(0.4);
  for (const section of text.sections) {
    doc.font("body").fontSize(BODY.size).fillColor(COLOUR.text).text(section.heading, MARGIN.left + 8, doc.y, { width: width - 8, lineGap: 3 });
  }

  // The sections, starting on a page of their own.
  doc.addPage();
  for (const section of text.sections) {
    // A heading never stands alone at the bottom of a page: it needs room for a few lines after it.
    doc.font("bold").fontSize(13);
    const headingHeight = doc.heightOfString(section.heading, { width });
    if (doc.y + headingHeight + 60 > bottom()) doc.addPage();
    else if (doc.y > MARGIN.top + 1) doc.moveDown(0.8);
    doc.outline.addItem(section.heading);
    doc.fillColor(COLOUR.accent).text(section.heading, MARGIN.left, doc.y, { width, paragraphGap: 6 });
    for (const value of section.paragraphs) paragraph(value, 6);
    doc.font("body").fontSize(BODY.size).fillColor(COLOUR.text);
    doc.list([...section.bullets], MARGIN.left, doc.y, {
      width,
      lineGap: BODY.lineGap,
      paragraphGap: 4,
      bulletRadius: 2,
      bulletIndent: 6,
      textIndent: 14,
      listType: "bullet",
    });
  }
  doc.moveDown(1);
  for (const value of text.closing) paragraph(value);

  footer(doc, text, width);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function rule(doc: PDFKit.PDFDocument, width: number) {
  doc.save().moveTo(MARGIN.left, doc.y).lineTo(MARGIN.left + width, doc.y).lineWidth(0.75).strokeColor(COLOUR.rule).stroke().restore();
}

/** "Seite x von y" and the title on every page, written once the page count is known. */
function footer(doc: PDFKit.PDFDocument, text: TomText, width: number) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: pdfkit would otherwise start a new page for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 44;
    doc.save().moveTo(MARGIN.left, y - 8).lineTo(MARGIN.left + width, y - 8).lineWidth(0.5).strokeColor(COLOUR.rule).stroke().restore();
    doc.font("body").fontSize(8.5).fillColor(COLOUR.muted);
    doc.text(text.title, MARGIN.left, y, { width: width / 2, lineBreak: false });
    const label = text.footer.replace("{page}", String(i - start + 1)).replace("{pages}", String(count));
    doc.text(label, MARGIN.left + width / 2, y, { width: width / 2, align: "right", lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}
