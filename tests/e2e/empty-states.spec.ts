import { expect, gotoReady, test, unique } from "../support/fixtures";

/** Empty states with a next step (issue 12 §7): they say what to do and offer it where the role allows. */

test("an empty category offers to create its first service, which then lands in it", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const catalogueId = await make.catalogue();
  const category = await make.category(catalogueId);
  await make.useCatalogue(user.id, catalogueId);
  await gotoReady(page, `/servicecatalog/category/${category}`, javaScriptEnabled);
  const empty = page.getByTestId("empty-category");
  await expect(empty).toContainText("Diese Kategorie enthält keine Services.");
  await empty.getByTestId("empty-category-action").click();
  await expect(page).toHaveURL(new RegExp(`/servicecatalog/new\\?type=service&category=${category}$`));
  const name = unique("Erster Service");
  await page.getByRole("textbox", { name: /Name/ }).fill(name);
  await expect(page.getByRole("combobox", { name: /Kategorie/ })).toHaveValue(String(category));
  await page.getByTestId("create-submit").click();
  await expect(page).toHaveURL(/\/servicecatalog\/service\/\d+$/);
  const created = await db.selectFrom("services").select("category_id").where("name", "=", name).executeTakeFirstOrThrow();
  expect(created.category_id).toBe(category);
});

test("an empty area offers to create a category in it; a reader only reads that it is empty", async ({ page, make, login, context, javaScriptEnabled }) => {
  const keyuser = await login("keyuser");
  const catalogueId = await make.catalogue();
  const area = await make.area(catalogueId);
  await make.useCatalogue(keyuser.id, catalogueId);
  await gotoReady(page, `/servicecatalog/area/${area}`, javaScriptEnabled);
  await expect(page.getByTestId("empty-area-action")).toHaveAttribute("href", `/servicecatalog/new?type=category&area=${area}`);
  await context.clearCookies();
  await login("user");
  await gotoReady(page, `/servicecatalog/area/${area}`, javaScriptEnabled);
  await expect(page.getByTestId("empty-area")).toBeVisible();
  await expect(page.getByTestId("empty-area-action")).toHaveCount(0);
});

test("the dashboard of an empty catalogue says so and offers the next step by role", async ({ page, make, login, context, javaScriptEnabled }) => {
  const catalogueId = await make.catalogue();
  const keyuser = await login("keyuser");
  await make.useCatalogue(keyuser.id, catalogueId);
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("dashboard-empty")).toContainText("Dieser Katalog enthält noch keine Services.");
  await expect(page.getByTestId("dashboard-empty-action")).toHaveAttribute("href", "/servicecatalog/new?type=service");
  await context.clearCookies();
  const reader = await login("user");
  await make.useCatalogue(reader.id, catalogueId);
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("dashboard-empty-action")).toHaveAttribute("href", "/servicecatalog/catalogues");
});
