import { expect, gotoReady, test, unique } from "../support/fixtures";

/** Denser, clearer lists (issue 12 §4) at laptop width. */
test.use({ viewport: { width: 1440, height: 900 } });

test("service rows stay on one line and status badges are readable", async ({ page, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const catalogueId = await make.catalogue();
  const category = await make.category(catalogueId, { name: unique("Arbeitsplatz und Kommunikation") });
  for (const [i, status] of (["open", "checking", "closed"] as const).entries())
    await make.service(catalogueId, category, { name: unique("Zentrale Notebook-Bereitstellung"), status, statuspercent: status === "closed" ? 100 : 40, position: i });
  await make.useCatalogue(user.id, catalogueId);
  await gotoReady(page, "/servicecatalog", javaScriptEnabled);
  const rows = page.getByTestId("service-row");
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) expect((await row.boundingBox())!.height).toBeLessThanOrEqual(44);
  // …and the whole table fits beside the side menu: nothing to scroll sideways at 1440 px.
  const fits = await page.getByTestId("service-list").evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth);
  expect(fits).toBe(true);
  const badge = rows.first().locator("[data-status]").first();
  const style = await badge.evaluate((el) => ({ size: parseFloat(getComputedStyle(el).fontSize), transform: getComputedStyle(el).textTransform }));
  expect(style.size).toBeGreaterThanOrEqual(12);
  expect(style.transform).not.toBe("uppercase");
});

test("Mantine badges elsewhere are readable too, and secondary buttons have a visible border", async ({ page, login, javaScriptEnabled }) => {
  await login("keyuser");
  await gotoReady(page, "/servicecatalog/catalogues", javaScriptEnabled);
  const badge = page.locator(".mantine-Badge-root").first();
  await expect(badge).toBeVisible();
  const style = await badge.evaluate((el) => ({ size: parseFloat(getComputedStyle(el).fontSize), transform: getComputedStyle(el).textTransform }));
  expect(style.size).toBeGreaterThanOrEqual(12);
  expect(style.transform).toBe("none");
  const border = await page.locator('.mantine-Button-root[data-variant="default"]').first().evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(border).toBe("rgb(134, 142, 150)");
});

test("the map view shows every area column whole", async ({ page, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const catalogueId = await make.catalogue();
  for (let i = 0; i < 8; i++) {
    const area = await make.area(catalogueId, { position: i });
    await make.category(catalogueId, { service_area_id: area, position: i });
  }
  await make.useCatalogue(user.id, catalogueId);
  await gotoReady(page, "/servicecatalog?view=3", javaScriptEnabled);
  // Issue 32 §10: the columns ran on past the screen in a box that scrolled, the last one cut at its
  // edge. They wrap into rows now: each is inside the screen and inside every box that clips it.
  const columns = page.getByTestId("map-area");
  await expect(columns).toHaveCount(8);
  const cut = await columns.evaluateAll((els) =>
    els.filter((el) => {
      const box = el.getBoundingClientRect();
      let right = window.innerWidth;
      for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") right = Math.min(right, p.getBoundingClientRect().right);
      return box.left < 0 || box.right > right + 0.5;
    }).length,
  );
  expect(cut).toBe(0);
});

test("the filter panel's boxes line up in rows of equal height", async ({ page, login, javaScriptEnabled }) => {
  await login("keyuser");
  await gotoReady(page, "/servicecatalog?filters=1", javaScriptEnabled);
  const boxes = page.getByTestId("filters").locator("fieldset");
  await expect(boxes.first()).toBeVisible();
  const rects = await boxes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), left: Math.round(r.left), width: Math.round(r.width), height: Math.round(r.height) })));
  expect(rects.length).toBeGreaterThanOrEqual(7);
  const rows = new Map<number, typeof rects>();
  for (const r of rects) rows.set(r.top, [...(rows.get(r.top) ?? []), r]);
  // Several boxes per row at 1440 px, every box of a row as tall as its neighbours, one width for all.
  expect(rows.size).toBeLessThan(rects.length);
  for (const row of rows.values()) expect(new Set(row.map((r) => r.height)).size).toBe(1);
  expect(new Set(rects.map((r) => r.width)).size).toBe(1);
  // Columns line up: the boxes of the second row start where those of the first do.
  const [first, second] = [...rows.values()];
  expect(second.map((r) => r.left)).toEqual(first.slice(0, second.length).map((r) => r.left));
});
