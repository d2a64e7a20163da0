import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import de from "~/i18n/locales/de";
import en from "~/i18n/locales/en";
import contractDe from "~/modules/contract/contract-text.de";
import contractEn from "~/modules/contract/contract-text.en";
import { anyDb, PAGE_READY } from "./helpers";

/*
 * The checks every screen must pass (tests/e2e/screen-sweep.spec.ts runs them all on one page
 * load per screen and language): axe (WCAG 2.0/2.1 A and AA), one language at a time
 * (docs/decisions/0017-one-language.md), no sideways scrolling at 390 px, and the keyboard
 * (every control reachable with Tab, a visible focus, no trap; issue 21 item 8).
 */

// ------------------------------------------------------------------------------------------ axe

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core as @axe-core/playwright pins it (its rules decide what the sweeps find). Evaluating its
 * 550 KB in every page cost 0.4–1.5 s a scan (AxeBuilder even did it twice); loaded as a script
 * from the run's own loopback server (global setup, E2E_AXE_PORT), the browser keeps the compiled
 * code and a scan's injection takes 40–170 ms. That needs a context without the app's CSP
 * (script-src 'self'): the sweeps' scanning contexts; other pages get the source evaluated once.
 */
const requireHere = createRequire(import.meta.url);
export const AXE_SCRIPT = requireHere.resolve("axe-core/axe.min.js", { paths: [path.dirname(requireHere.resolve("@axe-core/playwright"))] });
let axeSource: string | undefined;
const AXE_URL = process.env.E2E_AXE_PORT ? `http://127.0.0.1:${process.env.E2E_AXE_PORT}/axe.min.js` : undefined;
const withoutCsp = new WeakSet<BrowserContext>();

async function injectAxe(page: Page) {
  if (await page.evaluate(() => "axe" in window)) return;
  if (AXE_URL && withoutCsp.has(page.context())) await page.addScriptTag({ url: AXE_URL });
  else await page.evaluate((axeSource ??= fs.readFileSync(AXE_SCRIPT, "utf8")));
}

const noScriptScans = new WeakSet<BrowserContext>();

/**
 * axe runs inside the page, so it needs JavaScript: a scanning context has it on and no CSP (for
 * the cached axe script); for the no-JS project, `openScreen` shows in it what a browser without
 * JavaScript shows.
 */
export async function scanningContext(browser: Browser, from: BrowserContext, locale: string, javaScriptEnabled: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: true, bypassCSP: true });
  await context.addCookies(await from.cookies());
  withoutCsp.add(context);
  if (!javaScriptEnabled) noScriptScans.add(context);
  return context;
}

/**
 * A screen in a scanning context: with JS as a user gets it, hydrated; for the no-JS project the
 * server's HTML without its scripts and with <noscript> unwrapped, written into a same-origin page
 * (no request routing, which would turn the browser's cache off for the stylesheet and axe).
 */
export async function openScreen(page: Page, url: string) {
  if (!noScriptScans.has(page.context())) {
    await page.goto(url);
    await page.locator(PAGE_READY).waitFor({ state: "attached" });
    return;
  }
  const response = await page.context().request.get(url);
  const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
  // A page of the app's origin without scripts of its own to write the screen into.
  if (!page.url().endsWith("/healthz")) await page.goto("/healthz");
  await page.setContent(html);
}

type AxeViolation = { id: string; impact?: string | null; nodes: { target: string[]; failureSummary?: string }[] };

/**
 * The page's (or, with `include`, one region's) WCAG 2.1 A/AA violations, from axe.run in the page
 * itself (what AxeBuilder's legacy mode does; our pages have no frames). Only violations are
 * collected in full (passes' node details cost ~10%).
 */
export async function violations(page: Page, include?: string) {
  await injectAxe(page);
  const found = await page.evaluate(
    async ({ include, tags }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(include ? { include: [include] } : document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
    },
    { include, tags: TAGS },
  );
  return found.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`),
    count: v.nodes.length,
  }));
}

// ------------------------------------------------------------------------------- one language

type Tree = { [key: string]: string | Tree };

export function wordsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    // Placeholders and their names are not words a reader sees.
    for (const word of value.replace(/\{\{[^}]*\}\}/g, " ").match(/\p{L}{4,}/gu) ?? []) into.add(word.toLowerCase());
  } else if (value && typeof value === "object") for (const v of Object.values(value as Tree)) wordsOf(v, into);
  return into;
}

// Our long texts in the repo (the data-processing agreement) are translated like the resources.
const WORDS = { de: wordsOf(contractDe, wordsOf(de)), en: wordsOf(contractEn, wordsOf(en)) };
/** Words only the other language uses. */
export const foreign = (language: "de" | "en") => {
  const other = language === "de" ? WORDS.en : WORDS.de;
  return [...other].filter((w) => !WORDS[language].has(w));
};

/**
 * What the word lists cannot see (issue 32 §8): terms spelled like no resource word ("Api-Key" is
 * two words both languages use), stored keys and programming leftovers, and the other language's
 * date format. A hit that is part of the stored content is the users' own and allowed.
 */
const LEFTOVERS = [
  // A stored key or identifier (export_active, tom_document), but not an API key's shown prefix.
  /\b(?!shk_)[a-z]+(?:_[a-z]+)+\b/g,
  /\bundefined\b|\bNaN\b|\[object Object\]|\{\{|\}\}/g,
];
const WRONG_LANGUAGE: Record<"de" | "en", RegExp[]> = {
  de: [/(?<![-\w])Api-Key\b/g, /\bPatch Notes?\b/g, /\bLogout\b/g, /\bNo Headline Data\b/g, /\bis not set\b/g],
  en: [/\b\d{1,2}\.\d{1,2}\.\d{4}\b/g, /\bService-(?:Katalog|Owner|Levels?|Provider)\b/g, /\bKurzbeschreibung\b/g, /\b(?:Statischer )?Katalog\b/g],
};

/** Leftovers and the other language's terms and dates in a screen's text. */
export function wrongTerms(text: string, language: "de" | "en"): string[] {
  return [...new Set([...LEFTOVERS, ...WRONG_LANGUAGE[language]].flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0])))];
}

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
  // A release's label, note, publisher and withdrawal reason are what people wrote.
  "releases",
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

/** Every text of the stored content, read after the page was shown (parallel tests keep adding rows). */
export async function contentTexts(db: Parameters<typeof anyDb>[0]) {
  const texts: string[] = [];
  for (const table of CONTENT_TABLES) {
    const rows = await anyDb(db).selectFrom(table).selectAll().execute();
    if (table === "service_headlines") for (const row of rows) delete row.headline_text_init;
    for (const row of rows) for (const value of Object.values(row)) if (typeof value === "string") texts.push(value);
  }
  return texts;
}

/** What the reader sees and hears: the visible text and the accessible names, minus text in another language. */
export async function shownText(page: Page) {
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

// ------------------------------------------------------------------------------------ phone width

export const PHONE = { width: 390, height: 844 };

/**
 * What a phone shows on one screen, measured in one round trip: the page is not wider than the
 * phone; no heading splits a word that would fit on a line ("Benutzerverwaltun/g"); no badge
 * cuts its text ("Keyn…"); and every box that scrolls sideways keeps its row actions in view and
 * shows that more waits at its edge. An empty object: nothing to fix.
 */
export function phoneProblems() {
  const problems: Record<string, string[]> = {};
  const add = (kind: string, what: string) => (problems[kind] ??= []).length < 4 && problems[kind].push(what);
  const name = (el: Element) => `${el.tagName.toLowerCase()}${el instanceof HTMLElement && el.dataset.testid ? `[${el.dataset.testid}]` : ""}.${[...el.classList].slice(0, 2).join(".")}`;
  const shown = (el: Element) => el.checkVisibility() && el.getClientRects().length > 0;

  if (document.documentElement.scrollWidth > window.innerWidth) {
    // The innermost elements that reach past the right edge: what to fix.
    // (Content of a box that scrolls or clips on its own does not count.)
    const clippedBy = (el: HTMLElement) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const over = [...document.body.querySelectorAll<HTMLElement>("*")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clippedBy(el));
    for (const el of over.filter((el) => !over.some((other) => other !== el && el.contains(other)))) add(`wider than the phone (${document.documentElement.scrollWidth}px)`, name(el));
  }

  // A word split over two lines. Headings are sized so that a word of up to 20 letters fits a
  // phone's line ("Benutzerverwaltung" has 18); longer strings (a URL, a name without spaces) may
  // break anywhere. After a hyphen or a slash a line may break. (The test browser has no
  // hyphenation dictionaries, so a split here is never a hyphenated one.)
  for (const h of document.querySelectorAll("h1, h2, h3")) {
    if (!shown(h)) continue;
    const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const word of node.data.matchAll(/[^\s\-–/]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.bottom)));
        if (lines.size > 1 && word[0].length <= 20) add("heading breaks inside a word", `${name(h)}: ${word[0]}`);
      }
    }
  }

  for (const badge of document.querySelectorAll<HTMLElement>(".mantine-Badge-root, .mantine-Badge-label")) {
    if (shown(badge) && badge.scrollWidth > badge.clientWidth + 1) add("badge cut", `${name(badge)}: ${badge.textContent}`);
  }

  // Boxes that scroll sideways (at their start, as a page opens).
  for (const box of document.body.querySelectorAll<HTMLElement>("*")) {
    const style = getComputedStyle(box);
    if (!/auto|scroll/.test(style.overflowX) || box.scrollWidth <= box.clientWidth + 1 || !shown(box)) continue;
    const edge = box.getBoundingClientRect();
    // Row actions stay in view: a table's last column whose cells hold nothing but controls.
    for (const cell of box.querySelectorAll<HTMLElement>("tbody > tr > td:last-child")) {
      const controls = [...cell.querySelectorAll<HTMLElement>("a, button, input, select, summary")].filter(shown);
      const words = (text: string) => text.replace(/\s+/g, "");
      if (controls.length === 0 || words(controls.map((c) => c.innerText).join("")).length < words(cell.innerText).length) continue;
      const hidden = controls.find((c) => c.getBoundingClientRect().right > edge.right + 0.5);
      if (hidden) add("row actions out of view", `${name(box)}: ${hidden.innerText.trim().slice(0, 30)}`);
    }
    // A cue at the right edge: the box fades out there, or its last column casts a shadow.
    const faded = /\d*[1-9]\d*(\.\d+)?px\)$/.test(style.maskImage) || /\d*[1-9]\d*(\.\d+)?px\)$/.test(style.webkitMaskImage);
    const lastCell = box.querySelector("tr > :last-child");
    const shaded = lastCell ? getComputedStyle(lastCell).boxShadow !== "none" : false;
    if (!faded && !shaded) add("no cue that the box scrolls", name(box));
  }
  return problems;
}

// ------------------------------------------------------------------------------------- keyboard

const WALK = 25;

export type Problem = { kind: string; element: string };

/** Checks the controls of the page in the page itself: one round trip per screen. */
export function controlProblems(page: Page) {
  return page.evaluate(() => {
    const problems: { kind: string; element: string }[] = [];
    const describe = (el: Element) => {
      const h = el as HTMLElement;
      const label = (h.getAttribute("aria-label") ?? h.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${el.tagName.toLowerCase()}${h.dataset.testid ? `[data-testid=${h.dataset.testid}]` : ""}${h.getAttribute("name") ? `[name=${h.getAttribute("name")}]` : ""} "${label}"`;
    };
    const ROVING = "[role=tablist],[role=menu],[role=menubar],[role=radiogroup],[role=listbox],[role=grid],[role=tree],[role=treegrid],[role=toolbar]";
    const INTERACTIVE_ROLES = ["button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "textbox", "combobox", "slider", "spinbutton", "searchbox", "treeitem"];
    const natively = (el: Element) =>
      (el.matches("a[href], button, select, textarea, summary, [contenteditable=''], [contenteditable=true]") || (el.matches("input") && (el as HTMLInputElement).type !== "hidden"));
    const interactive = (el: Element) => natively(el) || INTERACTIVE_ROLES.includes(el.getAttribute("role") ?? "") || (el.hasAttribute("tabindex") && (el as HTMLElement).tabIndex >= 0);
    const disabled = (el: Element) => el.matches(":disabled") || el.closest("[aria-disabled=true], [inert], fieldset:disabled") !== null;
    // Shown: has a box and is not hidden. Inputs that style a sibling (Mantine's switch) are
    // transparent but still take the focus, so opacity does not count as hidden.
    const shown = (el: Element) => {
      if (el.getClientRects().length === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none" && el.closest("[hidden]") === null;
    };
    // What shows the focus: the element itself, or for a transparent input its label box.
    const indicated = (el: Element) => {
      const candidates = [el, el.parentElement, el.nextElementSibling, el.previousElementSibling].filter((x): x is Element => x !== null);
      return candidates.some((c) => {
        const s = getComputedStyle(c);
        const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
        return outline || (s.boxShadow !== "none" && s.boxShadow !== "");
      });
    };

    const all = [...document.querySelectorAll("body *")];
    for (const el of all) {
      if (!(el instanceof HTMLElement) || !shown(el)) continue;
      const attr = el.getAttribute("tabindex");
      if (attr !== null && Number(attr) > 0) problems.push({ kind: "positive tabindex", element: describe(el) });
      if (!interactive(el) || disabled(el)) continue;
      if (el.tabIndex < 0 && el.closest(ROVING) === null && el.closest("[aria-hidden=true]") === null) problems.push({ kind: "not reachable with Tab (tabindex=-1)", element: describe(el) });
      if (el.closest("[aria-hidden=true]") !== null && el.tabIndex >= 0) problems.push({ kind: "reachable but hidden from assistive technology", element: describe(el) });
    }

    // Focus each reachable control as the keyboard would (the last input was a key, so a focus
    // from a script counts as :focus-visible too) and look for the focus indicator.
    const reachable = all.filter((el): el is HTMLElement => el instanceof HTMLElement && shown(el) && el.tabIndex >= 0 && !disabled(el) && interactive(el));
    for (const el of reachable) {
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue; // e.g. a link that a widget re-focuses
      if (!el.matches(":focus-visible")) continue;
      if (!indicated(el)) problems.push({ kind: "no visible focus indicator", element: describe(el) });
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return { problems, reachable: reachable.length };
  });
}

/** Tab from the first control of the content (or the page) onwards: the focus moves every time. */
export async function walkProblems(page: Page, reachable: number): Promise<Problem[]> {
  const start = await page.evaluate(() => {
    const first = [...document.querySelectorAll<HTMLElement>("main a[href], main button, main input, main select, main textarea, main [tabindex]")].find(
      (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.matches(":disabled"),
    );
    if (!first) return false;
    first.focus();
    return true;
  });
  if (!start) await page.keyboard.press("Tab");
  const steps = Math.min(WALK, reachable);
  const seen: string[] = [];
  for (let i = 0; i < steps; i++) {
    const here = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      if (!el.hasAttribute("data-kbd")) el.setAttribute("data-kbd", String(Math.random()));
      const h = el as HTMLElement;
      return {
        id: el.getAttribute("data-kbd")!,
        element: `${el.tagName.toLowerCase()}${h.dataset.testid ? `[data-testid=${h.dataset.testid}]` : ""} "${(h.getAttribute("aria-label") ?? h.textContent ?? "").trim().slice(0, 40)}"`,
        modal: el.closest("[aria-modal=true]") !== null,
        frame: el.tagName === "IFRAME",
        // Tab inside a text editor moves on only if the editor lets it: where it indents, Escape then Tab leaves.
        editor: h.isContentEditable,
      };
    });
    if (!here) return []; // walked off the end of the page: nothing held the focus
    // Inside a frame (the T.O.M. PDF) the focus moves in another document: the frame's own walk.
    if (here.frame) return [];
    // A date-and-time input takes Tab for its fields and its picker button first (7 in Chromium);
    // more than 8 holds the focus.
    if (seen.length >= 8 && seen.slice(-8).every((id) => id === here.id)) return [{ kind: "keyboard trap (Tab leaves the focus here)", element: here.element }];
    if (seen.at(-1) !== here.id && seen.includes(here.id) && !here.modal) return [{ kind: "keyboard trap (Tab cycles back)", element: here.element }];
    seen.push(here.id);
    if (here.editor) await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
  }
  return [];
}

/** The keyboard checks of the loaded page (JS only): a key first, so focus counts as keyboard focus. */
export async function keyboardProblems(page: Page): Promise<Problem[]> {
  await page.keyboard.press("Shift");
  const { problems, reachable } = await controlProblems(page);
  return [...problems, ...(await walkProblems(page, reachable))];
}
