import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { hex } from "../support/helpers";

// Search, filters, sorting, pagination and suggestions of the catalogue browser's list view.
// Runs in the JS and the no-JS project against one shared database: the demo catalogue is only
// read; everything else happens in catalogues of the tests' own, made current for the test user.

test.describe.configure({ timeout: 120_000 });

/** The first regular catalogue: what a fresh user looks at. */
async function demoCatalogueId(db: DB): Promise<number> {
  return (await db.selectFrom("service_catalogues").select("id").where("id", ">", 0).orderBy("id").executeTakeFirstOrThrow()).id;
}

const SEARCH_FIELDS = ["name", "content", "advantages", "description", "short_description", "art_nr", "user", "booking"] as const;

/**
 * A demo service and a word of its description that appears in no other field of the service
 * (not its name) and in no other service of the catalogue.
 */
async function distinctiveDescriptionWord(db: DB, catalogueId: number) {
  const services = await db.selectFrom("services").select(["id", ...SEARCH_FIELDS]).where("service_catalogue_id", "=", catalogueId).where("deleted_at", "is", null).execute();
  const text = (s: (typeof services)[number]) => SEARCH_FIELDS.map((f) => (s[f] ?? "").toLowerCase()).join(" ");
  for (const s of services) {
    const words = (s.description ?? "").replace(/<[^>]+>/g, " ").split(/[^A-Za-zÄÖÜäöüß]+/);
    for (const word of words) {
      if (!/^[A-Za-z]{7,}$/.test(word)) continue;
      const lower = word.toLowerCase();
      if (s.name.toLowerCase().includes(lower)) continue;
      if (services.filter((o) => text(o).includes(lower)).length === 1) return { name: s.name, word };
    }
  }
  throw new Error("no distinctive description word in the demo catalogue");
}

const rowNames = (page: Page) => page.getByTestId("service-list").getByRole("link");
const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));

async function search(page: Page, term: string) {
  await page.getByTestId("search-input").fill(term);
  await page.getByTestId("search-submit").click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(term);
}

/**
 * Four services in two categories, two owners (S1 has both), two tags, a KPI on S1 and S2 only:
 *   S1 open/customer O1+O2 T1 C1 kpi · S2 checking/it O1 T2 C1 kpi · S3 closed/it — — C2 · S4 open/it O2 T1+T2 C2
 */
async function buildFilterCatalogue(make: Factories) {
  const tag = hex();
  const id = await make.catalogue({ title: `Filterkatalog ${tag}` });
  const c1 = await make.category(id, { name: `Kategorie Eins ${tag}`, position: 0 });
  const c2 = await make.category(id, { name: `Kategorie Zwei ${tag}`, position: 1 });
  const o1 = await make.owner({ name: `Owner Eins ${tag}` });
  const o2 = await make.owner({ name: `Owner Zwei ${tag}` });
  const t1 = await make.tag({ name: `Tag Eins ${tag}` });
  const t2 = await make.tag({ name: `Tag Zwei ${tag}` });
  const kpi = await make.kpi({ name: `KPI ${tag}` });
  const names = { s1: `Filter Eins ${tag}`, s2: `Filter Zwei ${tag}`, s3: `Filter Drei ${tag}`, s4: `Filter Vier ${tag}` };
  await make.service(id, c1, { name: names.s1, status: "open", servicetype: "customer", position: 0, owners: [o1, o2], tags: [t1], kpis: [kpi] });
  await make.service(id, c1, { name: names.s2, status: "checking", servicetype: "it", position: 1, owners: [o1], tags: [t2], kpis: [kpi] });
  await make.service(id, c2, { name: names.s3, status: "closed", servicetype: "it", position: 0 });
  await make.service(id, c2, { name: names.s4, status: "open", servicetype: "it", position: 1, owners: [o2], tags: [t1, t2] });
  return { id, tag, c1, c2, o1, o2, t1, t2, names, catNames: [`Kategorie Eins ${tag}`, `Kategorie Zwei ${tag}`] };
}

test.describe("search", () => {
  test("finds a demo service by a word of its description", async ({ page, db, login, javaScriptEnabled }) => {
    await login("user");
    const { name, word } = await distinctiveDescriptionWord(db, await demoCatalogueId(db));
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    // Lower case: the search ignores case.
    await search(page, word.toLowerCase());
    await expect(rowNames(page)).toHaveText([name]);
    await expect(page.getByTestId("search-input")).toHaveValue(word.toLowerCase());
    // A part of the word (no whole-word matching).
    await search(page, word.slice(0, -1).toUpperCase());
    await expect(rowNames(page).filter({ hasText: name })).toHaveCount(1);
  });

  test("a quoted name matches exactly that service", async ({ page, db, login, javaScriptEnabled }) => {
    await login("user");
    const catalogueId = await demoCatalogueId(db);
    const services = await db.selectFrom("services").select("name").where("service_catalogue_id", "=", catalogueId).where("deleted_at", "is", null).execute();
    // A name contained in another service's name, e.g. "Notebook-Bereitstellung (Entwicklung)".
    const short = services.find((a) => services.some((b) => b.name !== a.name && b.name.toLowerCase().includes(a.name.toLowerCase())))!;
    expect(short, "the demo data has a name inside another name").toBeTruthy();
    const longer = services.filter((b) => b.name !== short.name && b.name.toLowerCase().includes(short.name.toLowerCase())).map((b) => b.name);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await search(page, short.name);
    await expect(rowNames(page)).toHaveCount(1 + longer.length);
    expect(sorted(await rowNames(page).allTextContents())).toEqual(sorted([short.name, ...longer]));

    await search(page, `"${short.name}"`);
    await expect(rowNames(page)).toHaveText([short.name]);
    // Case and surrounding blanks inside the quotes do not matter.
    await gotoReady(page, `/servicecatalog?view=0&q=${encodeURIComponent(`" ${short.name.toUpperCase()} "`)}`, javaScriptEnabled);
    await expect(rowNames(page)).toHaveText([short.name]);
  });

  test("a two-letter term finds services by name and article number", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const tag = hex();
    const id = await make.catalogue({ title: `Kurzkatalog ${tag}` });
    const category = await make.category(id, { name: `Kategorie ${tag}` });
    await make.service(id, category, { name: `Qj-Portal ${tag}` });
    await make.service(id, category, { name: `Zugang ${tag}`, art_nr: "ART-QJ-1" });
    await make.service(id, category, { name: `Anderes ${tag}`, art_nr: "ART-1" });
    await make.useCatalogue(user.id, id);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await expect(page.getByTestId("service-row")).toHaveCount(3);
    await search(page, "qj");
    await expect(rowNames(page)).toHaveCount(2);
    expect(sorted(await rowNames(page).allTextContents())).toEqual(sorted([`Qj-Portal ${tag}`, `Zugang ${tag}`]));
    await search(page, "QJ");
    await expect(rowNames(page)).toHaveCount(2);
    await search(page, "xq");
    await expect(page.getByTestId("service-row")).toHaveCount(0);
    await expect(page.getByTestId("no-services")).toHaveText("Keine Services gefunden.");
  });

  test("a search without hits says so in every view and offers the closest name word", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const tag = hex();
    const id = await make.catalogue({ title: `Tippkatalog ${tag}` });
    const category = await make.category(id, { name: `Geräte ${tag}` });
    await make.service(id, category, { name: `Notebook Standard ${tag}` });
    await make.service(id, category, { name: `Notebook Premium ${tag}` });
    await make.useCatalogue(user.id, id);
    // List, tree and map: the same message (the map used to show an empty area), with "Meinten Sie".
    for (const view of [0, 1, 3]) {
      await gotoReady(page, `/servicecatalog?view=${view}&q=Notbook`, javaScriptEnabled);
      await expect(page.getByTestId("no-services"), `view ${view}`).toContainText("Keine Services gefunden.");
      await expect(page.getByTestId("did-you-mean"), `view ${view}`).toHaveText("Meinten Sie „Notebook“?");
    }
    // Following it searches for the word, in the same view.
    await page.getByTestId("did-you-mean").click();
    await expect(page).toHaveURL(/[?&]q=Notebook(&|$)/);
    await expect(page.getByTestId("no-services")).toHaveCount(0);
    await expect(page.getByTestId("map-chip")).toHaveCount(2);
    // Nothing close: the message alone.
    await gotoReady(page, "/servicecatalog?view=0&q=Drucker", javaScriptEnabled);
    await expect(page.getByTestId("no-services")).toHaveText("Keine Services gefunden.");
    await expect(page.getByTestId("did-you-mean")).toHaveCount(0);
  });
});

test.describe("filters", () => {
  test("filters through the URL: status, type, owner (all of), tag, category, missing", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const f = await buildFilterCatalogue(make);
    await make.useCatalogue(user.id, f.id);
    const { s1, s2, s3, s4 } = f.names;
    const cases: Array<[string, string[]]> = [
      ["", [s1, s2, s3, s4]],
      ["status=open", [s1, s4]],
      ["status=open&status=closed", [s1, s3, s4]],
      ["status=checking", [s2]],
      ["type=customer", [s1]],
      ["type=it", [s2, s3, s4]],
      [`owner=${f.o1}`, [s1, s2]],
      [`owner=${f.o2}`, [s1, s4]],
      [`owner=${f.o1}&owner=${f.o2}`, [s1]],
      [`tag=${f.t1}`, [s1, s4]],
      [`tag=${f.t1}&tag=${f.t2}`, [s1, s2, s4]],
      [`cat=${f.c2}`, [s3, s4]],
      [`cat=${f.c1}&cat=${f.c2}`, [s1, s2, s3, s4]],
      ["missing=owner", [s3]],
      ["missing=kpi", [s3, s4]],
      [`status=open&cat=${f.c2}`, [s4]],
      [`type=it&owner=${f.o1}`, [s2]],
      ["status=closed&missing=kpi&type=customer", []],
    ];
    for (const [params, expected] of cases) {
      await gotoReady(page, `/servicecatalog?view=0&${params}`, javaScriptEnabled);
      await expect(page.getByTestId("service-row"), params).toHaveCount(expected.length);
      expect(sorted(await rowNames(page).allTextContents()), params).toEqual(sorted(expected));
    }
  });

  test("filters through the filter form", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const f = await buildFilterCatalogue(make);
    await make.useCatalogue(user.id, f.id);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    const filters = page.getByTestId("filters");
    const toggle = page.getByTestId("filters-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(filters.getByRole("checkbox")).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await filters.getByRole("checkbox", { name: "In Bearbeitung", exact: true }).check();
    await filters.getByRole("checkbox", { name: f.catNames[1], exact: true }).check();
    await filters.getByRole("button", { name: "Filter anwenden" }).click();
    await expect(page).toHaveURL(new RegExp(`cat=${f.c2}`));
    await expect(page).toHaveURL(/status=open/);
    await expect(rowNames(page)).toHaveText([f.names.s4]);
    // The panel stays open and says how many filter groups are active; the boxes stay checked.
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toContainText("2 Filter aktiv");
    await expect(filters.getByRole("checkbox", { name: "In Bearbeitung", exact: true })).toBeChecked();

    // Two owners: only the service that has both.
    await filters.getByRole("checkbox", { name: "In Bearbeitung", exact: true }).uncheck();
    await filters.getByRole("checkbox", { name: f.catNames[1], exact: true }).uncheck();
    await filters.getByRole("checkbox", { name: `Owner Eins ${f.tag}`, exact: true }).check();
    await filters.getByRole("checkbox", { name: `Owner Zwei ${f.tag}`, exact: true }).check();
    await filters.getByRole("button", { name: "Filter anwenden" }).click();
    await expect(page).toHaveURL(new RegExp(`owner=${f.o1}&owner=${f.o2}`));
    await expect(rowNames(page)).toHaveText([f.names.s1]);

    // "ohne Service-Owner" and "Alle Filter entfernen".
    await filters.getByRole("checkbox", { name: `Owner Eins ${f.tag}`, exact: true }).uncheck();
    await filters.getByRole("checkbox", { name: `Owner Zwei ${f.tag}`, exact: true }).uncheck();
    await filters.getByRole("checkbox", { name: "ohne Service-Owner", exact: true }).check();
    await filters.getByRole("button", { name: "Filter anwenden" }).click();
    await expect(page).toHaveURL(/missing=owner/);
    await expect(rowNames(page)).toHaveText([f.names.s3]);
    await page.getByRole("link", { name: "Alle Filter entfernen" }).click();
    await expect(page.getByTestId("service-row")).toHaveCount(4);
    // Without an active filter the panel closes again.
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).not.toContainText("aktiv");
    await expect(filters.getByRole("checkbox")).toHaveCount(0);
  });
  test("the filter panel is closed on a plain visit, opens by its toggle and stays open with an active filter", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const f = await buildFilterCatalogue(make);
    await make.useCatalogue(user.id, f.id);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    const filters = page.getByTestId("filters");
    const toggle = page.getByTestId("filters-toggle");
    const closedBox = filters.getByRole("checkbox", { name: "Abgenommen", exact: true });
    // Closed: only the toggle, no checkboxes rendered.
    await expect(toggle).toHaveText("Filter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(filters.getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByTestId("apply-filters")).toHaveCount(0);

    // Opens: with JS in place (no request to the server), without JS as a link to ?…&filters=1.
    const requests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/servicecatalog")) requests.push(r.url());
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(closedBox).toBeVisible();
    await expect(closedBox).not.toBeChecked();
    await expect(filters.getByRole("checkbox", { name: f.catNames[0], exact: true })).toBeVisible();
    await expect(filters.getByRole("checkbox", { name: `Owner Eins ${f.tag}`, exact: true })).toBeVisible();
    await expect(filters.getByRole("checkbox", { name: `Tag Zwei ${f.tag}`, exact: true })).toBeVisible();
    await expect(page.getByTestId("apply-filters")).toBeVisible();
    if (javaScriptEnabled) {
      expect(new URL(page.url()).searchParams.has("filters")).toBe(false);
      expect(requests).toEqual([]);
    } else {
      await expect(page).toHaveURL(/[?&]filters=1(&|$)/);
    }
    // The toggle closes it again.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(filters.getByRole("checkbox")).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has("filters")).toBe(false);
    await expect(page.getByTestId("service-row")).toHaveCount(4);

    // Applying one filter: the list narrows, the panel stays open and says "1 Filter aktiv".
    await toggle.click();
    await expect(closedBox).toBeVisible();
    // The label text ticks the native checkbox.
    await filters.getByText("Abgenommen", { exact: true }).click();
    await expect(closedBox).toBeChecked();
    await page.getByTestId("apply-filters").click();
    await expect(page).toHaveURL(/[?&]status=closed(&|$)/);
    await expect(rowNames(page)).toHaveText([f.names.s3]);
    await expect(toggle).toHaveText("Filter · 1 Filter aktiv");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(closedBox).toBeChecked();
    await expect(filters.getByRole("checkbox", { name: "In Bearbeitung", exact: true })).not.toBeChecked();

    // A fresh visit of a filtered URL renders the panel open, without filters=1.
    await gotoReady(page, "/servicecatalog?view=0&status=closed", javaScriptEnabled);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toContainText("1 Filter aktiv");
    await expect(closedBox).toBeChecked();
    // And filters=1 alone renders it open without any filter active.
    await gotoReady(page, "/servicecatalog?view=0&filters=1", javaScriptEnabled);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveText("Filter");
    await expect(closedBox).not.toBeChecked();
    await expect(page.getByTestId("service-row")).toHaveCount(4);
  });
});

test.describe("sorting and pages", () => {
  test("alphabetical ascending and descending reverse the order", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const f = await buildFilterCatalogue(make);
    await make.useCatalogue(user.id, f.id);
    const ascending = [f.names.s3, f.names.s1, f.names.s4, f.names.s2]; // Drei, Eins, Vier, Zwei
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await page.locator('select[name="sort"]').selectOption("alphabet");
    await page.locator('select[name="dir"]').selectOption("asc");
    await page.getByTestId("search-submit").click();
    await expect(page).toHaveURL(/sort=alphabet/);
    await expect(page).toHaveURL(/dir=asc/);
    await expect(rowNames(page)).toHaveText(ascending);
    await expect(rowNames(page).first()).toHaveText(f.names.s3);
    await expect(rowNames(page).last()).toHaveText(f.names.s2);

    await page.locator('select[name="dir"]').selectOption("desc");
    await page.getByTestId("search-submit").click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(rowNames(page)).toHaveText([...ascending].reverse());
    await expect(rowNames(page).first()).toHaveText(f.names.s2);
    await expect(rowNames(page).last()).toHaveText(f.names.s3);
    await expect(page.locator('select[name="sort"]')).toHaveValue("alphabet");
  });

  test("more than 50 matches are split into pages", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const marker = `seitenmarke${hex()}`;
    const id = await make.catalogue({ title: `Seitenkatalog ${marker}` });
    const category = await make.category(id, { name: `Kategorie ${marker}` });
    for (let i = 0; i < 55; i++) await make.service(id, category, { name: `Dienst ${String(i + 1).padStart(2, "0")} ${marker}`, position: i });
    // One more service without the marker: not part of the search result.
    await make.service(id, category, { name: "Ohne Markierung", position: 60 });
    await make.useCatalogue(user.id, id);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await search(page, marker);
    await expect(page.getByTestId("service-row")).toHaveCount(50);
    const panel = page.getByTestId("services-panel");
    await expect(panel.getByText("55 Einträge")).toBeVisible();
    const pages = panel.getByRole("navigation", { name: "Seiten" });
    await expect(pages.getByRole("link", { name: "Seite 1" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Seite 2" })).toBeVisible();
    await expect(pages.getByRole("link", { name: "Seite 3" })).toHaveCount(0);
    await expect(pages.getByRole("link", { name: "Zurück" })).toHaveCount(0);
    const first = await rowNames(page).allTextContents();

    await pages.getByRole("link", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(new RegExp(`q=${marker}`));
    await expect(page.getByTestId("service-row")).toHaveCount(5);
    await expect(pages.getByRole("link", { name: "Seite 2" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Weiter" })).toHaveCount(0);
    const second = await rowNames(page).allTextContents();
    expect(new Set([...first, ...second]).size).toBe(55);
    expect([...first, ...second].every((n) => n.endsWith(marker))).toBe(true);

    await pages.getByRole("link", { name: "Zurück" }).click();
    await expect(page.getByTestId("service-row")).toHaveCount(50);
    // Without the search all 56 services are there, still on two pages.
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await expect(panel.getByText("56 Einträge")).toBeVisible();
  });
});

test.describe("suggestions", () => {
  test("typing fills the suggestion list with quoted names", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const f = await buildFilterCatalogue(make);
    await make.useCatalogue(user.id, f.id);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    const options = page.getByTestId("suggestions").locator("option");
    const input = page.getByTestId("search-input");
    await expect(input).toHaveAttribute("list", /.+/);
    expect(await input.getAttribute("list")).toBe(await page.getByTestId("suggestions").getAttribute("id"));
    await input.pressSequentially(`Filter Z`, { delay: 30 });
    if (javaScriptEnabled) {
      await expect(options).toHaveCount(1);
      await expect(options.first()).toHaveAttribute("value", `"${f.names.s2}"`);
      await input.fill("");
      await input.pressSequentially("filter", { delay: 30 });
      await expect(options).toHaveCount(4);
      const values = await Promise.all((await options.all()).map((o) => o.getAttribute("value")));
      expect(sorted(values as string[])).toEqual(sorted(Object.values(f.names).map((n) => `"${n}"`)));
      // Picking a suggestion searches that exact name.
      await input.fill(`"${f.names.s4}"`);
      await input.press("Enter");
      await expect(rowNames(page)).toHaveText([f.names.s4]);
    } else {
      // Without JS there are no suggestions; the search itself works.
      await expect(options).toHaveCount(0);
      await input.press("Enter");
      await expect(rowNames(page)).toHaveText([f.names.s2]);
    }
  });

  test("the suggest endpoint answers JSON for a signed-in user and sends others to the login", SERVER_CHECK, async ({ page, make, login, playwright, baseURL }) => {
    const user = await login("user");
    const f = await buildFilterCatalogue(make);
    await make.useCatalogue(user.id, f.id);
    const response = await page.request.get("/servicecatalog/suggest?q=filter");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = (await response.json()) as { suggestions: { id: number; name: string }[] };
    expect(sorted(body.suggestions.map((s) => s.name))).toEqual(sorted(Object.values(f.names)));
    // Shortest names first.
    const lengths = body.suggestions.map((s) => s.name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    const one = (await (await page.request.get(`/servicecatalog/suggest?q=${encodeURIComponent(`Vier ${f.tag}`)}`)).json()) as { suggestions: { name: string }[] };
    expect(one.suggestions.map((s) => s.name)).toEqual([f.names.s4]);
    const short = (await (await page.request.get("/servicecatalog/suggest?q=F")).json()) as { suggestions: unknown[] };
    expect(short.suggestions).toEqual([]);

    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      const redirected = await anonymous.get("/servicecatalog/suggest?q=filter", { maxRedirects: 0 });
      expect(redirected.status()).toBe(302);
      expect(redirected.headers()["location"]).toMatch(/^\/login\?redirectTo=%2Fservicecatalog%2Fsuggest/);
    } finally {
      await anonymous.dispose();
    }
  });
});
