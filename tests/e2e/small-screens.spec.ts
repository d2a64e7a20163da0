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

for (let part = 0; part < PARTS; part++) test(`no screen is wider than the phone (part ${part + 1} of ${PARTS})`, async ({ page, db, login, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const tooWide: Record<string, { width: number; culprits: string[] }> = {};
  const check = async (url: string) => {
    await gotoReady(page, url, javaScriptEnabled);
    const found = await page.evaluate(() => {
      const width = document.documentElement.scrollWidth;
      if (width <= window.innerWidth) return null;
      // The innermost elements that reach past the right edge: what to fix.
      // (Content of a box that scrolls or clips on its own does not count.)
      const clippedBy = (el: HTMLElement) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
        return false;
      };
      const over = [...document.body.querySelectorAll<HTMLElement>("*")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clippedBy(el));
      const innermost = over.filter((el) => !over.some((other) => other !== el && el.contains(other)));
      const name = (el: HTMLElement) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""}.${[...el.classList].slice(0, 2).join(".")}`;
      return { width, culprits: innermost.slice(0, 4).map(name) };
    });
    if (found) tooWide[url] = found;
  };
  if (part === 0) for (const url of PUBLIC_SCREENS) await check(url);
  await login("superadmin");
  for (const url of signedInScreens(await firstIds(db)).filter((_, i) => i % PARTS === part)) await check(url);
  expect(tooWide).toEqual({});
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
