import { expect, gotoReady, test, unique } from "../support/fixtures";
import { openEditor } from "../support/helpers";

/** Correct data and wording (issue 12 §6): what the screens offer matches what is stored. */

test("the progress filter offers bands of ten and finds the services in them", async ({ page, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const catalogueId = await make.catalogue();
  const category = await make.category(catalogueId);
  const third = unique("Drittel");
  await make.service(catalogueId, category, { name: third, statuspercent: 33, position: 0 });
  await make.service(catalogueId, category, { name: unique("Halb"), statuspercent: 57, position: 1 });
  await make.service(catalogueId, category, { name: unique("Fertig"), statuspercent: 100, status: "closed", position: 2 });
  await make.useCatalogue(user.id, catalogueId);
  await gotoReady(page, "/servicecatalog?pct=30", javaScriptEnabled);
  await expect(page.getByLabel("30–39 %")).toBeChecked();
  for (const band of ["0–9 %", "50–59 %", "90–99 %", "100 %"]) await expect(page.getByLabel(band, { exact: true })).toHaveCount(1);
  await expect(page.getByTestId("service-row")).toHaveCount(1);
  await expect(page.getByTestId("service-row")).toContainText(third);
  await gotoReady(page, "/servicecatalog?pct=50&pct=100", javaScriptEnabled);
  await expect(page.getByTestId("service-row")).toHaveCount(2);
});

test("the glossary shows a definition's text, never its markup", async ({ page, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const term = unique("Begriff");
  const id = await make.term({ term, definition: "<p>Erster <strong>Satz</strong></p><p>Zweiter &amp; letzter</p>" });
  for (const url of [`/basedata/termdefinitions?q=${encodeURIComponent(term)}`, `/basedata/termdefinitions/${id}`]) {
    await gotoReady(page, url, javaScriptEnabled);
    const main = page.locator("main");
    await expect(main).toContainText("Erster Satz");
    await expect(main).toContainText("Zweiter & letzter");
    expect(await main.innerText(), url).not.toMatch(/<\/?(p|strong)>|&amp;/);
  }
});

test("deleting an owner is an error-kind notice as the spec says, titled as a deletion, not a failure", async ({ page, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const owner = await make.owner();
  await gotoReady(page, `/basedata/owner/${owner}/delete`, javaScriptEnabled);
  await page.getByTestId("confirm-delete").click();
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveAttribute("data-kind", "error");
  await expect(toast).toContainText("Service-Owner gelöscht");
  await expect(toast).toContainText("Gelöscht");
  await expect(toast).not.toContainText("Fehler");
});

test("an option form mentions the current picture only when there is one", async ({ page, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const { serviceIds } = await make.catalogueWithServices(1, { service: { options: [{ name: "Ohne Bild" }] } });
  await gotoReady(page, `/servicecatalog/service/${serviceIds[0]}`, javaScriptEnabled);
  const options = page.locator("#options");
  // Both forms, the option's and the new one, take a picture and say which (each opened by its own summary or link).
  for (const editor of [options.getByTestId("option"), page.getByTestId("add-option")]) {
    await openEditor(editor);
    await expect(editor.getByText("JPG oder PNG, höchstens 2 MB.")).toBeVisible();
    await expect(editor.getByText(/bisherige Bild/)).toHaveCount(0);
  }
});

test("asking for a reset link stays on /reset-password, without ?index", async ({ page, make, javaScriptEnabled }) => {
  const user = await make.user("user");
  await gotoReady(page, "/reset-password", javaScriptEnabled);
  expect(await page.locator("form[method=post]").first().getAttribute("action")).not.toContain("index");
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByRole("button", { name: "Link senden" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});

test("a new password equal to the current one is refused with a message", async ({ page, login, javaScriptEnabled }) => {
  const user = await login("user");
  await gotoReady(page, "/settings/password", javaScriptEnabled);
  const dialog = page.getByRole("dialog", { name: "Passwort ändern" });
  await dialog.getByLabel("Altes Passwort").fill(user.password);
  await dialog.getByLabel("Neues Passwort").fill(user.password);
  await dialog.getByLabel("Passwort bestätigen").fill(user.password);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Das neue Passwort muss sich vom bisherigen unterscheiden.")).toBeVisible();
});
