import { beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { generateTomPdf, tomSourceVersion } from "~/modules/tom/tom-pdf.server";
import { TOM_TEXT_DE } from "~/modules/tom/tom-text.de";
import { isPdf } from "~/modules/tom/tom.server";

/** The generated T.O.M. PDF read back as a reader would: text per page and the document title. */
let pdf: Buffer;
let pages: string[];
let title: unknown;

const flat = (text: string) => text.replace(/\s+/g, " ");

beforeAll(async () => {
  pdf = await generateTomPdf();
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  pages = (await extractText(doc, { mergePages: false })).text.map(flat);
  title = ((await doc.getMetadata()).info as Record<string, unknown>).Title;
});

describe("the generated T.O.M. PDF", () => {
  it("is a PDF of several pages titled in its metadata", () => {
    expect(isPdf(pdf)).toBe(true);
    expect(pages.length).toBeGreaterThan(1);
    expect(title).toBe("Technische und organisatorische Maßnahmen");
  });

  it("shows the title, umlauts and ß on page 1 as written (the embedded font maps every character)", () => {
    expect(pages[0]).toContain("Technische und organisatorische Maßnahmen");
    expect(pages[0]).toContain("nach Art. 32 DSGVO für den Betrieb von ServiceHub");
    expect(pages[0]).toContain("Verfügbarkeitskontrolle");
    expect(pages[0]).toContain("12. Verfahren zur regelmäßigen Überprüfung, Bewertung und Evaluierung");
  });

  it("numbers every page in its footer: Seite x von N", () => {
    const n = pages.length;
    pages.forEach((text, i) => expect(text).toContain(`Seite ${i + 1} von ${n}`));
  });

  it("holds every section heading and every bullet point, signs like ≥ and ≤ included", () => {
    const all = pages.join(" ");
    for (const section of TOM_TEXT_DE.sections) {
      expect(all).toContain(section.heading);
      for (const bullet of section.bullets) expect(all).toContain(flat(bullet).slice(0, 40));
    }
    expect(all).toContain("Passwörter mit ≥ 12 Zeichen");
    expect(all).toContain("(RTO) ≤ 8 Stunden");
  });

  it("starts the sections on page 2, after the title page", () => {
    expect(pages[1].startsWith("1. Zutrittskontrolle")).toBe(true);
  });
});

describe("tomSourceVersion", () => {
  it("changes with the text, so a stored generated PDF is made again after an edit", () => {
    expect(tomSourceVersion()).toBe(tomSourceVersion(TOM_TEXT_DE));
    expect(tomSourceVersion({ ...TOM_TEXT_DE, status: "Stand: Februar 2026" })).not.toBe(tomSourceVersion());
  });
});
