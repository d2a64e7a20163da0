import { isActiveApiKey } from "~/modules/settings/api-keys.server";
import { expect, gotoReady, test } from "../support/fixtures";

/** The Api-Key settings entry (issue 16 §3): admins only; a new key shown once; the old one stops at once. */

test("an admin makes a key, sees it once in full, and a new key stops the old one", async ({ page, db, login, javaScriptEnabled }) => {
  await login("superadmin");
  await gotoReady(page, "/settings", javaScriptEnabled);
  await page.getByTestId("api-key-card").getByRole("link", { name: "Schlüssel verwalten" }).click();
  await expect(page).toHaveURL(/\/settings\/api-key$/);
  await page.getByTestId("api-key-rotate").click();
  await expect(page.getByTestId("api-key-value")).toHaveValue(/^shk_/);
  const first = await page.getByTestId("api-key-value").inputValue();
  expect(first).toMatch(/^shk_/);
  // Only a hash is stored; the page names the key by its prefix from now on.
  expect(JSON.stringify(await db.selectFrom("api_keys").selectAll().execute())).not.toContain(first.slice(12));
  await page.getByTestId("api-key-rotate").click();
  await expect(page.getByTestId("api-key-value")).not.toHaveValue(first);
  const second = await page.getByTestId("api-key-value").inputValue();
  expect(second).toMatch(/^shk_/);
  expect(await isActiveApiKey(db, first)).toBe(false);
  // Reloading does not show the key again.
  await gotoReady(page, "/settings/api-key", javaScriptEnabled);
  await expect(page.getByTestId("api-key-value")).toHaveCount(0);
  await expect(page.getByTestId("api-key-current")).toContainText("Aktiver Schlüssel: shk_");
});

test("the copy button puts the new key on the clipboard and says so", async ({ page, context, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "copying needs JavaScript; without it the key is selectable text");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login("keysuperuser");
  await gotoReady(page, "/settings/api-key", javaScriptEnabled);
  await page.getByTestId("api-key-rotate").click();
  await expect(page.getByTestId("api-key-value")).toHaveValue(/^shk_/);
  const key = await page.getByTestId("api-key-value").inputValue();
  await page.getByTestId("api-key-copy").click();
  await expect(page.getByTestId("toast")).toContainText("Der Schlüssel ist in der Zwischenablage.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
});

test("others see no Api-Key entry, get /unauthorized, and their POST changes nothing", async ({ page, db, login, javaScriptEnabled }) => {
  await login("admin");
  await gotoReady(page, "/settings", javaScriptEnabled);
  await expect(page.getByTestId("api-key-card")).toHaveCount(0);
  await page.goto("/settings/api-key");
  await expect(page).toHaveURL(/\/unauthorized$/);
  const before = await db.selectFrom("api_keys").select("id").execute();
  expect((await page.request.post("/settings/api-key", { form: {}, maxRedirects: 0 })).status()).toBe(403);
  expect(await db.selectFrom("api_keys").select("id").execute()).toEqual(before);
});
