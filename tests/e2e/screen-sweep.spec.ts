import type { BrowserContext, Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { expect, test } from "../support/fixtures";
import { PUBLIC_SCREENS, firstIds, signedInScreens } from "../support/screens";
import { PHONE, contentTexts, foreign, keyboardProblems, openScreen, phoneProblems, scanningContext, shownText, violations, wordsOf, wrongTerms } from "../support/sweeps";

/**
 * Every screen (tests/support/screens.ts), with JS on and off, on one page load per language
 * (issue 33 §6: the four sweeps loaded every screen ten times): in German axe, the German words
 * only, the phone (the same page narrowed to 390 px: not wider than the phone, headings not split inside a word, badges whole, row actions in view and a cue where a box scrolls; issue 32 §10) and, with JS, the keyboard walk; in
 * English the English words only (signed-in screens in the no-JS project only). axe in English
 * runs on the public screens only: a language changes the words, not the markup, which the
 * German scan covers screen by screen.
 * Signed-in screens are seen as a superadmin, who reaches all of them.
 */
const PARTS = 8;
const DESKTOP = { width: 1280, height: 720 };

type Findings = Record<string, Record<string, unknown>>;

const languageCookie = (language: "de" | "en", baseURL: string) => ({ name: "sh_lng", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: baseURL });

/** Words and terms of the other language (and leftovers) on the page, minus what users wrote into the content tables. */
async function foreignWords(page: Page, db: DB, language: "de" | "en"): Promise<string[]> {
  const text = await shownText(page);
  const shown = wordsOf(text);
  const words = foreign(language).filter((w) => shown.has(w));
  const terms = wrongTerms(text, language);
  if (!words.length && !terms.length) return [];
  // Only then the stored content, read now: it holds every word a user may have written.
  const content = await contentTexts(db);
  const allowed = wordsOf(content);
  return [...words.filter((w) => !allowed.has(w)), ...terms.filter((term) => !content.some((c) => c.includes(term)))];
}

async function sweep(page: Page, scanning: BrowserContext, db: DB, baseURL: string, urls: string[], javaScriptEnabled: boolean, opts: { englishAxe?: boolean } = {}) {
  const found: Findings = {};
  const note = (check: string, url: string, value: unknown) => ((found[check] ??= {})[url] = value);
  // React reports a page whose server markup the browser would render differently (418, 423,
  // 425: text or tree mismatch) — the browser's texts must be the server's (decision 0083).
  let mismatches: string[] = [];
  const mismatch = (text: string) => /Minified React error #(418|419|421|422|423|425)\b|did not match|[Hh]ydration/.test(text) && mismatches.push(text.slice(0, 200));
  page.on("console", (message) => void (message.type() === "error" && mismatch(message.text())));
  page.on("pageerror", (error) => void mismatch(error.message));
  for (const url of urls) {
    mismatches = [];
    await scanning.addCookies([languageCookie("de", baseURL)]);
    await page.setViewportSize(DESKTOP);
    await openScreen(page, url);
    const axe = await violations(page);
    if (axe.length) note("axe", url, axe);
    const german = await foreignWords(page, db, "de");
    if (german.length) note("English on a German screen", url, german);
    await page.setViewportSize(PHONE);
    // Scroll-driven animations (the scroll cues) follow a new layout a frame later.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const phone = await page.evaluate(phoneProblems);
    if (Object.keys(phone).length) note("phone", url, phone);
    await page.setViewportSize(DESKTOP);
    if (javaScriptEnabled) {
      const keyboard = await keyboardProblems(page);
      if (keyboard.length) note("keyboard", url, keyboard);
      if (mismatches.length) note("hydration", url, mismatches);
    }
    // English: the server's page in the no-JS project. With JS the page hydrates from the same
    // markup and the texts of the German load above — the words check adds nothing but a load.
    if (javaScriptEnabled && !opts.englishAxe) continue;
    await scanning.addCookies([languageCookie("en", baseURL)]);
    await openScreen(page, url);
    const english = await foreignWords(page, db, "en");
    if (english.length) note("German on an English screen", url, english);
    if (opts.englishAxe) {
      const axeEn = await violations(page);
      if (axeEn.length) note("axe (English)", url, axeEn);
    }
  }
  return found;
}

test("public screens: axe in both languages, one language, phone width, keyboard", async ({ browser, context, baseURL, db, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const scanning = await scanningContext(browser, context, "de-DE", javaScriptEnabled, baseURL!);
  const page = await scanning.newPage();
  const found = await sweep(page, scanning, db, baseURL!, PUBLIC_SCREENS, javaScriptEnabled, { englishAxe: true });
  await scanning.close();
  expect(found).toEqual({});
});

// In parts, each with its own time budget and worker: the list grows with every screen.
for (let part = 0; part < PARTS; part++) {
  test(`signed-in screens: axe, one language, phone width, keyboard (part ${part + 1} of ${PARTS})`, async ({ browser, context, baseURL, db, login, javaScriptEnabled }) => {
    test.setTimeout(420_000);
    await login("superadmin");
    const ids = await firstIds(db);
    const scanning = await scanningContext(browser, context, "de-DE", javaScriptEnabled, baseURL!);
    const page = await scanning.newPage();
    const found = await sweep(page, scanning, db, baseURL!, signedInScreens(ids).filter((_, i) => i % PARTS === part), javaScriptEnabled);
    await scanning.close();
    expect(found).toEqual({});
  });
}
