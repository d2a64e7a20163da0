import { createInstance, type i18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { hasText, translate, type TextStore } from "~/i18n/page-texts/translate";
import { i18nConfig } from "~/i18n/config";
import de from "~/i18n/locales/de";
import en from "~/i18n/locales/en";

/**
 * The browser translates with app/i18n/page-texts/translate.ts, the server with i18next (decision
 * 0083): a page hydrates only where both write the same text. Every text of both languages is
 * put through both with values for each of its placeholders, counts for every plural.
 */
const STORES = { de, en } as unknown as Record<"de" | "en", TextStore>;
const instances = {} as Record<"de" | "en", i18n>;

beforeAll(async () => {
  for (const lng of ["de", "en"] as const) {
    const instance = createInstance();
    await instance.init({ ...i18nConfig, lng, resources: { [lng]: { common: STORES[lng] } }, fallbackLng: false });
    instances[lng] = instance;
  }
});

function textsOf(store: unknown, prefix = ""): [string, string][] {
  return Object.entries(store as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : textsOf(value, `${prefix}${key}.`),
  );
}

const VALUES = ["Wert", "Preis: 5 $ & <b>fett</b>", "{{name}}", "$&", "", 0, 12345.5, null];

describe("the browser's texts are i18next's texts", () => {
  for (const lng of ["de", "en"] as const) {
    it(`every text in ${lng}, with every placeholder filled and every plural counted`, () => {
      const all = textsOf(STORES[lng]);
      expect(all.length).toBeGreaterThan(1000);
      const bases = new Set(all.map(([key]) => key.replace(/_(zero|one|other)$/, "")));
      let compared = 0;
      for (const [key, text] of all) {
        const names = [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1].split(",")[0].trim());
        for (const value of VALUES) {
          const options = Object.fromEntries(names.map((name) => [name, value]));
          expect(translate(STORES[lng], lng, key, options), `${lng} ${key} with ${String(value)}`).toBe(instances[lng].t(key, options));
          compared++;
        }
        expect(translate(STORES[lng], lng, key), `${lng} ${key} without values`).toBe(instances[lng].t(key));
      }
      for (const key of bases) {
        for (const count of [0, 1, 2, 5, 1000, 1.5]) {
          expect(translate(STORES[lng], lng, key, { count }), `${lng} ${key} count ${count}`).toBe(instances[lng].t(key, { count }));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(10_000);
    });
  }

  it("keys without a text, default values, namespaces and whole groups as i18next shows them", () => {
    const [store, t] = [STORES.de, instances.de.t.bind(instances.de)];
    const cases: [string, Record<string, unknown> | string | undefined][] = [
      ["no.such.key", undefined],
      ["no.such.key", { defaultValue: "Vorgabe {{x}}", x: 3 }],
      ["no.such.key", "als Zeichenkette"],
      ["common:app.name", undefined],
      ["other:app.name", undefined],
      ["catalogue", undefined],
      ["catalogue.status.open", { count: "3" }],
      ["credits.orders.placed", { amount: 1234567 }],
      ["credits.orders.placed", {}],
      ["credits.orders.placed", { amount: undefined }],
    ];
    for (const [key, options] of cases) expect(translate(store, "de", key, options as never), key).toBe(t(key, options as never));
    expect(translate(store, "de", undefined)).toBe("");
    for (const key of ["app.name", "catalogue.status.open", "catalogue", "no.such.key", "other:app.name"]) expect(hasText(store, key), key).toBe(instances.de.exists(key));
  });
});

describe("the server's page texts", () => {
  it("hold every text of a language and translate as i18next does, one shared instance per language", async () => {
    const { pageTextsFor } = await import("~/i18n/i18next.server");
    for (const lng of ["de", "en"] as const) {
      const texts = pageTextsFor(lng);
      expect(pageTextsFor(lng)).toBe(texts);
      expect(texts.language).toBe(lng);
      for (const [key] of textsOf(STORES[lng]).filter((_, i) => i % 25 === 0)) {
        expect(texts.t(key, { count: 2, name: "X" }), `${lng} ${key}`).toBe(instances[lng].t(key, { count: 2, name: "X" }));
      }
      expect(texts.exists("shell.support")).toBe(true);
    }
    expect(pageTextsFor("fr").language).toBe("de");
  });
});
