import type { Locator, Page } from "@playwright/test";
import type { Factories } from "../factories";
import { expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { hex } from "../support/helpers";

// /reports (issue 20 §3): figures of a catalogue of the test's own, each a link to the browser
// filtered to exactly those services; the lists; N months; the CSV files. JS on and off.

/** Two years ago: stale for N = 12, not for N = 120. */
const OLD = new Date(Date.now() - 2 * 365 * 86_400_000).toISOString();
const RECENT = () => new Date().toISOString();

/**
 * Five services: Voll (all ten fields), Halb (category, short description, owner A, tag; old),
 * Ohne (nothing; old), Zwei (category, provider, level, owners A+B; old), Frisch (category only),
 * and a binned one that counts nowhere.
 */
async function buildCatalogue(make: Factories) {
  const tag = hex();
  const id = await make.catalogue({ title: `Berichtskatalog ${tag}` });
  const category = await make.category(id, { name: `Kategorie ${tag}` });
  const ownerA = await make.owner({ name: `Owner A ${tag}` });
  const ownerB = await make.owner({ name: `Owner B ${tag}` });
  const provider = await make.provider({ name: `Provider ${tag}` });
  const kpi = await make.kpi({ name: `Level ${tag}` });
  const tagId = await make.tag({ name: `Tag ${tag}` });
  const n = (name: string) => `${name} ${tag}`;
  const names = { full: n("Voll"), half: n("Halb"), none: n("Ohne"), two: n("Zwei"), fresh: n("Frisch") };
  await make.service(id, category, {
    name: names.full,
    status: "closed",
    short_description: "<p>Kurz</p>",
    description: "<p>Lang</p>",
    content: "<p>Umfang</p>",
    advantages: "<p>Vorteil</p>",
    costs: "10 €",
    updated_at: RECENT(),
    owners: [ownerA],
    providers: [provider],
    kpis: [kpi],
    tags: [tagId],
  });
  await make.service(id, category, { name: names.half, status: "open", short_description: "<p>Kurz</p>", description: "<p></p>", updated_at: OLD, owners: [ownerA], tags: [tagId] });
  await make.service(id, null, { name: names.none, status: "checking", updated_at: OLD });
  await make.service(id, category, { name: names.two, status: "open", updated_at: OLD, owners: [ownerA, ownerB], providers: [provider], kpis: [kpi] });
  await make.service(id, category, { name: names.fresh, status: "open", updated_at: RECENT() });
  // Binned: counted nowhere.
  await make.service(id, category, { name: n("Papierkorb"), deleted_at: OLD, updated_at: OLD, owners: [ownerB] });
  return { id, tag, names, ownerA, ownerB, provider, kpi, tagId };
}

const listed = (page: Page) => page.getByTestId("service-list").getByTestId("service-row").getByRole("link");
const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));

/** Follows a figure's link and checks the browser lists exactly these services, then comes back. */
async function opensExactly(page: Page, link: Locator, expected: string[], reportUrl: string, javaScriptEnabled: boolean) {
  await link.click();
  await expect(page).toHaveURL(/\/servicecatalog\?/);
  await expect(page.getByTestId("service-row")).toHaveCount(expected.length);
  expect(sorted(await listed(page).allTextContents())).toEqual(sorted(expected));
  await gotoReady(page, reportUrl, javaScriptEnabled);
}

test.describe.configure({ timeout: 120_000 });

test("the figures match the catalogue and each opens the browser filtered to exactly those services", async ({ page, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const c = await buildCatalogue(make);
  const { names } = c;
  const url = `/reports?catalogue=${c.id}&months=12`;
  await gotoReady(page, url, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Berichte" })).toBeVisible();

  await expect(page.getByTestId("figure-total-value")).toHaveText("5");
  await expect(page.getByTestId("figure-stale-value")).toHaveText("3");
  await expect(page.getByTestId("figure-unowned-value")).toHaveText("2");
  await expect(page.getByTestId("figure-nolevel-value")).toHaveText("3");
  // (10 + 4 + 0 + 4 + 1) of 50 fields.
  await expect(page.getByTestId("figure-average-value")).toHaveText("38 %");

  // Charts are SVG drawn on the server, the numbers in a table beside each.
  const owners = page.getByTestId("chart-owners");
  await expect(owners.getByTestId("chart-owners-svg")).toHaveAttribute("role", "img");
  await expect(owners.getByTestId("chart-owners-svg").locator("rect")).toHaveCount(3);
  const ownerRows = owners.getByTestId("chart-owners-table").locator("tbody tr");
  await expect(ownerRows).toHaveText([new RegExp(`^Owner A ${c.tag}\\s*3$`), new RegExp(`^Owner B ${c.tag}\\s*1$`), /^ohne Service-Owner\s*2$/]);
  const status = page.getByTestId("chart-status-table").locator("tbody tr");
  await expect(status).toHaveText([/^In Bearbeitung\s*3$/, /^Überprüfung\s*1$/, /^Abgenommen\s*1$/]);
  const fields = page.getByTestId("chart-fields-table");
  await expect(fields.locator("tr[data-key=costs]")).toHaveText(/^Kosten\s*4$/);
  await expect(fields.locator("tr[data-key=category]")).toHaveText(/^Kategorie\s*1$/);

  // Least complete first, with what is missing.
  const completeness = page.getByTestId("completeness-list").locator("tbody tr");
  await expect(completeness.locator("th")).toHaveText([names.none, names.fresh, names.half, names.two, names.full]);
  await expect(completeness.first().getByTestId("percent")).toHaveText("0 %");
  await expect(completeness.nth(2)).toContainText("Beschreibung, Leistungsumfang, Vorteile, Kosten, Service-Provider, Service-Level");
  await expect(completeness.last().getByTestId("percent")).toHaveText("100 %");
  // Oldest change first (the three share one date: then in the order they were made).
  await expect(page.getByTestId("stale-list").locator("tbody th")).toHaveText([names.half, names.none, names.two]);

  // Every figure is a link to exactly its services.
  await opensExactly(page, page.getByTestId("figure-unowned-value"), [names.none, names.fresh], url, javaScriptEnabled);
  await opensExactly(page, page.getByTestId("figure-nolevel-value"), [names.half, names.none, names.fresh], url, javaScriptEnabled);
  await opensExactly(page, page.getByTestId("figure-stale-value"), [names.half, names.none, names.two], url, javaScriptEnabled);
  await opensExactly(page, page.getByTestId("figure-total-value"), Object.values(names), url, javaScriptEnabled);
  await opensExactly(page, ownerRows.first().getByRole("link").last(), [names.full, names.half, names.two], url, javaScriptEnabled);
  await opensExactly(page, page.getByTestId("chart-providers-table").locator("tbody tr").first().getByRole("link").last(), [names.full, names.two], url, javaScriptEnabled);
  await opensExactly(page, page.getByTestId("chart-tags-table").locator("tr[data-key=none]").getByRole("link").last(), [names.none, names.two, names.fresh], url, javaScriptEnabled);
  await opensExactly(page, fields.locator("tr[data-key=costs]").getByRole("link").last(), [names.half, names.none, names.two, names.fresh], url, javaScriptEnabled);
  await opensExactly(page, status.first().getByRole("link").last(), [names.half, names.two, names.fresh], url, javaScriptEnabled);

  // The browser shows the report's filters in its panel, so they survive the next search.
  await page.getByTestId("figure-stale-value").click();
  await expect(page.getByTestId("filter-unchanged")).not.toHaveValue("");
  await expect(page.getByTestId("filters").getByRole("checkbox", { name: "ohne Kosten", exact: true })).not.toBeChecked();
});

test("N months: a wrong value is named beside its field and the default used; another N changes the stale figures", async ({ page, make, login, javaScriptEnabled }) => {
  // A reader of the working copy: a client whose current catalogue (the demo's) shows a release is refused the reports.
  await login("user");
  const c = await buildCatalogue(make);
  // The browser refuses 0 in the field itself (min 1); a hand-made URL is answered beside the field.
  await gotoReady(page, `/reports?catalogue=${c.id}`, javaScriptEnabled);
  await expect(page.getByTestId("reports-months")).toHaveAttribute("min", "1");
  await gotoReady(page, `/reports?catalogue=${c.id}&months=0`, javaScriptEnabled);
  await expect(page.getByTestId("reports-months")).toHaveValue("0");
  await expect(page.getByText("Bitte eine ganze Zahl von 1 bis 120 eingeben. Angezeigt werden 12 Monate.")).toBeVisible();
  await expect(page.getByTestId("reports-months")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("figure-stale-value")).toHaveText("3");
  // 120 months back reaches before the old changes (two years ago): nothing is that stale.
  await page.getByTestId("reports-months").fill("120");
  await page.getByTestId("reports-apply").click();
  await expect(page).toHaveURL(/months=120/);
  await expect(page.getByTestId("reports-months")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { name: "Nicht geändert seit 120 Monaten" })).toBeVisible();
  await expect(page.getByTestId("figure-stale-value")).toHaveText("0");
  // An unknown catalogue: said beside the field, the current catalogue shown.
  await gotoReady(page, "/reports?catalogue=999999999", javaScriptEnabled);
  await expect(page.getByText("Diesen Katalog gibt es nicht. Angezeigt wird Ihr aktueller Katalog.")).toBeVisible();
});

test("every table downloads as CSV for Excel, semicolon or comma", async ({ page, make, login, javaScriptEnabled }) => {
  await login("user");
  const c = await buildCatalogue(make);
  await gotoReady(page, `/reports?catalogue=${c.id}`, javaScriptEnabled);
  await expect(page.getByTestId("reports-sep")).toHaveValue("semicolon");
  const read = async (testId: string) => {
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
    const text = (await file.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    })).toString("utf8");
    return { name: file.suggestedFilename(), text };
  };
  const unowned = await read("csv-unowned");
  expect(unowned.name).toMatch(/^Services ohne Service-Owner \d{4}-\d{2}-\d{2}\.csv$/);
  expect(unowned.text.startsWith("\uFEFFID;Service;Kategorie;Status\r\n")).toBe(true);
  const lines = unowned.text.trimEnd().split("\r\n").slice(1);
  expect(lines.map((l) => l.split(";")[1])).toEqual([c.names.fresh, c.names.none]);
  expect(lines[1]).toMatch(new RegExp(`^\\d+;${c.names.none};;Überprüfung$`));

  const owners = await read("csv-owners");
  expect(owners.text).toContain(`\r\nOwner A ${c.tag};3\r\n`);
  expect(owners.text).toContain("\r\nohne Service-Owner;2\r\n");

  const completeness = await read("csv-completeness-list");
  const rows = completeness.text.trimEnd().split("\r\n");
  expect(rows[0]).toBe("\uFEFFID;Service;Kategorie;Status;Vollständigkeit (%);Fehlende Angaben");
  expect(rows).toHaveLength(6);
  expect(rows[1]).toContain(`;${c.names.none};;Überprüfung;0;`);
  expect(rows[5]).toMatch(new RegExp(`;${c.names.full};Kategorie ${c.tag};Abgenommen;100;$`));

  // Comma instead: the form's choice applies to every link.
  await page.getByTestId("reports-sep").selectOption("comma");
  await page.getByTestId("reports-apply").click();
  await expect(page).toHaveURL(/sep=comma/);
  const comma = await read("csv-status");
  expect(comma.text).toBe("\uFEFFStatus,Services\r\nIn Bearbeitung,3\r\nÜberprüfung,1\r\nAbgenommen,1\r\n");
});

test("the page is read-only for everyone; the CSV route refuses unknown tables", SERVER_CHECK, async ({ page, make, login }) => {
  await login("client");
  const c = await buildCatalogue(make);
  const post = await page.request.post(`/reports?catalogue=${c.id}`, { form: { x: "1" }, maxRedirects: 0 });
  expect(post.status()).toBe(405);
  const bad = await page.request.get(`/reports.csv?table=passwords&catalogue=${c.id}`, { maxRedirects: 0 });
  expect(bad.status()).toBe(400);
  const badMonths = await page.request.get(`/reports.csv?table=stale&months=abc&catalogue=${c.id}`, { maxRedirects: 0 });
  expect(badMonths.status()).toBe(400);
  await page.context().clearCookies();
  const anonymous = await page.request.get(`/reports.csv?table=status&catalogue=${c.id}`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toMatch(/^\/login/);
});
