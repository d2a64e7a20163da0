import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { serverConfig as i18nConfig } from "~/i18n/i18next.server";
import { countText, templated } from "~/ui/fast-translate";

const i18n = createInstance();
beforeAll(async () => {
  await i18n.init({ ...i18nConfig, lng: "de" });
});

describe("fast translation helpers", () => {
  it("templated() gives what t() gives with the variable filled in", () => {
    const t = i18n.getFixedT("de");
    const expand = templated(t, "catalogue.tree.expand", "name");
    for (const name of ["Notebooks & PCs", "", "a {{name}} b", "Ümläute"]) expect(expand(name)).toBe(t("catalogue.tree.expand", { name }));
    const en = templated(i18n.getFixedT("en"), "catalogue.batch.selectService", "name");
    expect(en("Mail")).toBe(i18n.getFixedT("en")("catalogue.batch.selectService", { name: "Mail" }));
  });

  it("countText() gives the plural forms of t() per language and count", () => {
    for (const lng of ["de", "en"]) {
      const t = i18n.getFixedT(lng);
      for (const count of [0, 1, 2, 135, 1, 0]) expect(countText(t, lng, "catalogue.servicesCount", count)).toBe(t("catalogue.servicesCount", { count }));
    }
    expect(countText(i18n.getFixedT("de"), "de", "catalogue.servicesCount", 1)).not.toBe(countText(i18n.getFixedT("en"), "en", "catalogue.servicesCount", 1));
  });
});
