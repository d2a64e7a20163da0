import { expect, gotoReady, test } from "../support/fixtures";

/**
 * A page's texts in the browser (issue 34 §1, decision 0065): a German page loads German text
 * files only, and a client-side navigation waits for the next route's texts before it changes
 * anything — the address and the page change together (a page that stayed behind a new address
 * took typing meant for the next one).
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "texts are loaded by the browser's scripts");

const TEXT_FILE = /\/assets\/[a-z]+\.(de|en)-[\w-]+\.js$/;

test("a German page loads only German text files, and a navigation waits for the next route's texts", async ({ page, make, login }) => {
  const user = await login("keyuser");
  const catalogueId = await make.catalogue();
  const category = await make.category(catalogueId);
  await make.useCatalogue(user.id, catalogueId);

  const loaded: string[] = [];
  page.on("request", (request) => {
    const match = TEXT_FILE.exec(request.url());
    if (match) loaded.push(match[1]!);
  });
  // The AI assistant's texts ("ai") are needed by the create page, not by the category page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const aiTextsRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/ai\.de-[\w-]+\.js$/, async (route) => {
    requested();
    await held;
    await route.continue();
  });

  await gotoReady(page, `/servicecatalog/category/${category}`, true);
  expect(loaded.length).toBeGreaterThan(0);
  await page.getByTestId("empty-category-action").click();
  await aiTextsRequested;
  // While the texts are on their way, the category page and its address stay.
  await expect(page.getByTestId("empty-category")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/servicecatalog/category/${category}`);
  release();
  await expect(page).toHaveURL(new RegExp(`/servicecatalog/new\\?type=service&category=${category}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Neu anlegen" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toBeVisible();
  expect(new Set(loaded)).toEqual(new Set(["de"]));
});
