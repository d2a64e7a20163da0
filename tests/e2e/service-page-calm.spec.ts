import { expect, gotoReady, holdScripts, test } from "../support/fixtures";
import { openEditor, serviceOfItsOwn, servicePage, toast } from "../support/helpers";

/** A calmer service page (issue 12 §5). */

test.beforeEach(async ({ login }) => {
  await login("keyuser");
});

test("a section's editor closes after a successful save and the saved value shows once", async ({ page, make, javaScriptEnabled }) => {
  const id = await serviceOfItsOwn(make);
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await openEditor(page.locator("section#cost"));
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
  await openEditor(page.locator("section#cost"));
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
  await openEditor(page.locator("section#description"));
  const area = page.locator("section#description textarea");
  expect((await area.boundingBox())!.height).toBeGreaterThanOrEqual(200);
  await expect(page).toHaveURL(/[?&]edit=description#description$/);
  await expect(page.locator("section#description").getByText("Eine Leerzeile beginnt einen neuen Absatz")).toBeVisible();
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

test("closed editors are not built until opened, then come to life", async ({ page, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS an editor opens by its address (the other tests here use it)");
  const id = await serviceOfItsOwn(make, { description: "<p>Alt</p>" });
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  // The server writes no closed form (docs/decisions/0073-editors-on-demand.md), only — for a
  // browser without JS, inside <noscript> — the link to the page with this editor open.
  const section = page.locator("section#description");
  const noscript = (await section.locator("noscript").evaluate((element) => element.textContent)) ?? "";
  expect(noscript).toContain("edit=description#description");
  expect(noscript).not.toContain("<form");
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
  await openEditor(page.locator("section#cost"));
  await expect(page.locator("section#cost").getByText("Das Formular wird geladen …")).toBeVisible();
  release();
  const form = page.locator("section#cost form");
  await expect(form.getByLabel("Artikelnummer")).toHaveValue("A-7");
  await expect(page.locator("section#cost").getByText("Das Formular wird geladen …")).toHaveCount(0);
});
