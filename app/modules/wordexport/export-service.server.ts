import type { TFunction } from "i18next";
import { NOTHING_HIDDEN, type MaskHidden } from "~/modules/masks/masks-schema";
import { DETAIL_GROUPS, PERSONAL_FLAG_FIELDS, PERSONAL_TEXT_FIELDS, RICH_FIELDS } from "~/modules/service/service-sections";
import type { ExportService } from "./export-data.server";
import { STYLES } from "./export-package.server";
import { htmlToParagraphs } from "./html-to-docx.server";
import { type BodyWriter, type Cell, paragraph, run, table } from "./ooxml.server";

/**
 * One service as the service page shows it (spec 01 §3), every filled field under its service
 * headline (custom text, else the built-in one in the reader's language), in the page's order:
 * the four texts, options, attributes, responsibilities, dependencies, costs and details, tags,
 * links, then owners/providers/service levels and personal data. What the service's attribute
 * masks hide is left out, as on the page; empty fields and sections are left out altogether.
 */

export interface ServiceContext {
  t: TFunction;
  headlines: Record<number, string>;
  hidden: Map<number, MaskHidden>;
  /** The service name's heading level; its sections are one below. */
  level: number;
  currency: Intl.NumberFormat;
}

export function writeService(body: BodyWriter, service: ExportService, ctx: ServiceContext): void {
  const { t } = ctx;
  const hidden = (service.category_id !== null && ctx.hidden.get(service.category_id)) || NOTHING_HIDDEN;
  const shows = (section: string) => !hidden.sections.includes(section);
  const visible = (field: string) => !hidden.fields.includes(field);
  const headline = (position: number) => ctx.headlines[position] ?? t(`service.headlines.${position}`);
  const field = (key: string) => t(`service.fields.${key}`);
  const yes = t("service.yes");
  const labelHeaders = [t("wordexport.doc.columns.field"), t("wordexport.doc.columns.value")];
  const labelTable = (rows: [string, Cell][]) => table(labelHeaders, rows, [1, 2]);

  body.heading(service.name, ctx.level, { keepNext: true });
  const facts = [
    t("wordexport.doc.facts", { type: t(`catalogue.type.${service.servicetype}`), status: t(`catalogue.status.${service.status}`) }),
    ...(service.status !== "closed" ? [`${service.statuspercent} %`] : []),
    ...(service.servicechangeplanned ? [field("servicechangeplanned")] : []),
  ];
  body.add(paragraph(run(facts.join(" · ")), { style: STYLES.muted }));
  if (service.picture) body.add(paragraph(body.picture(service.picture, 240, service.name)));

  let written = false;
  const section = (title: string, xml: string) => {
    if (!xml) return;
    body.heading(title, Math.min(9, ctx.level + 1), { keepNext: true });
    body.add(xml);
    written = true;
  };

  RICH_FIELDS.forEach((name, index) => {
    if (shows(name) && visible(name)) section(headline(index + 1), htmlToParagraphs(service[name], body));
  });

  if (shows("options") && service.options.length) {
    const o = (key: string) => t(`servicechildren.options.${key}`);
    const cellStyle = { style: STYLES.table };
    const rows: Cell[][] = service.options.map((option) => [
      option.name,
      option.art_nr,
      { xml: htmlToParagraphs(option.short_description, body, cellStyle) + htmlToParagraphs(option.description, body, cellStyle) },
      ctx.currency.format(option.costs),
    ]);
    section(headline(5), table([o("name"), o("artNr"), o("description"), o("costs")], rows, [3, 2, 6, 2]));
  }

  const attributes = service.attributes.filter((a) => !hidden.attributes.includes(a.id));
  if (shows("attributes") && attributes.length) {
    section(headline(6), table([t("wordexport.doc.columns.attribute"), t("wordexport.doc.columns.value")], attributes.map((a) => [a.designation, a.value]), [1, 2]));
  }

  if (shows("responsibilities") && service.responsibilities.length) {
    const r = (key: string) => t(`servicechildren.responsibilities.${key}`);
    const no = t("service.no");
    section(headline(7), table([r("description"), r("client"), r("it")], service.responsibilities.map((x) => [x.description, x.client ? yes : no, x.it ? yes : no]), [6, 1, 1]));
  }

  if (shows("dependencies") && service.requires.length) {
    const list = body.list(false);
    const items = service.requires.map((name) => paragraph(run(name), { numbering: { id: list, level: 0 } })).join("");
    section(headline(8), paragraph(run(t("service.dependencies.requires")), { style: STYLES.muted, keepNext: true }) + items);
  }

  if (shows("cost")) {
    const rows: [string, Cell][] = [];
    for (const group of DETAIL_GROUPS) {
      for (const name of group.texts) if (visible(name) && service[name]?.trim()) rows.push([field(name), service[name]]);
      for (const name of group.flags) if (visible(name) && service[name]) rows.push([field(name), yes]);
    }
    if (rows.length) section(headline(9), labelTable(rows));
  }

  if (shows("tags") && service.tags.length) section(headline(10), paragraph(run(service.tags.join(", "))));

  if (shows("links") && service.links.length) {
    const list = body.list(false);
    const items = service.links.map((url) => {
      const trimmed = url.trim();
      const content = /^(?:https?:|mailto:)/i.test(trimmed) ? `<w:hyperlink r:id="${body.link(trimmed)}" w:history="1">${run(trimmed, { style: "Hyperlink" })}</w:hyperlink>` : run(trimmed);
      return paragraph(content, { numbering: { id: list, level: 0 } });
    });
    section(headline(11), items.join(""));
  }

  const relations: [string, Cell][] = [];
  if (service.owners.length) relations.push([field("owners"), service.owners.join("\n")]);
  if (service.providers.length) relations.push([field("providers"), service.providers.join("\n")]);
  if (service.kpis.length) relations.push([field("kpis"), service.kpis.join("\n")]);
  if (relations.length) section(t("service.sections.relations"), labelTable(relations));

  const personal: [string, Cell][] = [];
  for (const name of PERSONAL_FLAG_FIELDS) if (visible(name) && service[name]) personal.push([field(name), yes]);
  for (const name of PERSONAL_TEXT_FIELDS) if (visible(name) && service[name]?.trim()) personal.push([field(name), service[name]]);
  if (personal.length) section(t("service.sections.personaldata"), labelTable(personal));

  if (!written) body.add(paragraph(run(t("service.empty")), { style: STYLES.muted }));
}
