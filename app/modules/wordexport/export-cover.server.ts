import type { TFunction } from "i18next";
import { KEY_FIGURES, type FrameView, type SectionItem } from "~/modules/catalogframe/frame-types";
import { formatDate } from "~/lib/dates";
import type { ExportData } from "./export-data.server";
import { htmlToParagraphs } from "./html-to-docx.server";
import { STYLES } from "./export-package.server";
import { type BodyWriter, type Cell, paragraph, run, table, textParagraphs } from "./ooxml.server";

/**
 * The cover sheet (spec 02 §3, issue 17 §4): a title page, then the catalogue frame — introduction,
 * priorities, solution and deployment times (labelled as central European time, spec 01 §9),
 * key figures by their translated names, and the frame's sections with their paragraphs, tables
 * and matrices in their shared order. Its headings have no outline level, so the table of
 * contents that follows lists the catalogue itself.
 */

const text = (value: string, style?: string, extra: Parameters<typeof paragraph>[1] = {}) => paragraph(run(value), { style, ...extra });

/** The title page: what the document is, of which catalogue (or service), as of when, by whom. */
export function writeTitlePage(body: BodyWriter, data: ExportData, title: string, t: TFunction, language: string, now: Date, subtitleLine?: string): void {
  const frameTitle = data.frame?.title?.trim();
  body.add(text(t(data.scope === "service" ? "wordexport.doc.serviceSubtitle" : "wordexport.doc.subtitle"), STYLES.subtitle, { spacing: { before: 1800 } }));
  body.add(text(frameTitle || title, "Title"));
  if (frameTitle && frameTitle !== title) body.add(text(title, STYLES.subtitle));
  if (subtitleLine) body.add(text(subtitleLine, STYLES.subtitle));
  if (data.scope === "selection") body.add(text(t("wordexport.doc.excerptSelection"), STYLES.muted));
  else if (data.filtered) body.add(text(t("wordexport.doc.excerptFiltered"), STYLES.muted));
  if (data.framePicture) body.add(paragraph(body.picture(data.framePicture, 420, frameTitle || title), { spacing: { before: 240, after: 240 } }));
  body.add(text(t("wordexport.doc.asOf", { date: formatDate(now, language) }), STYLES.muted, { spacing: { before: 480 } }));
  const org = data.organisation;
  for (const line of [org.company, org.companyadditional]) if (line?.trim()) body.add(text(line.trim(), STYLES.muted, { spacing: { after: 0 } }));
}

/** Whether the frame has anything beyond its title and picture. */
export function frameHasContent(frame: FrameView | null): frame is FrameView {
  if (!frame) return false;
  const keyFigures = KEY_FIGURES.some((k) => frame.keyFigures[k]?.trim());
  return Boolean(frame.introduction?.trim() || frame.priorities.length || frame.solutionTimes.length || frame.deploymentTimes.length || keyFigures || frame.sections.length);
}

/** The frame after the title page, starting on a new page. */
export function writeFrame(body: BodyWriter, frame: FrameView, t: TFunction): void {
  const c = (key: string) => t(`wordexport.doc.columns.${key}`);
  let first = true;
  const chapter = (title: string) => {
    body.add(text(title, STYLES.cover, { pageBreakBefore: first }));
    first = false;
  };
  const intro = htmlToParagraphs(frame.introduction, body);
  if (intro) {
    chapter(t("wordexport.doc.introduction"));
    body.add(intro);
  }
  if (frame.priorities.length) {
    chapter(t("catalogframe.rows.priorities.title"));
    body.add(table([c("priority"), c("description"), c("impact")], frame.priorities.map((p) => [p.name, p.description, p.impact_example]), [1, 2, 2]));
  }
  if (frame.solutionTimes.length) {
    chapter(t("catalogframe.rows.solutionTimes.title"));
    body.add(table([c("priority"), c("reaction"), c("solution"), c("comment")], frame.solutionTimes.map((r) => [r.priority, r.reaction_time, r.solution_time, r.comment]), [2, 2, 2, 3]));
  }
  if (frame.deploymentTimes.length) {
    chapter(t("catalogframe.rows.deploymentTimes.title"));
    body.add(table([c("service"), c("deployment"), c("comment")], frame.deploymentTimes.map((r) => [r.name, r.deployment_time, r.comment]), [2, 2, 3]));
  }
  const figures = KEY_FIGURES.filter((k) => frame.keyFigures[k]?.trim());
  if (figures.length) {
    chapter(t("catalogframe.keyFigures.title"));
    body.add(table([c("figure"), c("value")], figures.map((k) => [t(`catalogframe.keyFigures.${k}`), frame.keyFigures[k]]), [1, 2]));
  }
  if (frame.solutionTimes.length || frame.deploymentTimes.length || figures.length) {
    body.add(text(t("wordexport.doc.cetNote"), STYLES.muted, { spacing: { before: 120, after: 0 } }));
    body.add(text(t("wordexport.doc.maintenanceNote"), STYLES.muted));
  }
  for (const section of frame.sections) {
    chapter(section.name);
    body.add(textParagraphs(section.description));
    for (const item of section.items) writeItem(body, item);
  }
}

function writeItem(body: BodyWriter, item: SectionItem): void {
  if (item.title?.trim()) body.add(text(item.title.trim(), STYLES.coverSub, { keepNext: true }));
  if (item.kind === "paragraph") {
    body.add(htmlToParagraphs(item.content, body));
  } else if (item.kind === "table") {
    if (item.headers.length) body.add(table(item.headers, item.rows.map((r) => r.values)));
  } else if (item.column_headers.length) {
    // A matrix: its column headers across the top, each row led by its row header (in bold).
    const rows: Cell[][] = item.row_headers.map((rowHeader, i) => [
      { xml: paragraph(run(rowHeader, { bold: true }), { style: STYLES.table }) },
      ...item.column_headers.map((_, j) => item.matrix_data[i]?.[j] ?? ""),
    ]);
    body.add(table(["", ...item.column_headers], rows));
  }
}
