import { expect, gotoReady, test } from "../support/fixtures";

/**
 * A phone (390 × 844): the side menu hides behind the top bar's menu button. That no screen
 * scrolls sideways is checked on every screen by tests/e2e/screen-sweep.spec.ts.
 */
test.use({ viewport: { width: 390, height: 844 } });

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
