import { expect, gotoReady, test } from "../support/fixtures";
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
  await expect(page.locator("section#description")).toContainText("Einfache Formatierung ist möglich");
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

test("closed editors stay the server's plain forms until opened, then come to life", async ({ page, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS every editor is the server's plain form");
  const id = await serviceOfItsOwn(make, { description: "<p>Alt</p>" });
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  // Hydrated page, closed editor: the server's form is there (it would post without JS), the
  // rich-text editor is not — the closed forms are not hydrated (docs/decisions/0041-first-paint.md).
  const section = page.locator("section#description");
  // React marks the DOM nodes it owns; the server's form is not among them.
  const hydrated = () => section.locator("form").evaluate((form) => Object.keys(form).some((key) => key.startsWith("__reactFiber")));
  await expect(section.locator("form textarea")).toHaveCount(1);
  expect(await hydrated()).toBe(false);
  // Elsewhere the page is hydrated: the jump-to list is React's.
  expect(await page.getByRole("navigation", { name: "Springe zu" }).evaluate((nav) => Object.keys(nav).some((key) => key.startsWith("__reactFiber")))).toBe(true);
  await page.getByTestId("edit-description").click();
  await expect(section.getByTestId("editor-value")).toBeVisible();
  expect(await hydrated()).toBe(true);
});
