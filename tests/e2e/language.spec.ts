import type { Page } from "@playwright/test";
import de from "~/i18n/locales/de";
import en from "~/i18n/locales/en";
import contractDe from "~/modules/contract/contract-text.de";
import contractEn from "~/modules/contract/contract-text.en";
import { expect, gotoReady, test } from "../support/fixtures";
import { anyDb } from "../support/helpers";
import { PUBLIC_SCREENS, firstIds, signedInScreens } from "../support/screens";

/**
 * One language at a time (docs/decisions/0017-one-language.md): no screen shows a word that only
 * the other language's texts use. User content (names, descriptions) may be in any language, so
 * every word stored in the content tables when the page is checked is allowed; so is text marked
 * with another `lang` (the language menu's "English"/"Deutsch").
 */

type Tree = { [key: string]: string | Tree };

function wordsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    // Placeholders and their names are not words a reader sees.
    for (const word of value.replace(/\{\{[^}]*\}\}/g, " ").match(/\p{L}{4,}/gu) ?? []) into.add(word.toLowerCase());
  } else if (value && typeof value === "object") for (const v of Object.values(value as Tree)) wordsOf(v, into);
  return into;
}

// Our long texts in the repo (the data-processing agreement) are translated like the resources.
const WORDS = { de: wordsOf(contractDe, wordsOf(de)), en: wordsOf(contractEn, wordsOf(en)) };
/** Words only the other language uses. */
const foreign = (language: "de" | "en") => {
  const other = language === "de" ? WORDS.en : WORDS.de;
  return [...other].filter((w) => !WORDS[language].has(w));
};

const CONTENT_TABLES = [
  "services",
  "service_catalogues",
  "service_areas",
  "service_categories",
  "service_options",
  "responsibilities",
  "owners",
  "owner_representatives",
  "providers",
  "kpis",
  "tags",
  "term_definitions",
  "service_links",
  "service_attribute_items",
  "attribute_dropdowns",
  "service_attribute_text_items",
  "users",
  "customer_data",
  "settings",
  // An admin's own headlines (the defaults are ours and translated).
  "service_headlines",
  "attribute_masks",
  // The history shows the values of changes as they were stored.
  "activities",
  // The catalogue frame (cover sheet) is written by the organisation.
  "catalog_frames",
  "sections",
  "paragraphs",
  "section_tables",
  "table_rows",
  "matrix_tables",
  "support_tickets",
  "patch_notes",
  "system_messages",
  // Names of saved views are the users' own.
  "saved_views",
] as const;

/** Every word of the stored content, read after the page was shown (parallel tests keep adding rows). */
async function contentWords(db: Parameters<typeof anyDb>[0]) {
  const words = new Set<string>();
  for (const table of CONTENT_TABLES) {
    const rows = await anyDb(db).selectFrom(table).selectAll().execute();
    if (table === "service_headlines") for (const row of rows) delete row.headline_text_init;
    for (const row of rows) for (const value of Object.values(row)) if (typeof value === "string") wordsOf(value, words);
  }
  return words;
}

/** What the reader sees and hears: the visible text and the accessible names, minus text in another language. */
async function shownText(page: Page) {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const el of clone.querySelectorAll("[lang], [translate=no], script, style, noscript")) {
      if (el.getAttribute("lang") === lang) continue;
      el.remove();
    }
    const names = [...clone.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")].map((el) =>
      ["aria-label", "title", "placeholder", "alt"].map((a) => el.getAttribute(a) ?? "").join(" "),
    );
    document.body.append(clone);
    clone.style.position = "absolute";
    const text = clone.innerText;
    clone.remove();
    return `${text} ${names.join(" ")}`;
  });
}

const PARTS = 3;

for (const language of ["de", "en"] as const) {
  test.describe(`only ${language === "de" ? "German" : "English"} on screen`, () => {
    test.use({ locale: language === "de" ? "de-DE" : "en-US" });

    // In parts, each with its own time budget and worker (part 1 also reads the public screens):
    // one sweep of every screen ran past three minutes on a slow machine.
    for (let part = 0; part < PARTS; part++) test(`every screen, public and signed in (part ${part + 1} of ${PARTS})`, async ({ page, context, baseURL, db, login, javaScriptEnabled }) => {
      test.setTimeout(180_000);
      await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: baseURL! }]);
      const suspects = foreign(language);
      const found: Record<string, string[]> = {};
      const check = async (url: string) => {
        await gotoReady(page, url, javaScriptEnabled);
        const shown = wordsOf(await shownText(page));
        const seen = suspects.filter((w) => shown.has(w));
        if (!seen.length) return;
        // Only then the stored content, read now: it holds every word a user may have written.
        const allowed = await contentWords(db);
        const wrong = seen.filter((w) => !allowed.has(w));
        if (wrong.length) found[url] = wrong;
      };
      if (part === 0) for (const url of PUBLIC_SCREENS) await check(url);
      await login("superadmin");
      for (const url of signedInScreens(await firstIds(db)).filter((_, i) => i % PARTS === part)) await check(url);
      expect(found).toEqual({});
    });
  });
}
