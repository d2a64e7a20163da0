import { isActiveApiKey } from "~/modules/settings/api-keys.server";
import { expect, gotoReady, test } from "../support/fixtures";
import { withLock } from "../support/helpers";

/** The Api-Key settings entry (issue 16 §3): admins only; a new key shown once; the old one stops at once. */

test("an admin makes a key, sees it once in full, and a new key stops the old one", async ({ page, db, login, javaScriptEnabled }) => {
  await login("superadmin");
  await withLock("api-key", async () => {
    await gotoReady(page, "/settings", javaScriptEnabled);
    await page.getByTestId("settings-nav").getByRole("link", { name: "API-Schlüssel" }).click();
    await expect(page).toHaveURL(/\/settings\/api-key$/);
    await page.getByTestId("api-key-rotate").click();
    await expect(page.getByTestId("api-key-value")).toHaveText(/^shk_/);
    const first = await page.getByTestId("api-key-value").innerText();
    expect(first).toMatch(/^shk_/);
    // Shown in a monospace font as text whose "_" has room in its box: as the value of a one-line
    // input it was clipped away in DejaVu Sans Mono (issue 32 §12).
    const underscore = await page.getByTestId("api-key-value").evaluate((element) => {
      const text = element.firstChild;
      if (!(text instanceof Text)) return { font: getComputedStyle(element).fontFamily, fits: false };
      const range = document.createRange();
      range.setStart(text, text.data.indexOf("_"));
      range.setEnd(text, text.data.indexOf("_") + 1);
      const glyph = range.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return { font: getComputedStyle(element).fontFamily, fits: glyph.height > 0 && glyph.top >= box.top && glyph.bottom <= box.bottom && element.scrollHeight <= element.clientHeight };
    });
    expect(underscore).toEqual({ font: expect.stringMatching(/monospace$/), fits: true });
    // Only a hash is stored; the page names the key by its prefix from now on.
    expect(JSON.stringify(await db.selectFrom("api_keys").selectAll().execute())).not.toContain(first.slice(12));
    await page.getByTestId("api-key-rotate").click();
    await expect(page.getByTestId("api-key-value")).not.toHaveText(first);
    const second = await page.getByTestId("api-key-value").innerText();
    expect(second).toMatch(/^shk_/);
    expect(await isActiveApiKey(db, first)).toBe(false);
    // Reloading does not show the key again.
    await gotoReady(page, "/settings/api-key", javaScriptEnabled);
    await expect(page.getByTestId("api-key-value")).toHaveCount(0);
    await expect(page.getByTestId("api-key-current")).toContainText("Aktiver Schlüssel: shk_");
  });
});

test("the copy button puts the new key on the clipboard and says so", async ({ page, context, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "copying needs JavaScript; without it the key is selectable text");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login("keysuperuser");
  await withLock("api-key", async () => {
    // In the settings dialog over the current page: the page stays where it is.
    await gotoReady(page, "/dashboard", javaScriptEnabled);
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByTestId("open-settings").click();
    const dialog = page.getByRole("dialog", { name: "Einstellungen" });
    await dialog.getByRole("button", { name: "API-Schlüssel" }).click();
    await dialog.getByTestId("api-key-rotate").click();
    await expect(dialog.getByTestId("api-key-value")).toHaveText(/^shk_/);
    await expect(page).toHaveURL(/\/dashboard$/);
    const key = await dialog.getByTestId("api-key-value").innerText();
    await dialog.getByTestId("api-key-copy").click();
    await expect(page.getByTestId("toast")).toContainText("Der Schlüssel ist in der Zwischenablage.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  });
});

test("others see no Api-Key entry, land on the first entry, and their POST changes nothing", async ({ page, db, login, javaScriptEnabled }) => {
  await login("admin");
  await gotoReady(page, "/settings", javaScriptEnabled);
  await expect(page.getByTestId("settings-nav").getByRole("link", { name: "API-Schlüssel" })).toHaveCount(0);
  await page.goto("/settings/api-key");
  await expect(page).toHaveURL(/\/settings\/sidebar$/);
  await withLock("api-key", async () => {
    const before = await db.selectFrom("api_keys").select("id").execute();
    expect((await page.request.post("/settings/api-key", { form: {}, maxRedirects: 0 })).status()).toBe(403);
    expect(await db.selectFrom("api_keys").select("id").execute()).toEqual(before);
  });
});

test("a rotated key gets 401 from the catalogue API at once; the new key reads it", async ({ page, db, login, javaScriptEnabled }) => {
  await login("superadmin");
  await withLock("api-key", async () => {
    await gotoReady(page, "/settings/api-key", javaScriptEnabled);
    await page.getByTestId("api-key-rotate").click();
    const old = await page.getByTestId("api-key-value").innerText();
    const read = (key?: string) => page.request.get("/api/servicecatalog", { headers: key ? { "X-Api-Key": key } : {} });
    const answer = await read(old);
    expect(answer.status()).toBe(200);
    const catalogues = (await answer.json()) as { data: { id: number; services_count: number }[] };
    const published = await db.selectFrom("services").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "closed").where("deleted_at", "is", null).executeTakeFirstOrThrow();
    expect(catalogues.data.reduce((sum, c) => sum + c.services_count, 0)).toBe(Number(published.n));

    await page.getByTestId("api-key-rotate").click();
    await expect(page.getByTestId("api-key-value")).not.toHaveText(old);
    const fresh = await page.getByTestId("api-key-value").innerText();
    const refused = await read(old);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ message: "Unauthenticated." });
    expect((await read()).status()).toBe(401);
    expect((await read("shk_wrong")).status()).toBe(401);
    expect((await read(fresh)).status()).toBe(200);
  });
});
