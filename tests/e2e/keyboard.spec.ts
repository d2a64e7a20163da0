import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "../support/fixtures";
import { PUBLIC_SCREENS, firstIds, signedInScreens } from "../support/screens";

/**
 * Every screen works with the keyboard alone (issue 21, item 8): each visible control can be
 * reached with Tab (no tabindex=-1 outside a roving-tabindex widget, no positive tabindex), shows
 * where the focus is (an outline or a shadow on it or its visible box while it is :focus-visible),
 * and Tab walks on from the first control of the content without getting stuck. Menus and dialogs
 * (arrow keys, Escape, focus return) have their own specs: top-bar-menus.spec.ts, shell.spec.ts.
 *
 * With JavaScript only: without it the same server HTML is shown minus the enhancements, and the
 * enhancements (menus, dialogs, editors) are what could break the keyboard.
 */
// Six parts: on a slow machine three ran past their budget (the work is the same, spread wider).
const PARTS = 6;
const WALK = 25;

type Problem = { kind: string; element: string };

/** Checks the controls of the page in the page itself: one round trip per screen. */
function controlProblems(page: Page) {
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
async function walkProblems(page: Page, reachable: number): Promise<Problem[]> {
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

async function screenProblems(page: Page, url: string) {
  await gotoReady(page, url, true);
  // A key first: from now on the browser treats focus as keyboard focus (:focus-visible).
  await page.keyboard.press("Shift");
  const { problems, reachable } = await controlProblems(page);
  return [...problems, ...(await walkProblems(page, reachable))];
}

test.describe("keyboard", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the enhancements are what could take the keyboard away; without JS the same HTML without them is shown");

  test("public screens: reachable, visible focus, no trap", async ({ page }) => {
    const found: Record<string, Problem[]> = {};
    for (const url of PUBLIC_SCREENS) {
      const problems = await screenProblems(page, url);
      if (problems.length) found[url] = problems;
    }
    expect(found).toEqual({});
  });

  test("the shell: Tab from the top of the page walks through the skip link, top bar and side menu", async ({ page, login }) => {
    await login("superadmin");
    await gotoReady(page, "/dashboard", true);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const id = await page.evaluate((step) => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        if (!el.hasAttribute("data-kbd")) el.setAttribute("data-kbd", String(step));
        return el.getAttribute("data-kbd");
      }, i);
      expect(id, `Tab ${i + 1} left the page`).not.toBeNull();
      expect(seen.has(id!), `Tab ${i + 1} came back to an element already visited`).toBe(false);
      seen.add(id!);
    }
  });

  for (let part = 0; part < PARTS; part++) {
    test(`signed-in screens: reachable, visible focus, no trap (part ${part + 1} of ${PARTS})`, async ({ page, db, login }) => {
      test.setTimeout(150_000);
      await login("superadmin");
      const ids = await firstIds(db);
      const found: Record<string, Problem[]> = {};
      for (const url of signedInScreens(ids).filter((_, i) => i % PARTS === part)) {
        const problems = await screenProblems(page, url);
        if (problems.length) found[url] = problems;
      }
      expect(found).toEqual({});
    });
  }
});
