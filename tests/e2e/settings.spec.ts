import type { Page } from "@playwright/test";
import type { Role } from "~/modules/access/roles";
import { expect, gotoReady, test } from "../support/fixtures";
import { toast, withLock } from "../support/helpers";
import { violations } from "../support/sweeps";

/**
 * The settings (issue 16 §1, spec 01 §2): which entries each role sees, on the page (without JS)
 * and in the dialog over the current page (with JS); the dialog's forms return to that page.
 */

const EVERYONE = ["Seitenleiste", "T.O.M.", "Passwort ändern", "Angemeldete Geräte", "Benachrichtigungen"];
const ADMIN = ["Seitenleiste", "T.O.M.", "Servicebereich", "Logo/App-Bar", "Organisation", "Serviceüberschriften", "Vorlagen-Server", "API-Schlüssel", "Word-Export-Lizenz", "Auftragsdatenverarbeitung", "Passwort ändern", "Angemeldete Geräte", "Benachrichtigungen"];
const EXPECTED: Record<Role, string[]> = { client: EVERYONE, user: EVERYONE, keyuser: EVERYONE, admin: EVERYONE, keysuperuser: ADMIN, superadmin: ADMIN };

const entries = (page: Page) => page.getByTestId("settings-nav").locator("[data-entry]");

async function openDialog(page: Page) {
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("open-settings").click();
  const dialog = page.getByRole("dialog", { name: "Einstellungen" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("each role sees its entries; /settings shows the first one", async ({ page, login, javaScriptEnabled }) => {
  for (const role of Object.keys(EXPECTED) as Role[]) {
    await login(role);
    await gotoReady(page, "/settings", javaScriptEnabled);
    await expect(page).toHaveURL(/\/settings\/sidebar$/);
    await expect(entries(page), role).toHaveText(EXPECTED[role]);
    await expect(entries(page).filter({ hasText: "Seitenleiste" })).toHaveAttribute("aria-current", "page");
  }
});

test("an admin entry asked for by a non-admin selects the first visible entry instead", async ({ page, login, javaScriptEnabled }) => {
  await login("keyuser");
  for (const entry of ["contract", "api-key", "organization", "logo"]) {
    await gotoReady(page, `/settings/${entry}`, javaScriptEnabled);
    await expect(page).toHaveURL(/\/settings\/sidebar$/);
  }
  await expect(page.getByLabel("Ganze linke Seitenleiste zeigen")).toBeVisible();
});

test("with JS the settings open as a dialog over the current page, and a saved switch stays on that page", async ({ page, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS the avatar menu's link opens /settings as a page (the other tests)");
  await login("user");
  await gotoReady(page, "/servicecatalog?view=1", javaScriptEnabled);
  const dialog = await openDialog(page);
  await expect(dialog.locator("[data-entry]")).toHaveText(EVERYONE);
  await expect(dialog.getByLabel("Beim Überfahren ausklappen")).toBeDisabled();
  await dialog.getByLabel("Ganze linke Seitenleiste zeigen").uncheck();
  await expect(dialog.getByLabel("Beim Überfahren ausklappen")).toBeEnabled();
  await dialog.getByTestId("save-sidebar").click();
  await expect(toast(page)).toContainText("Einstellungen gespeichert");
  await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "");
  await expect(page).toHaveURL(/\/servicecatalog\?view=1$/);
  await expect(dialog).toBeVisible();

  // Another entry, then Escape: the page underneath never changed.
  await dialog.getByRole("button", { name: "Angemeldete Geräte" }).click();
  await expect(dialog.getByTestId("sessions-card")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/servicecatalog\?view=1$/);
  // Reopened, the dialog shows the entry chosen last.
  await openDialog(page);
  await expect(page.getByTestId("sessions-card")).toBeVisible();
});

test("the entry chosen last reopens only while it is visible: a keyuser gets the first visible entry", async ({ page, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the remembered entry is a browser setting of the dialog");
  await login("keyuser");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await page.evaluate(() => window.localStorage.setItem("settingsEntry", "contract"));
  const dialog = await openDialog(page);
  await expect(dialog.getByRole("button", { name: "Seitenleiste" })).toHaveAttribute("aria-current", "true");
  await expect(dialog.getByLabel("Ganze linke Seitenleiste zeigen")).toBeVisible();
});

test("Organization shows the customer data and edits it with the same form as /basedata/customerdata", async ({ page, db, login, javaScriptEnabled }) => {
  await login("keysuperuser");
  const city = `Ort ${Date.now().toString(36)}`;
  await withLock("customer-data", async () => {
    let scope = page.locator("body");
    if (javaScriptEnabled) {
      await gotoReady(page, "/dashboard", javaScriptEnabled);
      scope = await openDialog(page);
      await scope.getByRole("button", { name: "Organisation" }).click();
    } else {
      await gotoReady(page, "/settings/organization", javaScriptEnabled);
    }
    await expect(scope.getByRole("heading", { name: "Ihre Daten" })).toBeVisible();
    await scope.getByTestId("organization-edit").click();
    await scope.getByLabel("Ort", { exact: true }).fill(city);
    await scope.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Kundendaten gespeichert");
    await expect(page).toHaveURL(javaScriptEnabled ? /\/dashboard$/ : /\/settings\/organization$/);
    await expect(scope.getByTestId("organization-city")).toHaveText(city);
    const row = await db.selectFrom("customer_data").select("city").where("id", "=", 1).executeTakeFirstOrThrow();
    expect(row.city).toBe(city);
  });
});

test("the admin screens' forms work from the settings and return there", async ({ page, db, login, javaScriptEnabled }) => {
  await login("superadmin");
  // Headlines are global: each project changes a position no other test asserts on, and resets it.
  const position = javaScriptEnabled ? 8 : 7;
  const text = `Leistung ${Date.now().toString(36)}`;
  try {
    await gotoReady(page, "/settings/headlines", javaScriptEnabled);
    await page.getByTestId(`headline-custom-${position}`).fill(text);
    await page.getByTestId(`headline-save-${position}`).click();
    await expect(toast(page)).toContainText(`Position ${position}`);
    await expect(page).toHaveURL(new RegExp(`/settings/headlines(#headline-${position})?$`));
    await expect(page.getByTestId(`headline-custom-${position}`)).toHaveValue(text);
    const row = await db.selectFrom("service_headlines").select("headline_text_custom").where("position", "=", position).executeTakeFirstOrThrow();
    expect(row.headline_text_custom).toBe(text);
  } finally {
    await db.updateTable("service_headlines").set({ headline_text_custom: null }).where("position", "=", position).execute();
  }
});

test("the dialog and each of its entries pass axe", async ({ page, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the dialog exists with JS; the pages are in the screen sweep's list");
  test.setTimeout(90_000);
  await login("superadmin");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  const dialog = await openDialog(page);
  const found: Record<string, unknown> = {};
  for (const name of ADMIN) {
    await dialog.getByRole("button", { name, exact: true }).click();
    await expect(dialog.getByTestId("settings-loading")).toHaveCount(0);
    await expect(dialog.getByTestId("settings-entry").getByRole("heading").first()).toBeVisible();
    const axe = await violations(page, '[role="dialog"]');
    if (axe.length) found[name] = axe;
  }
  expect(found).toEqual({});
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the entries wrap above the content and nothing scrolls sideways", async ({ page, login, javaScriptEnabled }) => {
    await login("superadmin");
    if (javaScriptEnabled) {
      await gotoReady(page, "/dashboard", javaScriptEnabled);
      await page.getByTestId("user-menu").locator("summary").click();
      await page.getByTestId("open-settings").click();
    } else {
      await gotoReady(page, "/settings/sessions", javaScriptEnabled);
    }
    await expect(entries(page)).toHaveCount(ADMIN.length);
    for (const entry of await entries(page).all()) expect((await entry.boundingBox())!.x + (await entry.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
