import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "../support/fixtures";

/** What Chromium tells assistive technology about the control with this name: role and expanded state. */
async function announced(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[];
  };
  await cdp.detach();
  const node = nodes.find((n) => !n.ignored && n.name?.value === name);
  return { role: node?.role?.value, expanded: node?.properties?.find((p) => p.name === "expanded")?.value.value ?? null };
}

const isOpen = (page: Page, name: string) => expect.poll(async () => (await announced(page, name)).expanded);

test.beforeEach(async ({ login }) => {
  await login("keyuser", { name: "Menü Nutzerin" });
});

test("the language and user menus are named buttons that report whether they are open", async ({ page, javaScriptEnabled }) => {
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  const language = page.getByRole("button", { name: "Sprache" });
  const user = page.getByRole("button", { name: "Benutzermenü" });
  expect(await announced(page, "Sprache")).toEqual({ role: "button", expanded: false });
  expect(await announced(page, "Benutzermenü")).toEqual({ role: "button", expanded: false });
  await language.click();
  await isOpen(page, "Sprache").toBe(true);
  await expect(page.getByRole("button", { name: "English" })).toBeVisible();
  await user.click();
  await isOpen(page, "Benutzermenü").toBe(true);
  await expect(page.getByRole("link", { name: "Einstellungen" })).toBeVisible();
});

test("without JavaScript the language menu still switches the language", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the no-JS path");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sprache" }).click();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("by keyboard: Enter opens, arrows move through the entries, Escape closes and returns the focus", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "arrow keys and Escape are JavaScript comfort; without JS Enter and Tab work natively");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  const user = page.getByRole("button", { name: "Benutzermenü" });
  await user.focus();
  await page.keyboard.press("Enter");
  await isOpen(page, "Benutzermenü").toBe(true);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("link", { name: "Einstellungen" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("link", { name: "Passwort ändern" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByTestId("logout")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("link", { name: "Einstellungen" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByTestId("logout")).toBeFocused();
  await page.keyboard.press("Escape");
  await isOpen(page, "Benutzermenü").toBe(false);
  await expect(user).toBeFocused();

  // Space opens too; arrow down on the closed button opens it at the first entry.
  const language = page.getByRole("button", { name: "Sprache" });
  await language.focus();
  await page.keyboard.press(" ");
  await isOpen(page, "Sprache").toBe(true);
  await page.keyboard.press("Escape");
  await isOpen(page, "Sprache").toBe(false);
  await page.keyboard.press("ArrowDown");
  await isOpen(page, "Sprache").toBe(true);
  await expect(page.getByRole("button", { name: "Deutsch" })).toBeFocused();
});
