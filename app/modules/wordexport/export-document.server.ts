import type { TFunction } from "i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { frameHasContent, writeFrame, writeTitlePage } from "./export-cover.server";
import type { ExportData, ExportService } from "./export-data.server";
import { STYLES, packExport } from "./export-package.server";
import { writeService, type ServiceContext } from "./export-service.server";
import { htmlToParagraphs } from "./html-to-docx.server";
import { type BodyWriter, paragraph, run } from "./ooxml.server";

/**
 * The Word document of an export: title page and catalogue frame, a table of contents, then
 * areas › categories › services as Heading 1/2/3 (categories are Heading 1 while the area level
 * is switched off), the organisation's address and "page x of y" in the footer. One service is
 * a small document of its own: title page, then the service.
 */

export interface BuildOptions {
  t: TFunction;
  language: string;
  now?: Date;
}

/** The document's title: the catalogue's (spec 01 §2 rules), or the one service's name. */
export function exportTitle(data: ExportData, t: TFunction): string {
  return data.scope === "service" && data.services[0] ? data.services[0].name : catalogueTitle(t, data.catalogue);
}

function serviceContext(data: ExportData, t: TFunction, language: string): ServiceContext {
  return {
    t,
    headlines: data.headlines,
    hidden: data.hidden,
    level: data.scope === "service" ? 1 : data.areaActive ? 3 : 2,
    currency: new Intl.NumberFormat(language === "en" ? "en-GB" : "de-DE", { style: "currency", currency: "EUR" }),
  };
}

/** Writes the document's body. */
export function writeBody(body: BodyWriter, data: ExportData, { t, language, now = new Date() }: BuildOptions): void {
  const catalogue = catalogueTitle(t, data.catalogue);
  const ctx = serviceContext(data, t, language);
  if (data.scope === "service") {
    const service = data.services[0];
    writeTitlePage(body, data, exportTitle(data, t), t, language, now, breadcrumb(data, catalogue, t));
    if (service) {
      body.add(paragraph("", { pageBreakBefore: true }));
      writeService(body, service, ctx);
    }
    return;
  }
  writeTitlePage(body, data, catalogue, t, language, now);
  if (frameHasContent(data.frame)) writeFrame(body, data.frame, t);
  // The table of contents comes first but lists what follows: the same walk, headings only.
  const entries: { level: number; text: string }[] = [];
  walkCatalogue(data, t, ctx.level, { heading: (text, level) => entries.push({ text, level }) });
  body.tableOfContents(t("wordexport.doc.contents"), entries);
  walkCatalogue(data, t, ctx.level, {
    heading: (text, level, first) => body.heading(text, level, first ? { pageBreakBefore: true } : { keepNext: true }),
    description: (html) => body.add(htmlToParagraphs(html, body)),
    service: (service) => writeService(body, service, ctx),
  });
  if (!data.services.length) body.add(paragraph(run(t("catalogue.noServices")), { style: STYLES.muted }));
}

/** Catalogue › area › category of the one exported service. */
function breadcrumb(data: ExportData, catalogue: string, t: TFunction): string {
  const service = data.services[0];
  if (!service) return catalogue;
  const category = data.categories.find((c) => c.id === service.category_id);
  const area = category?.areaId != null ? data.areas.find((a) => a.id === category.areaId) : undefined;
  return [catalogue, data.areaActive ? area?.name : undefined, category?.name ?? t("catalogue.uncategorised")].filter(Boolean).join(" › ");
}

interface CatalogueVisitor {
  /** A heading of an area, category or service; `first`: it starts a top-level part. */
  heading(text: string, level: number, first: boolean): void;
  description?(html: string | null): void;
  service?(service: ExportService): void;
}

/**
 * Areas › categories › services, each top-level part from a new page. Categories without an area
 * come under "Ohne Bereich", services without a category under "Ohne Kategorie", last.
 */
function walkCatalogue(data: ExportData, t: TFunction, serviceLevel: number, visit: CatalogueVisitor): void {
  const categoryOf = new Map(data.categories.map((c) => [c.id, c]));
  const areaOf = new Map(data.areas.map((a) => [a.id, a]));
  let part: string | null = null;
  let currentCategory: number | null = null;
  for (const service of data.services) {
    const category = service.category_id !== null ? categoryOf.get(service.category_id) : undefined;
    if (data.areaActive) {
      const area = category?.areaId != null ? areaOf.get(category.areaId) : undefined;
      const key = category ? `area:${area?.id ?? "none"}` : "uncategorised";
      if (key !== part) {
        part = key;
        currentCategory = null;
        visit.heading(category ? (area?.name ?? t("catalogue.noArea")) : t("catalogue.uncategorised"), 1, true);
        if (area) visit.description?.(area.description);
      }
      if (category && category.id !== currentCategory) {
        currentCategory = category.id;
        visit.heading(category.name, 2, false);
        visit.description?.(category.description);
      }
    } else {
      const key = category ? `category:${category.id}` : "uncategorised";
      if (key !== part) {
        part = key;
        visit.heading(category?.name ?? t("catalogue.uncategorised"), 1, true);
        if (category) visit.description?.(category.description);
      }
    }
    // The service's own heading is written by writeService; the headings-only walk notes it here.
    if (visit.service) visit.service(service);
    else visit.heading(service.name, serviceLevel, false);
  }
}

/** The finished .docx file of an export, in pieces (see packExport). */
export function buildExport(data: ExportData, options: BuildOptions): Promise<Uint8Array[]> {
  const { t, language } = options;
  const title = exportTitle(data, t);
  const org = data.organisation;
  const place = [org.zipcode, org.city].filter((v) => v?.trim()).join(" ");
  const address = [org.company, org.street, place, org.country]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(" · ");
  const info = {
    language,
    title,
    description: t(data.scope === "service" ? "wordexport.doc.serviceSubtitle" : "wordexport.doc.subtitle"),
    header: title,
    footer: address,
    pageLabel: t("wordexport.doc.page"),
    ofLabel: t("wordexport.doc.of"),
  };
  return packExport(info, (body) => writeBody(body, data, options), data.scope === "service" ? 0 : serviceContext(data, t, language).level);
}
