import { expect, gotoReady, holdScripts, test } from "../support/fixtures";
import { serviceOfItsOwn, servicePage } from "../support/helpers";
import { firstIds } from "../support/screens";

test("language switch persists across reloads", async ({ page, login, context, javaScriptEnabled }) => {
  await login("keyuser", { name: "Lena Sprache" });
  // Hydrated: with JS the switch also notes the language in localStorage (its click handler).
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("welcome")).toHaveText("Willkommen, Lena Sprache");
  await page.getByTestId("language-menu").locator("summary").click();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByTestId("welcome")).toHaveText("Welcome, Lena Sprache");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.reload();
  await expect(page.getByTestId("welcome")).toHaveText("Welcome, Lena Sprache");
  await expect(page.getByRole("link", { name: "Base Data" }).or(page.getByText("Base Data"))).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "sh_lng");
  expect(cookie).toBeTruthy();
  // Kept for 365 days.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  if (javaScriptEnabled) expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  await page.getByTestId("language-menu").locator("summary").click();
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByTestId("welcome")).toHaveText("Willkommen, Lena Sprache");
});

test("the side menu collapses to icons and stays collapsed after a reload", async ({ page, login }) => {
  await login("user");
  await page.goto("/dashboard");
  const menu = page.getByTestId("side-menu");
  await expect(menu).not.toHaveAttribute("data-collapsed");
  // With JS the menu collapses at once (optimistic); wait until the server has stored the choice.
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/prefs/sidebar"));
  await page.getByTestId("sidebar-toggle").click();
  await saved;
  await expect(menu).toHaveAttribute("data-collapsed", "");
  await expect(menu).toHaveAttribute("data-hover-expand", "");
  await page.reload();
  await expect(menu).toHaveAttribute("data-collapsed", "");
  await expect(page.getByTestId("nav-dashboard").locator("span").first()).toBeHidden();
  await page.getByTestId("sidebar-toggle").click();
  await expect(menu).not.toHaveAttribute("data-collapsed");
});

test("saving settings shows a toast; with JS it goes away after 4 s", async ({ page, login, javaScriptEnabled }) => {
  await login("user");
  await page.goto("/settings");
  // "Expand on hover" only applies to a collapsed menu, so it is disabled while the whole drawer shows.
  await expect(page.getByLabel("Beim Überfahren ausklappen")).toBeDisabled();
  await page.getByLabel("Ganze linke Seitenleiste zeigen").uncheck();
  await page.getByTestId("save-sidebar").click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Einstellungen gespeichert");
  await expect(toast).toHaveAttribute("data-kind", "success");
  await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "");
  await expect(page.getByTestId("side-menu")).toHaveAttribute("data-hover-expand", "");
  await page.getByLabel("Beim Überfahren ausklappen").uncheck();
  await page.getByTestId("save-sidebar").click();
  await expect(page.getByTestId("side-menu")).not.toHaveAttribute("data-hover-expand");
  await expect(page.getByLabel("Beim Überfahren ausklappen")).not.toBeChecked();
  if (javaScriptEnabled) await expect(toast).toBeHidden({ timeout: 6_000 });
  await page.reload();
  await expect(page.getByTestId("toast")).toHaveCount(0);
});

test("a switch flipped before the page came to life still frees the other one, and the save keeps both", async ({ page, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS the server's page decides, after the save (the test above)");
  await login("user");
  const release = await holdScripts(page);
  await page.goto("/settings/sidebar", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Ganze linke Seitenleiste zeigen").uncheck();
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Beim Überfahren ausklappen").uncheck();
  await page.getByTestId("save-sidebar").click();
  await expect(page.getByTestId("toast")).toContainText("Einstellungen gespeichert");
  await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "");
  await expect(page.getByTestId("side-menu")).not.toHaveAttribute("data-hover-expand");
  await expect(page.getByLabel("Beim Überfahren ausklappen")).toBeEnabled();
});

test("menu entries follow the role", async ({ page, login, context }) => {
  await login("client");
  await page.goto("/dashboard");
  const menu = page.getByTestId("side-menu");
  await expect(menu.getByTestId("nav-dashboard")).toBeVisible();
  await expect(menu.getByTestId("nav-servicecatalog")).toBeVisible();
  await expect(menu.getByTestId("nav-owner")).toHaveCount(0);
  await expect(menu.getByTestId("nav-bin")).toHaveCount(0);
  await context.clearCookies();
  await login("superadmin");
  await page.goto("/dashboard");
  await expect(menu.getByTestId("nav-owner")).toBeVisible();
  await expect(menu.getByTestId("nav-bin")).toBeVisible();
  await expect(menu.getByTestId("nav-usermanagement")).toBeVisible();
  await expect(menu.getByTestId("nav-factoryCatalog")).toBeVisible();
});

test("the top bar takes its gradient from the app-bar settings, with white text on a dark colour", async ({ page, login, db, make }) => {
  await login("user");
  await page.goto("/dashboard");
  const bar = page.getByTestId("top-bar");
  // Defaults: white, so the text is black.
  await expect(bar).toHaveCSS("color", "rgb(0, 0, 0)");
  // The app-wide setting row itself is what this test changes (one shared row, removed below).
  await make.setting("app_bar", JSON.stringify({ appBarColor1: "#1a237e", appBarColor2: "#004d40", appBarGradientDegree: 90, appBarOpacity1: 1, appBarOpacity2: 0.5 }));
  try {
    await page.reload();
    await expect(bar).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(bar).toHaveCSS("background-image", "linear-gradient(90deg, rgb(26, 35, 126), rgba(0, 77, 64, 0.5))");
  } finally {
    await db.deleteFrom("settings").where("key", "=", "app_bar").execute();
  }
});

test("without a choice the browser's language decides", async ({ browser, baseURL, javaScriptEnabled }) => {
  const context = await browser.newContext({ locale: "en-US", baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel(/^Password/).first()).toBeVisible();
  await context.close();
});

test("collapsing under the pointer shows at once, even with expand-on-hover; hovering again expands it", async ({ page, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS the page reloads after the post; hover is a pointer matter");
  await login("user");
  await page.goto("/dashboard");
  const menu = page.getByTestId("side-menu");
  const width = async () => (await menu.boundingBox())!.width;
  await expect(menu).not.toHaveAttribute("data-collapsed");
  await page.getByTestId("sidebar-toggle").click();
  await expect(menu).toHaveAttribute("data-hover-expand", "");
  // The pointer is still on the button: the menu is narrow all the same.
  await expect.poll(width).toBeLessThan(100);
  await page.mouse.move(900, 400);
  await page.getByTestId("nav-dashboard").hover();
  await expect.poll(width).toBeGreaterThan(200);
});

test("every page names itself in the browser tab, in the reader's language, and the app has a favicon", async ({ page, context, baseURL, make, login }) => {
  await login("keyuser");
  const { serviceIds } = await make.catalogueWithServices(1, { service: { name: `Tab-Titel ${Date.now()}` } });
  const name = `Tab-Titel`;
  await page.goto("/servicecatalog");
  await expect(page).toHaveTitle("Service-Katalog · ServiceHub");
  await page.goto("/basedata/owner");
  await expect(page).toHaveTitle("Service-Owner · ServiceHub");
  await page.goto(`/servicecatalog/service/${serviceIds[0]}`);
  await expect(page).toHaveTitle(new RegExp(`^${name} \\d+ · ServiceHub$`));
  // One title only: a second, untranslated one from a route's meta would be a second language.
  await expect(page.locator("head title")).toHaveCount(1);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  expect((await page.request.get("/favicon.svg")).status()).toBe(200);
  await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! }]);
  await page.goto("/settings");
  await expect(page).toHaveTitle("Settings · ServiceHub");
  await page.goto("/servicecatalog");
  await expect(page).toHaveTitle("Service catalogue · ServiceHub");
  await context.clearCookies();
  await page.goto("/login");
  await expect(page).toHaveTitle("Anmelden · ServiceHub");
  await expect(page.locator("head title")).toHaveCount(1);
});

test("a page's scripts start loading only after it has painted, and it then comes to life", async ({ page, login, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS there are no scripts to start");
  await login("keyuser");
  // gotoReady waits for React's mark on <html>: the scripts did start, and the page hydrated.
  await gotoReady(page, servicePage(await serviceOfItsOwn(make)), javaScriptEnabled);
  // The browser's own timings: no module fetch began before the first paint (decision 0042).
  const timings = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-paint")[0]?.startTime,
    scripts: performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js")).map((entry) => entry.startTime),
  }));
  expect(timings.paint).toBeGreaterThan(0);
  expect(timings.scripts.length).toBeGreaterThan(5);
  for (const start of timings.scripts) expect(start).toBeGreaterThanOrEqual(timings.paint!);
  expect(await page.getByRole("navigation", { name: "Springe zu" }).evaluate((nav) => Object.keys(nav).some((key) => key.startsWith("__reactFiber")))).toBe(true);
});

test("in English the browser writes the server's texts: busy pages come to life without a mismatch", async ({ page, login, context, db, baseURL, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JS; the no-JS screen sweep reads every screen in English");
  await login("superadmin");
  await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! }]);
  const ids = await firstIds(db);
  // React 18 reports a server page it would have rendered differently as errors 418, 423, 425.
  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Minified React error #(418|419|421|422|423|425)\b/.test(message.text())) mismatches.push(`${page.url()}: ${message.text().slice(0, 80)}`);
  });
  for (const url of ["/dashboard", "/my-work", "/servicecatalog", `/servicecatalog/service/${ids.service}`, "/tools", "/reports", "/notifications", "/admin/usermanagement", "/admin/credits", "/sla"]) {
    await gotoReady(page, url, true);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  expect(mismatches).toEqual([]);
});
