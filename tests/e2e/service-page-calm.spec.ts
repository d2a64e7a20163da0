import { expect, gotoReady, holdScripts, test } from "../support/fixtures";
import { serviceOfItsOwn, servicePage, toast } from "../support/helpers";

/** A calmer service page (issue 12 §5). */

test.beforeEach(async ({ login }) => {
  await login("keyuser");
});

test("a section's editor closes after a successful save and the saved value shows once", async ({ page, make, javaScriptEnabled }) => {
  const id = await serviceOfItsOwn(make);
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await page.getByTestId("edit-cost").click();
  const form = page.locator("section#cost form");
  await form.getByLabel("Artikelnummer").fill("ART-4711");
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
  await expect(page.locator("section#cost details")).not.toHaveAttribute("open");
  await expect(form).toBeHidden();
  await expect(page.getByText("ART-4711", { exact: true })).toHaveCount(1);
});

test("the plain fields come in groups: ordering and delivery, contract, costs and reporting", async ({ page, make, javaScriptEnabled }) => {
  const id = await serviceOfItsOwn(make, { art_nr: "A-1", serviceprovidercontract: "Rahmenvertrag", costs: "12 € / Monat" });
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.getByTestId("fields-cost-ordering")).toContainText("Bestellung und Bereitstellung");
  await expect(page.getByTestId("fields-cost-ordering")).toContainText("A-1");
  await expect(page.getByTestId("fields-cost-contract")).toContainText("Rahmenvertrag");
  await expect(page.getByTestId("fields-cost-costs")).toContainText("12 € / Monat");
  await page.getByTestId("edit-cost").click();
  await expect(page.locator("section#cost form fieldset legend")).toHaveText(["Bestellung und Bereitstellung", "Vertrag", "Kosten und Berichte"]);
});

test("an empty section is compact and offers to add; a filled one to edit", async ({ page, make, javaScriptEnabled }) => {
  const id = await serviceOfItsOwn(make, { short_description: null, description: "<p>Da</p>" });
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.getByTestId("edit-short_description")).toHaveText("Hinzufügen");
  await expect(page.getByTestId("edit-description")).toHaveText("Bearbeiten");
  await expect(page.getByTestId("section-short_description")).toHaveAttribute("data-empty", "");
});

test("without JS rich text is edited in a tall textarea that says which formatting it takes", async ({ page, make, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "with JS the editor replaces the textarea");
  const id = await serviceOfItsOwn(make, { description: "<p>Alt</p>" });
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await page.getByTestId("edit-description").click();
  const area = page.locator("section#description textarea");
  expect((await area.boundingBox())!.height).toBeGreaterThanOrEqual(200);
  // The DOM's own text: Playwright's text matching skips <noscript>, where a closed form sits
  // (without JS the browser builds it like any other markup).
  expect(await page.locator("section#description").evaluate((section) => section.textContent)).toContain("Eine Leerzeile beginnt einen neuen Absatz");
});

test("the jump-to list marks the section in view", async ({ page, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "marking follows the scrolling, with JS");
  const id = await serviceOfItsOwn(make);
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  const jump = page.getByRole("navigation", { name: "Springe zu" });
  await expect(jump.locator('a[aria-current="location"]')).toHaveAttribute("href", "#short_description");
  await page.evaluate(() => document.getElementById("cost")!.scrollIntoView({ block: "start" }));
  await expect(jump.locator('a[aria-current="location"]')).toHaveAttribute("href", "#cost");
});

test("closed editors are not built with JS until opened, then come to life", async ({ page, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS every editor is the server's plain form (the other tests here use them)");
  const id = await serviceOfItsOwn(make, { description: "<p>Alt</p>" });
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  // The server wrote the closed form inside <noscript> (docs/decisions/0043-closed-editors-noscript.md):
  // with JS the browser keeps it as text, so the closed section holds no form at all.
  const section = page.locator("section#description");
  expect(await section.locator("noscript").evaluate((element) => element.textContent)).toContain("<form");
  await expect(section.locator("form")).toHaveCount(0);
  await page.getByTestId("edit-description").click();
  await expect(section.getByTestId("editor-value")).toBeVisible();
  // The opened form is React's (it marks the DOM nodes it owns).
  expect(await section.locator("form").evaluate((form) => Object.keys(form).some((key) => key.startsWith("__reactFiber")))).toBe(true);
});

test("an editor opened before the page has hydrated says its form is loading and then shows it", async ({ page, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS the form is there at once");
  const id = await serviceOfItsOwn(make, { art_nr: "A-7" });
  // Hold the scripts back, open the editor on the plain page, then let them come.
  const release = await holdScripts(page);
  await page.goto(servicePage(id), { waitUntil: "domcontentloaded" });
  await page.getByTestId("edit-cost").click();
  await expect(page.locator("section#cost").getByText("Das Formular wird geladen …")).toBeVisible();
  release();
  const form = page.locator("section#cost form");
  await expect(form.getByLabel("Artikelnummer")).toHaveValue("A-7");
  await expect(page.locator("section#cost").getByText("Das Formular wird geladen …")).toHaveCount(0);
});
