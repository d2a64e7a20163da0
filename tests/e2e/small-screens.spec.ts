import { expect, gotoReady, test } from "../support/fixtures";
import { PUBLIC_SCREENS, firstIds, signedInScreens } from "../support/screens";

/**
 * A phone (390 × 844): no screen scrolls sideways — wide tables scroll inside their own box —
 * and the side menu hides behind the top bar's menu button.
 */
test.use({ viewport: { width: 390, height: 844 } });

// In parts, each with its own time budget and worker (part 1 also checks the public screens): one
// sweep of every screen ran past three minutes on a slow machine.
const PARTS = 3;

/**
 * What a phone shows on one screen, measured in one round trip: the page is not wider than the
 * phone; no heading splits a word that would fit on a line ("Benutzerverwaltun/g"); no badge
 * cuts its text ("Keyn…"); and every box that scrolls sideways keeps its row actions in view and
 * shows that more waits at its edge. An empty object: nothing to fix.
 */
function phoneProblems() {
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

for (let part = 0; part < PARTS; part++) test(`every screen fits the phone (part ${part + 1} of ${PARTS})`, async ({ page, db, login, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const found: Record<string, Record<string, string[]>> = {};
  const check = async (url: string) => {
    await gotoReady(page, url, javaScriptEnabled);
    const problems = await page.evaluate(phoneProblems);
    if (Object.keys(problems).length > 0) found[url] = problems;
  };
  if (part === 0) for (const url of PUBLIC_SCREENS) await check(url);
  await login("superadmin");
  for (const url of signedInScreens(await firstIds(db)).filter((_, i) => i % PARTS === part)) await check(url);
  expect(found).toEqual({});
});

test("the side menu waits behind the menu button and the content has the full width", async ({ page, login, javaScriptEnabled }) => {
  await login("keyuser");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  const menu = page.getByTestId("side-menu");
  await expect(menu).toBeHidden();
  const main = await page.locator("main").boundingBox();
  expect(main?.x).toBe(0);
  expect(main?.width).toBe(390);

  await page.getByTestId("menu-button").click();
  if (javaScriptEnabled) {
    // A drawer over the content; choosing an entry navigates and closes it.
    await expect(menu).toBeVisible();
    await expect(page.getByTestId("menu-button")).toHaveAttribute("aria-expanded", "true");
    await menu.getByTestId("nav-owner").click();
    await expect(page).toHaveURL(/\/basedata\/owner$/);
    await expect(menu).toBeHidden();
    // Escape closes it too.
    await page.getByTestId("menu-button").click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  } else {
    // Without JS the button is a link to a page with the whole menu.
    await expect(page).toHaveURL(/\/menu$/);
    await page.getByTestId("menu-page").getByTestId("nav-owner").click();
    await expect(page).toHaveURL(/\/basedata\/owner$/);
  }
});

test("on a laptop the menu button is not shown and the side menu is", async ({ page, login, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login("keyuser");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("side-menu")).toBeVisible();
  await expect(page.getByTestId("menu-button")).toBeHidden();
});
