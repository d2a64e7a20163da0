import { addSessionCookie, expect, gotoReady, test, unique } from "../support/fixtures";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";

/**
 * Empty states that the shared test instance can never show (its bin and base data always hold
 * something): a fresh ServiceHub of its own, as a new organisation meets it (issue 12 §7).
 */
let fresh: SecondInstance;
test.beforeAll(async () => {
  fresh = await startSecondInstance("empty");
});
test.afterAll(async () => {
  await fresh?.stop();
});

test("an empty bin says what lands there and leads back to the catalogue", async ({ page, context, javaScriptEnabled }) => {
  const admin = await fresh.make.user("superadmin");
  await addSessionCookie(fresh.db, context, fresh.baseURL, admin.id);
  await gotoReady(page, `${fresh.baseURL}/bin`, javaScriptEnabled);
  const empty = page.getByTestId("bin-empty");
  await expect(empty).toContainText("Der Papierkorb ist leer.");
  await expect(empty).toContainText("Gelöschte Services landen hier");
  await empty.getByRole("link", { name: "Zum Service-Katalog" }).click();
  await expect(page).toHaveURL(`${fresh.baseURL}/servicecatalog`);
});

test("an empty base-data list offers to create the first entry, which then is listed", async ({ page, context, javaScriptEnabled }) => {
  const keyuser = await fresh.make.user("keyuser");
  await addSessionCookie(fresh.db, context, fresh.baseURL, keyuser.id);
  await gotoReady(page, `${fresh.baseURL}/basedata/provider`, javaScriptEnabled);
  const empty = page.getByTestId("basedata-empty");
  await expect(empty).toContainText("Noch keine Einträge");
  await empty.getByRole("link", { name: "Neu" }).click();
  await expect(page).toHaveURL(`${fresh.baseURL}/basedata/provider/new`);
  const name = unique("Erster Provider");
  await page.getByRole("textbox", { name: /^Name/ }).first().fill(name);
  await page.getByRole("button", { name: "Speichern" }).first().click();
  await expect(page.getByTestId("basedata-empty")).toHaveCount(0);
  await expect(page.getByRole("gridcell", { name })).toBeVisible();
  const stored = await fresh.db.selectFrom("providers").select("name").execute();
  expect(stored.map((p) => p.name)).toEqual([name]);
});
