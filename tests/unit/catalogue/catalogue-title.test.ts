import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { serverConfig as i18nConfig } from "~/i18n/i18next.server";
import { STATIC_CATALOGUE_ID, catalogueTitle } from "~/modules/catalogue/catalogue-title";

let de: TFunction;
let en: TFunction;

beforeAll(async () => {
  const i18nDe = createInstance();
  await i18nDe.init({ ...i18nConfig, lng: "de" });
  de = i18nDe.t;
  const i18nEn = createInstance();
  await i18nEn.init({ ...i18nConfig, lng: "en" });
  en = i18nEn.t;
});

describe("catalogueTitle", () => {
  it("the static catalogue shows its frame title", () => {
    expect(catalogueTitle(de, { id: STATIC_CATALOGUE_ID, title: "ignored", frameTitle: "IT-Leistungen 2026" })).toBe("IT-Leistungen 2026");
  });

  it('the static catalogue without a frame title is "Statischer Katalog", also with a blank one', () => {
    expect(catalogueTitle(de, { id: -1, title: null })).toBe("Statischer Katalog");
    expect(catalogueTitle(de, { id: -1, title: null, frameTitle: null })).toBe("Statischer Katalog");
    expect(catalogueTitle(de, { id: -1, title: "Titel", frameTitle: "   " })).toBe("Statischer Katalog");
  });

  it("the static catalogue ignores its own title", () => {
    expect(catalogueTitle(de, { id: -1, title: "Eigener Titel", frameTitle: null })).toBe("Statischer Katalog");
  });

  it("other catalogues show their title, trimmed", () => {
    expect(catalogueTitle(de, { id: 7, title: "Katalog Nord", frameTitle: "Rahmen" })).toBe("Katalog Nord");
    expect(catalogueTitle(de, { id: 7, title: "  Katalog Nord " })).toBe("Katalog Nord");
  });

  it('other catalogues without a title are "Katalog {id}"', () => {
    expect(catalogueTitle(de, { id: 7, title: null })).toBe("Katalog 7");
    expect(catalogueTitle(de, { id: 12, title: "  " })).toBe("Katalog 12");
    expect(catalogueTitle(de, { id: 3, title: "", frameTitle: "Rahmen" })).toBe("Katalog 3");
  });

  it("uses the translation of the current language", () => {
    const fallback = catalogueTitle(en, { id: 5, title: null });
    expect(fallback).toContain("5");
    expect(fallback).not.toContain("{{");
    expect(catalogueTitle(en, { id: -1, title: null })).not.toBe("catalogue.staticTitle");
  });
});
