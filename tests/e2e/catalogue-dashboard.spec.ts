import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, test } from "../support/fixtures";
import { hex } from "../support/helpers";

// The dashboard's figures for the current catalogue, their links into the browser, and the
// latest changes. Runs in the JS and the no-JS project against one shared database: the exact
// figures are checked on a catalogue of the test's own.

test.describe.configure({ timeout: 120_000 });

type Status = "open" | "checking" | "closed";
type Type = "customer" | "it";

const FIGURES = ["status-open", "status-checking", "status-closed", "type-customer", "type-it", "without-owner", "without-kpi"] as const;
type Figure = (typeof FIGURES)[number];

/** The dashboard's figures, counted straight from the database for one catalogue. */
async function countsInDb(db: DB, catalogueId: number): Promise<Record<Figure, number>> {
  const live = await db
    .selectFrom("services as s")
    .select([
      "s.status",
      "s.servicetype",
      (eb) => eb.exists(eb.selectFrom("service_owners as o").select("o.service_id").whereRef("o.service_id", "=", "s.id")).as("hasOwner"),
      (eb) => eb.exists(eb.selectFrom("service_kpis as k").select("k.service_id").whereRef("k.service_id", "=", "s.id")).as("hasKpi"),
    ])
    .where("s.service_catalogue_id", "=", catalogueId)
    .where("s.deleted_at", "is", null)
    .execute();
  const count = (pred: (s: (typeof live)[number]) => boolean) => live.filter(pred).length;
  return {
    "status-open": count((s) => s.status === "open"),
    "status-checking": count((s) => s.status === "checking"),
    "status-closed": count((s) => s.status === "closed"),
    "type-customer": count((s) => s.servicetype === "customer"),
    "type-it": count((s) => s.servicetype === "it"),
    "without-owner": count((s) => !Number(s.hasOwner)),
    "without-kpi": count((s) => !Number(s.hasKpi)),
  };
}

/** The browser URL each figure links to. */
const LINKS: Record<Figure, RegExp> = {
  "status-open": /\/servicecatalog\?view=0&status=open$/,
  "status-checking": /\/servicecatalog\?view=0&status=checking$/,
  "status-closed": /\/servicecatalog\?view=0&status=closed$/,
  "type-customer": /\/servicecatalog\?view=0&type=customer$/,
  "type-it": /\/servicecatalog\?view=0&type=it$/,
  "without-owner": /\/servicecatalog\?view=0&missing=owner$/,
  "without-kpi": /\/servicecatalog\?view=0&missing=kpi$/,
};

const figureValue = (page: Page, id: Figure) => page.getByTestId(id).locator("p").last();

/**
 * Five live services with a known mix, one binned service and one in another catalogue (neither
 * counts):
 *   d1 open/customer owner kpi · d2 open/it kpi · d3 checking/customer owner · d4 closed/it · d5 closed/customer owner kpi
 */
async function buildDashboardCatalogue(make: Factories) {
  const tag = hex();
  const id = await make.catalogue({ title: `Dashboardkatalog ${tag}` });
  const other = await make.catalogue({ title: `Anderer Katalog ${tag}` });
  const category = await make.category(id, { name: `Kategorie ${tag}` });
  const owner = await make.owner({ name: `Owner ${tag}` });
  const kpi = await make.kpi({ name: `KPI ${tag}` });
  const specs: Array<{ name: string; status: Status; type: Type; owner: boolean; kpi: boolean; binned?: boolean; catalogue?: number }> = [
    { name: `D1 ${tag}`, status: "open", type: "customer", owner: true, kpi: true },
    { name: `D2 ${tag}`, status: "open", type: "it", owner: false, kpi: true },
    { name: `D3 ${tag}`, status: "checking", type: "customer", owner: true, kpi: false },
    { name: `D4 ${tag}`, status: "closed", type: "it", owner: false, kpi: false },
    { name: `D5 ${tag}`, status: "closed", type: "customer", owner: true, kpi: true },
    { name: `Binned ${tag}`, status: "open", type: "it", owner: false, kpi: false, binned: true },
    { name: `Elsewhere ${tag}`, status: "checking", type: "it", owner: false, kpi: false, catalogue: other },
  ];
  for (const [i, s] of specs.entries()) {
    await make.service(s.catalogue ?? id, s.catalogue ? null : category, {
      name: s.name,
      status: s.status,
      servicetype: s.type,
      position: i,
      deleted_at: s.binned ? new Date().toISOString() : null,
      owners: s.owner ? [owner] : [],
      kpis: s.kpi ? [kpi] : [],
    });
  }
  return { id, title: `Dashboardkatalog ${tag}`, tag };
}

test("the figures equal the database's counts and each opens the matching list", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("user");
  const cat = await buildDashboardCatalogue(make);
  await make.useCatalogue(user.id, cat.id);
  const expected = await countsInDb(db, cat.id);
  // The mix as built (guards the counting above as much as the page).
  expect(expected).toEqual({ "status-open": 2, "status-checking": 1, "status-closed": 2, "type-customer": 3, "type-it": 2, "without-owner": 2, "without-kpi": 2 });

  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByText(`${cat.title} · 5 Services`)).toBeVisible();
  for (const id of FIGURES) await expect(figureValue(page, id), id).toHaveText(String(expected[id]));
  await expect(page.getByTestId("status-open")).toContainText("In Bearbeitung");
  await expect(page.getByTestId("type-it")).toContainText("IT-Service");

  for (const id of FIGURES) {
    await gotoReady(page, "/dashboard", javaScriptEnabled);
    await page.getByTestId(id).click();
    await expect(page, id).toHaveURL(LINKS[id]);
    await expect(page.getByTestId("service-row"), id).toHaveCount(expected[id]);
    const total = expected[id] === 1 ? "1 Eintrag" : `${expected[id]} Einträge`;
    await expect(page.getByTestId("services-panel").getByText(total, { exact: true }), id).toBeVisible();
    // The filter shows as active in the browser.
    await expect(page.getByTestId("filters-toggle")).toContainText("1 Filter aktiv");
  }
  // Spot checks of which services the links found.
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await page.getByTestId("without-owner").click();
  await expect(page).toHaveURL(LINKS["without-owner"]);
  await expect(page.getByTestId("service-row")).toHaveCount(2);
  const names = await page.getByTestId("service-list").getByRole("link").allTextContents();
  expect(names.sort()).toEqual([`D2 ${cat.tag}`, `D4 ${cat.tag}`]);
});

test("the figures of the demo catalogue match the database", async ({ page, db, login, javaScriptEnabled }) => {
  // A reader of the working copy (a client reads the demo catalogue's release: releases-customers.spec.ts).
  await login("user");
  const demo = await db.selectFrom("service_catalogues").select(["id", "title"]).where("id", ">", 0).orderBy("id").executeTakeFirstOrThrow();
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  const expected = await countsInDb(db, demo.id);
  expect(expected["status-open"] + expected["status-checking"] + expected["status-closed"]).toBeGreaterThan(0);
  for (const id of FIGURES) await expect(figureValue(page, id), id).toHaveText(String(expected[id]));
  await page.getByTestId("status-closed").click();
  await expect(page).toHaveURL(LINKS["status-closed"]);
  await expect(page.getByTestId("service-row")).toHaveCount(Math.min(50, expected["status-closed"]));
  await expect(page.getByTestId("catalogue-title")).toHaveText(demo.title!);
});

test("latest changes show a service just created", async ({ page, make, login, javaScriptEnabled }) => {
  const tag = hex();
  const user = await login("keyuser", { name: `Dora Dashboard ${tag}` });
  const catalogueId = await make.catalogue({ title: `Neuigkeiten ${tag}` });
  await make.category(catalogueId, { name: `Kategorie ${tag}` });
  await make.useCatalogue(user.id, catalogueId);
  const name = `Frischer Service ${tag}`;
  await gotoReady(page, "/servicecatalog/new?type=service", javaScriptEnabled);
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("combobox", { name: "Kategorie", exact: true }).selectOption({ label: `Kategorie ${tag}` });
  await page.getByTestId("create-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Service angelegt");
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  await gotoReady(page, "/dashboard", javaScriptEnabled);
  const changes = page.getByTestId("latest-changes");
  const row = changes.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", `/servicecatalog/service/${id}`);
  await expect(row).toContainText("Angelegt");
  await expect(row).toContainText(`Dora Dashboard ${tag}`);
  // At most ten entries, newest first.
  expect(await changes.getByRole("row").count()).toBeLessThanOrEqual(10);
  await expect(figureValue(page, "status-open")).toHaveText("1");
});

test("latest changes name the catalogue as it is called and leave out Word exports (issue 32 §4)", async ({ page, make, login, javaScriptEnabled }) => {
  const tag = hex();
  const user = await login("keyuser", { name: `Erika Export ${tag}` });
  const title = `Umbenannt ${tag}`;
  const catalogueId = await make.catalogue({ title });
  await make.useCatalogue(user.id, catalogueId);
  const now = new Date().toISOString();
  // A rename (whose activity keeps no name) and, after it, a Word export of the same catalogue.
  for (const event of ["updated", "exported"]) {
    await make.activity({ subject_type: "catalogue", subject_id: String(catalogueId), event, causer_id: user.id, causer_name: user.name, new_values: event === "updated" ? JSON.stringify({ frame: 1 }) : null, created_at: now });
  }
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  const rows = page.getByTestId("latest-changes").getByRole("row").filter({ hasText: `Erika Export ${tag}` });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(title);
  await expect(rows).not.toContainText("inzwischen gelöscht");
  await expect(rows).toContainText("Geändert");
});
