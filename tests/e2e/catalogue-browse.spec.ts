import type { Page } from "@playwright/test";
import type { Factories } from "../factories";
import { addSessionCookie, expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { hex } from "../support/helpers";

// The catalogue browser (/servicecatalog): views, remembered view, top-bar title, counts, map,
// tree (expansion and zoom), sub-view switches and the catalogue picker. Runs in the JS and the
// no-JS project against one shared database: every test that needs known content builds its own
// catalogue and makes it the test user's current catalogue.

// The shared test machine can be slow; these tests walk through several pages each.
test.describe.configure({ timeout: 120_000 });

type Status = "open" | "checking" | "closed";

/**
 * A small catalogue of its own: two areas; "Eins" holds two categories, "Zwei" one; four live
 * services in all three statuses and one binned service (never counted or shown).
 */
async function buildCatalogue(make: Factories) {
  const tag = hex();
  const title = `Katalog ${tag}`;
  const id = await make.catalogue({ title });
  const areaNames = [`Bereich Eins ${tag}`, `Bereich Zwei ${tag}`];
  const a1 = await make.area(id, { name: areaNames[0], position: 0 });
  const a2 = await make.area(id, { name: areaNames[1], position: 1 });
  const catNames = [`Kategorie A ${tag}`, `Kategorie B ${tag}`, `Kategorie C ${tag}`];
  const c1 = await make.category(id, { service_area_id: a1, name: catNames[0], position: 0 });
  const c2 = await make.category(id, { service_area_id: a1, name: catNames[1], position: 1 });
  const c3 = await make.category(id, { service_area_id: a2, name: catNames[2], position: 0 });
  const services = [
    { name: `Service Offen ${tag}`, category: c1, status: "open" as Status },
    { name: `Service Prüfung ${tag}`, category: c1, status: "checking" as Status },
    { name: `Service Fertig ${tag}`, category: c2, status: "closed" as Status },
    { name: `Service Drei ${tag}`, category: c3, status: "open" as Status },
  ];
  const ids: number[] = [];
  for (const [i, s] of services.entries()) ids.push(await make.service(id, s.category, { name: s.name, status: s.status, statuspercent: s.status === "closed" ? 100 : 50, position: i }));
  await make.service(id, c3, { name: `Service Papierkorb ${tag}`, status: "open", statuspercent: 50, position: 9, deleted_at: new Date().toISOString() });
  return { id, title, areas: [a1, a2], areaNames, categories: [c1, c2, c3], catNames, services: services.map((s, i) => ({ ...s, id: ids[i] })) };
}

const viewLink = (page: Page, key: "list" | "tree" | "map") => page.getByTestId(`view-${key}`);

test.describe("views", () => {
  test("switches views by the links and by the URL", async ({ page, login, javaScriptEnabled }) => {
    await login("user");
    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await expect(viewLink(page, "list")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("service-list")).toBeVisible();

    await viewLink(page, "tree").click();
    await expect(page).toHaveURL(/\/servicecatalog\?view=1$/);
    await expect(page.getByTestId("tree")).toBeVisible();
    await expect(page.getByTestId("service-list")).toHaveCount(0);
    await expect(viewLink(page, "tree")).toHaveAttribute("aria-current", "page");
    await expect(viewLink(page, "list")).not.toHaveAttribute("aria-current");

    await viewLink(page, "map").click();
    await expect(page).toHaveURL(/\/servicecatalog\?view=3$/);
    await expect(page.getByTestId("catalogue-map")).toBeVisible();
    await expect(page.getByTestId("tree")).toHaveCount(0);
    await expect(viewLink(page, "map")).toHaveAttribute("aria-current", "page");

    await viewLink(page, "list").click();
    await expect(page).toHaveURL(/\/servicecatalog\?view=0$/);
    await expect(page.getByTestId("service-list")).toBeVisible();
    await expect(page.getByTestId("catalogue-map")).toHaveCount(0);

    for (const [view, testId, key] of [
      [1, "tree", "tree"],
      [3, "catalogue-map", "map"],
      [0, "service-list", "list"],
    ] as const) {
      await gotoReady(page, `/servicecatalog?view=${view}`, javaScriptEnabled);
      await expect(page.getByTestId(testId)).toBeVisible();
      await expect(viewLink(page, key)).toHaveAttribute("aria-current", "page");
    }
  });

  test("the chosen view is remembered for the session only", async ({ page, browser, baseURL, db, login, javaScriptEnabled }) => {
    const user = await login("user");
    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await viewLink(page, "map").click();
    await expect(page.getByTestId("catalogue-map")).toBeVisible();

    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await expect(page.getByTestId("catalogue-map")).toBeVisible();
    await expect(viewLink(page, "map")).toHaveAttribute("aria-current", "page");
    // The remembering cookie lives for the browser session only.
    const cookie = (await page.context().cookies()).find((c) => c.name === "sh_view");
    expect(cookie).toBeTruthy();
    expect(cookie!.expires).toBe(-1);

    // A new browser (context) is a new session: back to the list.
    const other = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled });
    try {
      await addSessionCookie(db, other, baseURL!, user.id);
      const second = await other.newPage();
      await gotoReady(second, "/servicecatalog", javaScriptEnabled);
      await expect(second.getByTestId("service-list")).toBeVisible();
      await expect(second.getByTestId("catalogue-map")).toHaveCount(0);
      await expect(second.getByTestId("view-list")).toHaveAttribute("aria-current", "page");
    } finally {
      await other.close();
    }

    // Choosing the tree replaces the remembered map.
    await viewLink(page, "tree").click();
    await expect(page.getByTestId("tree")).toBeVisible();
    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await expect(page.getByTestId("tree")).toBeVisible();
  });

  test("view 4/5/6 redirect to the browser without a visited object, else open the last one", SERVER_CHECK, async ({ page, db, login }) => {
    await login("user");
    for (const view of [4, 5, 6]) {
      const response = await page.request.get(`/servicecatalog?view=${view}`, { maxRedirects: 0 });
      expect(response.status(), `view=${view}`).toBe(302);
      expect(response.headers()["location"], `view=${view}`).toBe("/servicecatalog");
      await page.goto(`/servicecatalog?view=${view}`);
      await expect(page).toHaveURL(/\/servicecatalog$/);
      await expect(page.getByTestId("service-list")).toBeVisible();
    }
    // After visiting an area page, view 6 opens it again (and 5 still has nothing).
    const area = await db.selectFrom("service_areas").select("id").where("name", "=", "Arbeitsplatz").executeTakeFirstOrThrow();
    await page.goto(`/servicecatalog/area/${area.id}`);
    await page.goto("/servicecatalog?view=6");
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/area/${area.id}$`));
    await page.goto("/servicecatalog?view=5");
    await expect(page).toHaveURL(/\/servicecatalog$/);
  });
});

test.describe("catalogue title and counts", () => {
  test("the top bar shows the current catalogue's title on catalogue paths only", async ({ page, db, login, javaScriptEnabled }) => {
    await login("user");
    // A fresh user looks at the first regular catalogue.
    const first = await db.selectFrom("service_catalogues").select("title").where("id", ">", 0).orderBy("id").executeTakeFirstOrThrow();
    await gotoReady(page, "/dashboard", javaScriptEnabled);
    await expect(page.getByTestId("top-bar")).toBeVisible();
    await expect(page.getByTestId("catalogue-title")).toHaveCount(0);

    await page.getByTestId("side-menu").getByTestId("nav-servicecatalog").click();
    await expect(page).toHaveURL(/\/servicecatalog$/);
    await expect(page.getByTestId("catalogue-title")).toHaveText(first.title!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title!);

    await page.getByTestId("side-menu").getByTestId("nav-dashboard").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("catalogue-title")).toHaveCount(0);

    const area = await db.selectFrom("service_areas").select("id").where("name", "=", "Arbeitsplatz").executeTakeFirstOrThrow();
    await gotoReady(page, `/servicecatalog/area/${area.id}`, javaScriptEnabled);
    await expect(page.getByTestId("catalogue-title")).toHaveText(first.title!);
  });

  test("the list shows the catalogue's counts without binned services", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const cat = await buildCatalogue(make);
    await make.useCatalogue(user.id, cat.id);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await expect(page.getByTestId("catalogue-title")).toHaveText(cat.title);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("4 Services · 2 Bereiche · 3 Kategorien");
    await expect(page.getByTestId("service-row")).toHaveCount(4);
    await expect(page.getByTestId("service-list")).not.toContainText("Papierkorb");
    const areas = page.getByTestId("areas-panel");
    await expect(areas.getByRole("link")).toHaveText(cat.areaNames);
    await expect(areas).toContainText("2 Kategorien");
    await expect(areas).toContainText("1 Kategorie");
    const categories = page.getByTestId("categories-panel");
    expect((await categories.getByRole("link").allTextContents()).sort()).toEqual(cat.catNames);
    await expect(categories.getByText(`${cat.areaNames[0]} · 2 Services`, { exact: true })).toHaveCount(1);
    await expect(categories.getByText(`${cat.areaNames[0]} · 1 Service`, { exact: true })).toHaveCount(1);
    await expect(categories.getByText(`${cat.areaNames[1]} · 1 Service`, { exact: true })).toHaveCount(1);
  });

  test("unknown area and category ids are a 404 page", SERVER_CHECK, async ({ page, login }) => {
    await login("user");
    for (const path of ["/servicecatalog/area/999999", "/servicecatalog/category/999999"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Diese Seite wurde nicht gefunden")).toBeVisible();
    }
  });
});

test.describe("map", () => {
  test("renders areas as columns, categories as cards and status-coloured chips", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("client");
    const cat = await buildCatalogue(make);
    await make.useCatalogue(user.id, cat.id);
    await gotoReady(page, "/servicecatalog?view=3", javaScriptEnabled);
    const columns = page.getByTestId("map-area");
    await expect(columns).toHaveCount(2);
    await expect(columns.nth(0).getByRole("heading", { level: 2 })).toHaveText(cat.areaNames[0]);
    await expect(columns.nth(1).getByRole("heading", { level: 2 })).toHaveText(cat.areaNames[1]);
    await expect(columns.nth(0).getByTestId("map-category")).toHaveCount(2);
    await expect(columns.nth(1).getByTestId("map-category")).toHaveCount(1);
    await expect(columns.nth(0).getByTestId("map-category").nth(0)).toContainText(cat.catNames[0]);
    await expect(columns.nth(0).getByTestId("map-category").nth(1)).toContainText(cat.catNames[1]);
    await expect(columns.nth(1).getByTestId("map-category")).toContainText(cat.catNames[2]);

    const chips = page.getByTestId("map-chip");
    await expect(chips).toHaveCount(4);
    for (const s of cat.services) {
      const chip = chips.filter({ hasText: s.name });
      await expect(chip).toHaveAttribute("data-status", s.status);
      await expect(chip).toHaveAttribute("href", `/servicecatalog/service/${s.id}`);
    }
    // The first category's chips, in position order.
    await expect(columns.nth(0).getByTestId("map-category").nth(0).getByTestId("map-chip")).toHaveText([cat.services[0].name, cat.services[1].name]);
    // Each status has its own colour.
    const colours: Record<Status, string> = { open: "rgb(233, 236, 239)", checking: "rgb(255, 243, 191)", closed: "rgb(211, 249, 216)" };
    for (const s of cat.services) await expect(chips.filter({ hasText: s.name })).toHaveCSS("background-color", colours[s.status]);
  });
});

test.describe("tree", () => {
  test("expands and collapses all nodes and single nodes", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("client");
    const cat = await buildCatalogue(make);
    await make.useCatalogue(user.id, cat.id);
    await gotoReady(page, "/servicecatalog?view=1", javaScriptEnabled);
    const tree = page.getByTestId("tree");
    const toggles = tree.getByRole("link", { name: / (auf|zu)klappen$/ });
    await expect(toggles).toHaveCount(3);
    for (const name of cat.catNames) await expect(tree.getByRole("link", { name: `${name} aufklappen` })).toHaveAttribute("aria-expanded", "false");
    await expect(tree.getByTestId("tree-service")).toHaveCount(0);

    await page.getByTestId("expand-all").click();
    await expect(page).toHaveURL(/expand=all/);
    for (const name of cat.catNames) await expect(tree.getByRole("link", { name: `${name} zuklappen` })).toHaveAttribute("aria-expanded", "true");
    await expect(tree.getByTestId("tree-service")).toHaveCount(4);

    // Closing one node of an all-open tree keeps the others open.
    await tree.getByRole("link", { name: `${cat.catNames[0]} zuklappen` }).click();
    await expect(tree.getByRole("link", { name: `${cat.catNames[0]} aufklappen` })).toHaveAttribute("aria-expanded", "false");
    await expect(tree.getByRole("link", { name: `${cat.catNames[1]} zuklappen` })).toHaveAttribute("aria-expanded", "true");
    await expect(tree.getByRole("link", { name: `${cat.catNames[2]} zuklappen` })).toHaveAttribute("aria-expanded", "true");
    await expect(tree.getByTestId("tree-service")).toHaveCount(2);

    await page.getByTestId("collapse-all").click();
    for (const name of cat.catNames) await expect(tree.getByRole("link", { name: `${name} aufklappen` })).toHaveAttribute("aria-expanded", "false");
    await expect(tree.getByTestId("tree-service")).toHaveCount(0);

    // A single node: open, services in position order, closed again.
    await tree.getByRole("link", { name: `${cat.catNames[0]} aufklappen` }).click();
    await expect(page).toHaveURL(new RegExp(`open=${cat.categories[0]}`));
    const node = tree.getByTestId("tree-category").filter({ hasText: cat.catNames[0] });
    await expect(node.getByRole("link", { name: `${cat.catNames[0]} zuklappen` })).toHaveAttribute("aria-expanded", "true");
    await expect(node.getByTestId("tree-service")).toHaveCount(2);
    await expect(node.getByTestId("tree-service").getByRole("link")).toHaveText([cat.services[0].name, cat.services[1].name]);
    await expect(tree.getByRole("link", { name: `${cat.catNames[1]} aufklappen` })).toHaveAttribute("aria-expanded", "false");
    await node.getByRole("link", { name: `${cat.catNames[0]} zuklappen` }).click();
    await expect(tree.getByRole("link", { name: `${cat.catNames[0]} aufklappen` })).toHaveAttribute("aria-expanded", "false");
    await expect(tree.getByTestId("tree-service")).toHaveCount(0);
  });

  test("'expand all' shows 10 services per category with a link to the rest; one open category shows up to 200", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("client");
    const tag = hex();
    const id = await make.catalogue({ title: `Großkatalog ${tag}` });
    const bigName = `Große Kategorie ${tag}`;
    const smallName = `Kleine Kategorie ${tag}`;
    const big = await make.category(id, { service_area_id: null, name: bigName, position: 0 });
    const small = await make.category(id, { service_area_id: null, name: smallName, position: 1 });
    const name = (i: number) => `Dienst ${String(i + 1).padStart(3, "0")} ${tag}`;
    for (let i = 0; i < 205; i++) await make.service(id, big, { name: name(i), status: "open", statuspercent: 0, position: i });
    // A binned service is neither shown nor counted.
    await make.service(id, big, { name: `Papierkorb ${tag}`, status: "open", statuspercent: 50, position: 300, deleted_at: new Date().toISOString() });
    const smallNames = [`Klein Eins ${tag}`, `Klein Zwei ${tag}`];
    for (const [i, n] of smallNames.entries()) await make.service(id, small, { name: n, status: "closed", statuspercent: 100, position: i });
    await make.useCatalogue(user.id, id);

    const tree = page.getByTestId("tree");
    const node = (category: string) => tree.getByTestId("tree-category").filter({ has: page.getByRole("link", { name: new RegExp(`^${category} (auf|zu)klappen$`) }) });
    const services = (category: string) => node(category).getByTestId("tree-service").locator(":scope > a");
    const more = (category: string) => node(category).getByRole("link", { name: /^\+ \d+ weitere?r?$/ });

    await gotoReady(page, "/servicecatalog?view=1", javaScriptEnabled);
    await page.getByTestId("expand-all").click();
    await expect(page).toHaveURL(/expand=all/);
    await expect(node(bigName)).toContainText("205 Services");
    await expect(services(bigName)).toHaveText(Array.from({ length: 10 }, (_, i) => name(i)));
    await expect(more(bigName)).toHaveText("+ 195 weitere");
    await expect(more(bigName)).toHaveAttribute("href", `/servicecatalog/category/${big}`);
    await expect(services(smallName)).toHaveText(smallNames);
    await expect(more(smallName)).toHaveCount(0);

    // A single opened category shows up to 200, then the link.
    await tree.getByRole("link", { name: `${smallName} zuklappen` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${big}(&|$)`));
    await expect(page).not.toHaveURL(/expand=all/);
    await expect(services(bigName)).toHaveCount(200);
    await expect(services(bigName).first()).toHaveText(name(0));
    await expect(services(bigName).last()).toHaveText(name(199));
    await expect(more(bigName)).toHaveText("+ 5 weitere");
    await expect(services(smallName)).toHaveCount(0);
    await expect(tree).not.toContainText(`Papierkorb ${tag}`);

    // The link opens the category page.
    await more(bigName).click();
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/category/${big}$`));
    await expect(page.getByRole("heading", { level: 1, name: bigName })).toBeVisible();
  });

  test("zoom steps by 0.025 and stays within 0.3 and 1", async ({ page, login, javaScriptEnabled }) => {
    await login("user");
    await gotoReady(page, "/servicecatalog?view=1", javaScriptEnabled);
    const tree = page.getByTestId("tree");
    const zoomIn = page.getByRole("link", { name: "Vergrößern" });
    const zoomOut = page.getByRole("link", { name: "Verkleinern" });
    await expect(tree).toHaveAttribute("data-zoom", "1");
    await expect(page.getByTestId("zoom-value")).toHaveText("100 %");
    await expect(zoomIn).toHaveAttribute("aria-disabled", "true");

    await zoomOut.click();
    await expect(tree).toHaveAttribute("data-zoom", "0.975");
    await expect(page).toHaveURL(/zoom=0\.975/);
    await expect(page.getByTestId("zoom-value")).toHaveText("98 %");
    await zoomOut.click();
    await expect(tree).toHaveAttribute("data-zoom", "0.95");
    await expect(tree).toHaveAttribute("style", /scale\(0\.95\)/);
    await zoomIn.click();
    await expect(tree).toHaveAttribute("data-zoom", "0.975");
    await zoomIn.click();
    await expect(tree).toHaveAttribute("data-zoom", "1");
    // At the maximum the button is marked disabled and links to the same zoom.
    await expect(zoomIn).toHaveAttribute("aria-disabled", "true");
    await expect(zoomIn).toHaveAttribute("href", "/servicecatalog?view=1");

    await gotoReady(page, "/servicecatalog?view=1&zoom=0.325", javaScriptEnabled);
    await expect(tree).toHaveAttribute("data-zoom", "0.325");
    await expect(zoomOut).not.toHaveAttribute("aria-disabled", "true");
    await zoomOut.click();
    await expect(tree).toHaveAttribute("data-zoom", "0.3");
    await expect(zoomOut).toHaveAttribute("aria-disabled", "true");
    await expect(zoomOut).toHaveAttribute("href", "/servicecatalog?view=1&zoom=0.3");
    await expect(zoomIn).toHaveAttribute("href", "/servicecatalog?view=1&zoom=0.325");
    await expect(page.getByTestId("zoom-value")).toHaveText("30 %");

    // Out-of-range values in the URL are clamped.
    await gotoReady(page, "/servicecatalog?view=1&zoom=0.05", javaScriptEnabled);
    await expect(tree).toHaveAttribute("data-zoom", "0.3");
    await gotoReady(page, "/servicecatalog?view=1&zoom=4", javaScriptEnabled);
    await expect(tree).toHaveAttribute("data-zoom", "1");
  });
});

test.describe("links", () => {
  test("service links in list, tree and map open the service (with JS without reloading the page)", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("client");
    const cat = await buildCatalogue(make);
    await make.useCatalogue(user.id, cat.id);
    const s = cat.services[1];
    const cases = [
      ["list", "/servicecatalog?view=0", page.getByTestId("service-list").getByRole("link", { name: s.name, exact: true })],
      ["tree", `/servicecatalog?view=1&open=${s.category}`, page.getByTestId("tree").getByRole("link", { name: s.name, exact: true })],
      ["map", "/servicecatalog?view=3", page.getByTestId("map-chip").filter({ hasText: s.name })],
    ] as const;
    for (const [label, url, link] of cases) {
      await gotoReady(page, url, javaScriptEnabled);
      await expect(link, label).toHaveAttribute("href", `/servicecatalog/service/${s.id}`);
      // A marker on the window survives a client-side navigation only.
      if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
      await link.click();
      await expect(page, label).toHaveURL(new RegExp(`/servicecatalog/service/${s.id}$`));
      await expect(page.getByTestId("service-name"), label).toContainText(s.name);
      if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage), label).toBe(true);
    }
    // The category link of the tree and of the list panel open the category page.
    await gotoReady(page, "/servicecatalog?view=1", javaScriptEnabled);
    await page.getByTestId("tree").getByRole("link", { name: cat.catNames[2], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/category/${cat.categories[2]}$`));
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await page.getByTestId("categories-panel").getByRole("link", { name: cat.catNames[0], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/category/${cat.categories[0]}$`));
  });
});

test.describe("list sub-views", () => {
  test("switching a sub-view off hides its panel and survives a reload", async ({ page, login, javaScriptEnabled }) => {
    await login("user");
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    for (const panel of ["areas-panel", "categories-panel", "services-panel"]) await expect(page.getByTestId(panel)).toBeVisible();

    async function toggle(key: "areas" | "categories" | "services", on: boolean) {
      const box = page.getByTestId(`subview-${key}`);
      const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/prefs/sidebar"));
      await expect(box).toBeChecked({ checked: !on });
      if (javaScriptEnabled) {
        // Applies on change through a fetcher.
        await box.click();
      } else {
        await (on ? box.check() : box.uncheck());
        // Without JS the switches apply through the submit button inside <noscript>.
        await page.getByRole("button", { name: "Übernehmen" }).click();
      }
      await saved;
      await expect(box).toBeChecked({ checked: on });
    }

    await toggle("areas", false);
    await expect(page.getByTestId("areas-panel")).toHaveCount(0);
    await expect(page.getByTestId("categories-panel")).toBeVisible();
    await expect(page.getByTestId("services-panel")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("areas-panel")).toHaveCount(0);
    await expect(page.getByTestId("subview-areas")).not.toBeChecked();
    await expect(page.getByTestId("subview-categories")).toBeChecked();

    if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await toggle("services", false);
    await expect(page.getByTestId("services-panel")).toHaveCount(0);
    await toggle("categories", false);
    await expect(page.getByTestId("categories-panel")).toHaveCount(0);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    for (const panel of ["areas-panel", "categories-panel", "services-panel"]) await expect(page.getByTestId(panel)).toHaveCount(0);
    await expect(page.getByTestId("subview-services")).not.toBeChecked();

    await toggle("services", true);
    await expect(page.getByTestId("services-panel")).toBeVisible();
    await expect(page.getByTestId("areas-panel")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("services-panel")).toBeVisible();
    await expect(page.getByTestId("categories-panel")).toHaveCount(0);
  });
});

test.describe("catalogue picker", () => {
  test("switching the catalogue changes title and counts", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const from = await buildCatalogue(make);
    const toTitle = unique("Zielkatalog");
    const to = await make.catalogue({ title: toTitle });
    const category = await make.category(to, { service_area_id: null, name: unique("Einzige Kategorie"), position: 0 });
    await make.service(to, category, { name: unique("Einziger Service"), status: "open", statuspercent: 50, position: 0 });
    await make.useCatalogue(user.id, from.id);

    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await expect(page.getByTestId("catalogue-title")).toHaveText(from.title);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("4 Services · 2 Bereiche · 3 Kategorien");
    await page.getByTestId("catalogue-picker").selectOption({ label: toTitle });
    // With JS the choice applies on change; without JS through the "Wechseln" button in <noscript>.
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Wechseln" }).click();
    await expect(page.getByTestId("toast")).toContainText("Katalog gewechselt");
    await expect(page).toHaveURL(/\/servicecatalog$/);
    await expect(page.getByTestId("catalogue-title")).toHaveText(toTitle);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(toTitle);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("1 Services · 0 Bereiche · 1 Kategorien");
    await expect(page.getByTestId("catalogue-picker")).toHaveValue(String(to));
    const stored = await db.selectFrom("users").select("settings").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings!)).toMatchObject({ currentCatalogueId: to });

    // Kept for the next visit (stored with the user, not in the browser).
    await gotoReady(page, "/dashboard", javaScriptEnabled);
    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await expect(page.getByTestId("catalogue-title")).toHaveText(toTitle);
  });

  test("an unknown catalogue id is refused with an error toast", async ({ page, db, make, login }) => {
    const user = await login("user");
    const cat = await buildCatalogue(make);
    await make.useCatalogue(user.id, cat.id);
    const response = await page.request.post("/servicecatalog?index", { form: { intent: "catalogue", catalogue: "999999" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/servicecatalog");
    await page.goto("/servicecatalog");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Catalog not found");
    await expect(toast).toHaveAttribute("data-kind", "error");
    await expect(page.getByTestId("catalogue-title")).toHaveText(cat.title);
    const stored = await db.selectFrom("users").select("settings").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings!)).toMatchObject({ currentCatalogueId: cat.id });
  });

  test("a superadmin creates a catalogue, which becomes the current one", async ({ page, login, db, javaScriptEnabled }) => {
    await login("superadmin");
    const title = unique("Neuer Katalog");
    await gotoReady(page, "/servicecatalog/catalogues", javaScriptEnabled);
    await page.getByRole("textbox", { name: "Titel" }).fill(title);
    await page.getByRole("button", { name: "Anlegen" }).click();
    await expect(page.getByTestId("toast")).toContainText("Katalog angelegt");
    await expect(page).toHaveURL(/\/servicecatalog$/);
    await expect(page.getByTestId("catalogue-title")).toHaveText(title);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("0 Services · 0 Bereiche · 0 Kategorien");
    expect(await db.selectFrom("service_catalogues").select("id").where("title", "=", title).executeTakeFirst()).toBeTruthy();
  });
});
