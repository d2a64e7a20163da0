import { unzipSync } from "fflate";
import { createInstance, type TFunction } from "i18next";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import mammoth from "mammoth";
import { beforeAll, describe, expect, it } from "vitest";
import { serverConfig as i18nConfig } from "~/i18n/i18next.server";
import { DEFAULT_QUERY } from "~/modules/catalogue/catalogue-query";
import { loadExport, type ExportScope } from "~/modules/wordexport/export-data.server";
import { TooManyServicesError } from "~/server/errors.server";
import { buildExport } from "~/modules/wordexport/export-document.server";
import { factories } from "../../factories";
import { PNG } from "../../support/helpers";
import { useTestDb } from "../../support/test-db";

// The Word export's document (issue 17 §5): what a catalogue, a filter, a selection and one
// service export hold — cover sheet, table of contents, areas › categories › services with every
// filled field, masks respected, the organisation in the footer — read back by mammoth and from
// the package's XML; and that the number of queries does not grow with the services.
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
const i18n = createInstance();
let de: TFunction;
let en: TFunction;

const ids = {} as {
  catalogue: number;
  area: number;
  areaCategory: number;
  looseCategory: number;
  full: number;
  masked: number;
  uncategorised: number;
  binned: number;
  foreign: number;
};

async function exported(scope: ExportScope, t1 = de, language = "de") {
  const data = await loadExport(t.db, scope);
  if (!data) throw new Error("nothing to export");
  const buffer = Buffer.concat(await buildExport(data, { t: t1, language, now: new Date("2026-11-25T10:00:00Z") }));
  const html = (await mammoth.convertToHtml({ buffer })).value;
  const files = unzipSync(new Uint8Array(buffer));
  const text = (path: string) => new TextDecoder().decode(files[path]);
  return { data, buffer, html, files, text };
}

const headings = (html: string, level: number) => [...html.matchAll(new RegExp(`<h${level}>(?:<a id="[^"]*"></a>)?(.*?)</h${level}>`, "g"))].map((m) => m[1]);

beforeAll(async () => {
  await i18n.init({ ...i18nConfig, lng: "de" });
  de = i18n.getFixedT("de", "common");
  en = i18n.getFixedT("en", "common");

  ids.catalogue = await make.catalogue({ title: "Exportkatalog" });
  const other = await make.catalogue({ title: "Anderer Katalog" });
  ids.area = await make.area(ids.catalogue, { name: "Arbeitsplatz", description: "<p>Alles rund um den <strong>Arbeitsplatz</strong>.</p>" });
  ids.areaCategory = await make.category(ids.catalogue, { name: "Notebooks", service_area_id: ids.area });
  ids.looseCategory = await make.category(ids.catalogue, { name: "Lose Kategorie" });
  const owner = await make.owner({ name: "Team Arbeitsplatz" });
  const provider = await make.provider({ name: "Provider AG" });
  const kpi = await make.kpi({ name: "Verfügbarkeit 99 %" });
  const tag = await make.tag({ name: "Standard" });
  const attribute = await make.attribute({ designation: "Betriebsmodell" });

  ids.masked = await make.service(ids.catalogue, ids.looseCategory, { name: "Maskierter Dienst", art_nr: "AN-VERSTECKT", options: ["Versteckte Option"], position: 0 });
  ids.full = await make.service(ids.catalogue, ids.areaCategory, {
    name: "Notebook-Bereitstellung",
    status: "closed",
    statuspercent: 100,
    servicetype: "customer",
    short_description: "<p>Kurz und <strong>fett</strong>.</p>",
    description: '<p>Mit <em>kursiv</em>, <u>unterstrichen</u> und <span style="color: #c0392b">rot</span>, <a href="https://example.com/hilfe">Hilfe</a>.</p><ol><li>Eins</li><li>Zwei</li></ol>',
    art_nr: "NB-001",
    costs: "12 € im Monat",
    processingpersonaldata: 1,
    personaldata: "Name, E-Mail",
    options: [{ name: "Option Alpha", art_nr: "OA-1", costs: 12.5, short_description: "<p>Mit <strong>Extras</strong></p>" }, "Option Beta"],
    responsibilities: [{ description: "Bestellen", client: 1, it: 0 }],
    links: ["https://intranet.example.com/notebooks"],
    owners: [owner],
    providers: [provider],
    kpis: [kpi],
    tags: [tag],
    dependsOn: [ids.masked],
    position: 0,
  });
  await make.attributeValue(ids.full, attribute, { text: "Im eigenen Rechenzentrum" });
  ids.uncategorised = await make.service(ids.catalogue, null, { name: "Dienst ohne Kategorie" });
  ids.binned = await make.service(ids.catalogue, ids.areaCategory, { name: "Gelöschter Dienst", deleted_at: new Date().toISOString() });
  ids.foreign = await make.service(other, null, { name: "Fremder Dienst" });

  await t.db.updateTable("service_headlines").set({ headline_text_custom: "Zusatzoptionen" }).where("position", "=", 5).execute();
  await make.mask({ name: "Ohne Optionen", target_model: "category", target_id: ids.looseCategory, hidden_attributes: JSON.stringify(["section:options", "field:art_nr"]) });
  await t.db.deleteFrom("customer_data").execute();
  await make.customerData({ company: "Export GmbH", street: "Hauptstraße 1", zipcode: "12345", city: "Musterstadt", country: "Deutschland" });

  const now = new Date().toISOString();
  await make.frame(ids.catalogue, {
    title: "Deckblatt Titel",
    introduction: "<p>Unser <strong>Versprechen</strong>.</p>",
    picture: PNG.toString("base64"),
    picture_mime: "image/png",
    priorities: JSON.stringify([{ name: "Kritisch", description: "Alles steht", impact_example: "Kein Login" }]),
    solution_times: JSON.stringify([{ priority: "Kritisch", reaction_time: "1 h", solution_time: "4 h", comment: "rund um die Uhr" }]),
    deployment_times: JSON.stringify([]),
    key_figures: JSON.stringify({ service_time: "Mo–Fr 7–18 Uhr" }),
    created_at: now,
    updated_at: now,
  });
  const section = await make.section(ids.catalogue, { name: "Rahmen", type: "Section", position: 0, created_at: now, updated_at: now });
  await make.paragraph(section, { title: "Grundsatz", content: "<p>Wir <em>helfen</em>.</p>", position: 0, global_position: 0, created_at: now, updated_at: now });
  await make.table(section, { title: "Kontakte", headers: JSON.stringify(["Rolle", "Telefon"]), position: 0, global_position: 1, created_at: now, updated_at: now, rows: [["Service Desk", "0800 1"]] });
  await make.matrix(section, { title: "Matrix", row_headers: JSON.stringify(["Planung"]), column_headers: JSON.stringify(["Kunde", "IT"]), matrix_data: JSON.stringify([["A", "R"]]), position: 0, global_position: 2, created_at: now, updated_at: now });
});

describe("a whole catalogue", () => {
  it("has the cover sheet, a table of contents and every live service of the catalogue under its area and category", async () => {
    const { html, data } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: null });
    expect(data.services.map((s) => s.id)).toEqual([ids.full, ids.masked, ids.uncategorised]);
    // Cover sheet: the frame's title, introduction, priorities, times labelled CET, key figures, sections.
    expect(html).toContain("<p>Deckblatt Titel</p>");
    expect(html).toContain("<p>Exportkatalog</p>");
    expect(html).toContain("Unser <strong>Versprechen</strong>.");
    expect(html).toContain("<p>Kritisch</p>");
    expect(html).toContain("<p><strong>Reaktionszeit (MEZ)</strong></p>");
    expect(html).toContain("<p>Servicezeit</p></td><td><p>Mo–Fr 7–18 Uhr</p>");
    expect(html).toContain("mitteleuropäischer Zeit");
    expect(html).toContain("mindestens drei Arbeitstage im Voraus");
    expect(html).toContain("<p>Grundsatz</p><p>Wir <em>helfen</em>.</p>");
    expect(html).toContain("<td><p>Service Desk</p></td><td><p>0800 1</p></td>");
    expect(html).toContain("<td><p><strong>Planung</strong></p></td><td><p>A</p></td><td><p>R</p></td>");
    expect(html).toMatch(/<img alt="Deckblatt Titel" src="data:image\/png;base64,/);
    // The table of contents lists areas, categories and services and links to their headings.
    const toc = html.slice(html.indexOf("<p>Inhaltsverzeichnis</p>"), html.indexOf("<h1>"));
    expect([...toc.matchAll(/<a href="#_Toc\d+">(.*?)<\/a>/g)].map((m) => m[1])).toEqual([
      "Arbeitsplatz",
      "Notebooks",
      "Notebook-Bereitstellung",
      "Ohne Bereich",
      "Lose Kategorie",
      "Maskierter Dienst",
      "Ohne Kategorie",
      "Dienst ohne Kategorie",
    ]);
    expect(headings(html, 1)).toEqual(["Arbeitsplatz", "Ohne Bereich", "Ohne Kategorie"]);
    expect(headings(html, 2)).toEqual(["Notebooks", "Lose Kategorie"]);
    expect(headings(html, 3)).toEqual(["Notebook-Bereitstellung", "Maskierter Dienst", "Dienst ohne Kategorie"]);
    expect(html).toContain("Alles rund um den <strong>Arbeitsplatz</strong>.");
    expect(html).not.toContain("Gelöschter Dienst");
    expect(html).not.toContain("Fremder Dienst");
  });

  it("writes every filled field of a service under its headline, options and responsibilities as tables", async () => {
    const { html } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: null });
    const service = html.slice(html.indexOf("<h3><a id"), html.indexOf("Maskierter Dienst</h3>"));
    expect(service).toContain("<p>Business Service · Status: Abgenommen</p>");
    expect(headings(service, 4)).toEqual([
      "Kurzbeschreibung",
      "Beschreibung",
      "Zusatzoptionen",
      "Attribute",
      "Verantwortlichkeiten",
      "Abhängigkeiten",
      "Kosten",
      "Tags",
      "Links",
      "Zuständigkeiten und Service-Level",
      "Personenbezogene Daten",
    ]);
    expect(service).toContain("Kurz und <strong>fett</strong>.");
    expect(service).toContain('Mit <em>kursiv</em>, unterstrichen und rot, <a href="https://example.com/hilfe">Hilfe</a>.');
    expect(service).toContain("<ol><li>Eins</li><li>Zwei</li></ol>");
    expect(service).toContain("<tr><td><p>Option Alpha</p></td><td><p>OA-1</p></td><td><p>Mit <strong>Extras</strong></p></td><td><p>12,50\u00a0€</p></td></tr>");
    expect(service).toContain("<td><p>Option Beta</p></td>");
    expect(service).toContain("<tr><td><p>Bestellen</p></td><td><p>Ja</p></td><td><p>Nein</p></td></tr>");
    expect(service).toContain("<td><p>Betriebsmodell</p></td><td><p>Im eigenen Rechenzentrum</p></td>");
    expect(service).toContain("<li>Maskierter Dienst</li>");
    expect(service).toContain("<td><p>Artikelnummer</p></td><td><p>NB-001</p></td>");
    expect(service).toContain("<p>Standard</p>");
    expect(service).toContain('<a href="https://intranet.example.com/notebooks">https://intranet.example.com/notebooks</a>');
    for (const name of ["Team Arbeitsplatz", "Provider AG", "Verfügbarkeit 99 %"]) expect(service).toContain(`<p>${name}</p>`);
    expect(service).toContain("<td><p>Verarbeitet personenbezogene Daten</p></td><td><p>Ja</p></td>");
  });

  it("keeps formatting the reader leaves out (underline, colour) in the XML", async () => {
    const { text } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: null });
    const xml = text("word/document.xml");
    expect(xml).toMatch(/<w:u w:val="single"\/><\/w:rPr><w:t xml:space="preserve">unterstrichen<\/w:t>/);
    expect(xml).toMatch(/<w:color w:val="C0392B"\/><\/w:rPr><w:t xml:space="preserve">rot<\/w:t>/);
    expect(xml).toContain('<w:instrText xml:space="preserve"> TOC \\o "1-3" \\h \\z \\u </w:instrText>');
    expect(text("word/settings.xml")).toContain("<w:updateFields/>");
  });

  it("leaves out what an attribute mask hides", async () => {
    const { html } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: null });
    const masked = html.slice(html.indexOf("Maskierter Dienst</h3>"), html.indexOf("Dienst ohne Kategorie</h3>"));
    expect(masked).not.toContain("Versteckte Option");
    expect(masked).not.toContain("AN-VERSTECKT");
    expect(masked).toContain("Noch nicht beschrieben.");
  });

  it("puts the organisation's address and page x of y in the footer", async () => {
    const { files, text } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: null });
    const all = Object.keys(files)
      .filter((path) => /^word\/footer\d\.xml$/.test(path))
      .map(text)
      .join("");
    expect(all).toContain("Export GmbH · Hauptstraße 1 · 12345 Musterstadt · Deutschland");
    expect(all).toContain(">PAGE<");
    expect(all).toContain(">NUMPAGES<");
  });

  it("follows the reader's language", async () => {
    const { html } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: null }, en, "en");
    expect(html).toContain("<p>Contents</p>");
    expect(html).toContain("<strong>Reaction time (CET)</strong>");
    expect(html).toContain("<p>Service time</p>");
    expect(html).toContain("<h4>Description</h4>");
    expect(headings(html, 1)).toEqual(["Arbeitsplatz", "Without area", "Without category"]);
    // A custom headline is the organisation's own wording, in both languages.
    expect(html).toContain("<h4>Zusatzoptionen</h4>");
    expect(html).toContain("12.50");
  });

  it("makes categories the top level while the area level is switched off", async () => {
    await t.db.updateTable("service_area_config").set({ active: 0 }).where("id", "=", 1).execute();
    try {
      const { html } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: null });
      // Categories in their order (position, then name), services without one last.
      expect(headings(html, 1)).toEqual(["Lose Kategorie", "Notebooks", "Ohne Kategorie"]);
      expect(headings(html, 2)).toEqual(["Maskierter Dienst", "Notebook-Bereitstellung", "Dienst ohne Kategorie"]);
      expect(html).not.toContain("Arbeitsplatz</h1>");
    } finally {
      await t.db.updateTable("service_area_config").set({ active: 1 }).where("id", "=", 1).execute();
    }
  });
});

describe("a part of the catalogue", () => {
  it("exports what a search or filter finds, marked as an excerpt", async () => {
    const { html, data } = await exported({ kind: "catalogue", catalogueId: ids.catalogue, filter: { ...DEFAULT_QUERY, q: '"Notebook-Bereitstellung"' } });
    expect(data.services.map((s) => s.id)).toEqual([ids.full]);
    expect(html).toContain("Auszug: Ergebnis einer Suche oder eines Filters");
    expect(headings(html, 3)).toEqual(["Notebook-Bereitstellung"]);
  });

  it("exports a selection: an area with its categories' services, a category, single services", async () => {
    const of = async (selection: { areas?: number[]; categories?: number[]; services?: number[] }) =>
      (await loadExport(t.db, { kind: "selection", catalogueId: ids.catalogue, areas: [], categories: [], services: [], ...selection }))!.services.map((s) => s.id);
    expect(await of({ areas: [ids.area] })).toEqual([ids.full]);
    expect(await of({ categories: [ids.looseCategory] })).toEqual([ids.masked]);
    expect(await of({ services: [ids.uncategorised, ids.foreign, ids.binned] })).toEqual([ids.uncategorised]);
    const { html } = await exported({ kind: "selection", catalogueId: ids.catalogue, areas: [ids.area], categories: [], services: [ids.uncategorised] });
    expect(html).toContain("Auszug: ausgewählte Bereiche, Kategorien und Services");
    expect(headings(html, 3)).toEqual(["Notebook-Bereitstellung", "Dienst ohne Kategorie"]);
  });

  it("exports one service as a document of its own", async () => {
    const { html } = await exported({ kind: "service", serviceId: ids.full });
    expect(html).toContain("<p>Servicebeschreibung</p><p>Notebook-Bereitstellung</p><p>Exportkatalog › Arbeitsplatz › Notebooks</p>");
    expect(headings(html, 1)).toEqual(["Notebook-Bereitstellung"]);
    expect(headings(html, 2)).toContain("Zusatzoptionen");
    expect(html).not.toContain("Inhaltsverzeichnis");
    expect(html).not.toContain("Deckblatt Titel");
  });

  it("finds nothing for an unknown catalogue or a binned service", async () => {
    expect(await loadExport(t.db, { kind: "catalogue", catalogueId: 987_654, filter: null })).toBeNull();
    expect(await loadExport(t.db, { kind: "service", serviceId: ids.binned })).toBeNull();
  });

  it("refuses more services than one export holds, before reading them", async () => {
    const error = await loadExport(t.db, { kind: "catalogue", catalogueId: ids.catalogue, filter: null }, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyServicesError);
    expect((error as TooManyServicesError).count).toBe(3);
  });
});

class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe("queries", () => {
  it("reads a catalogue in the same number of queries whatever the number of services", async () => {
    const queriesFor = async (services: number) => {
      const catalogueId = await make.catalogue();
      const area = await make.area(catalogueId);
      const category = await make.category(catalogueId, { service_area_id: area });
      const owner = await make.owner();
      for (let i = 0; i < services; i++) {
        await make.service(catalogueId, category, { options: ["A", "B"], responsibilities: ["R"], links: ["https://example.com"], owners: [owner], picture: PNG.toString("base64"), picture_mime: "image/png" });
      }
      const counter = new QueryCounter();
      const data = await loadExport(t.db.withPlugin(counter), { kind: "catalogue", catalogueId, filter: null });
      expect(data?.services).toHaveLength(services);
      expect(data?.services.every((s) => s.picture !== null && s.options.length === 2)).toBe(true);
      return counter.count;
    };
    const few = await queriesFor(2);
    const many = await queriesFor(15);
    expect(many).toBe(few);
    expect(few).toBeLessThan(30);
  });
});
