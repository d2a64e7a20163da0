import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import mammoth from "mammoth";
import type { Factories } from "../factories";
import { expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { hex, servicePage, toast, withLicence } from "../support/helpers";
import { violations } from "../support/sweeps";

// The Word export (issue 17 §5–7), with JS on and off: a permitted user downloads a catalogue, the
// result of a search, a selection and one service as .docx; the file is read back with mammoth
// (an independent reader) and holds the cover-sheet title, a heading per service, the options
// table and the service's bold text. Without the word-export flag or without the licence there is
// no button and the export URLs answer 403. The licence (export_active) is global: tests that need
// it in a given state hold the "export-licence" lock (as user-grants.spec.ts does) and restore it.

/** Clicks and returns the downloaded file, read back as HTML by mammoth. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const buffer = fs.readFileSync((await file.path())!);
  return { name: file.suggestedFilename(), buffer, html: (await mammoth.convertToHtml({ buffer })).value };
}

const headings = (html: string, level: number) => [...html.matchAll(new RegExp(`<h${level}>(?:<a id="[^"]*"></a>)?(.*?)</h${level}>`, "g"))].map((m) => m[1]);

/** A catalogue of its own with a cover-sheet title and two services, one with bold text and options. */
async function catalogueToExport(make: Factories) {
  const marker = hex();
  const catalogueId = await make.catalogue({ title: `Exportkatalog ${marker}` });
  const categoryId = await make.category(catalogueId, { name: `Kategorie ${marker}` });
  const first = await make.service(catalogueId, categoryId, {
    name: `Erster Dienst ${marker}`,
    description: "<p>Text mit <strong>Fettdruck</strong> und <em>Betonung</em>.</p>",
    options: [{ name: "Option Eins", art_nr: "OPT-1", costs: 12.5 }, "Option Zwei"],
    position: 0,
  });
  const second = await make.service(catalogueId, categoryId, { name: `Zweiter Dienst ${marker}`, position: 1 });
  await make.frame(catalogueId, { title: `Deckblatt ${marker}` });
  return { marker, catalogueId, first, second };
}

test("a permitted reader downloads the catalogue and the result of a search as Word documents", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("client", { wordExport: true });
  const { marker, catalogueId } = await catalogueToExport(make);
  await make.useCatalogue(user.id, catalogueId);

  await withLicence(db, true, async () => {
    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    const button = page.getByTestId("word-export");
    await expect(button).toHaveText("Als Word exportieren");
    const { name, html } = await download(page, button);
    expect(name).toMatch(new RegExp(`^Exportkatalog ${marker} \\d{4}-\\d{2}-\\d{2}\\.docx$`));
    expect(html).toContain(`<p>Deckblatt ${marker}</p>`);
    expect(headings(html, 3)).toEqual([`Erster Dienst ${marker}`, `Zweiter Dienst ${marker}`]);
    expect(html).toContain("<tr><td><p>Option Eins</p></td><td><p>OPT-1</p></td><td></td><td><p>12,50\u00a0€</p></td></tr>");
    expect(html).toContain("<p>Text mit <strong>Fettdruck</strong> und <em>Betonung</em>.</p>");

    // The search narrows the export to what it finds.
    await gotoReady(page, `/servicecatalog?q=${encodeURIComponent(`"Zweiter Dienst ${marker}"`)}`, javaScriptEnabled);
    const filtered = page.getByTestId("word-export");
    await expect(filtered).toHaveText("Treffer als Word exportieren");
    const excerpt = await download(page, filtered);
    expect(headings(excerpt.html, 3)).toEqual([`Zweiter Dienst ${marker}`]);
    expect(excerpt.html).toContain("Auszug: Ergebnis einer Suche oder eines Filters");
  });

  // Each export is in the catalogue's activity log, with the number of services.
  const activities = await db.selectFrom("activities").select(["event", "new_values", "causer_id"]).where("subject_type", "=", "catalogue").where("subject_id", "=", String(catalogueId)).orderBy("id").execute();
  expect(activities.map((a) => [a.event, JSON.parse(a.new_values!).services, a.causer_id])).toEqual([
    ["exported", 2, user.id],
    ["exported", 1, user.id],
  ]);
});

test("a keyuser exports the checked entries of the list", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser", { wordExport: true });
  const { marker, catalogueId, second } = await catalogueToExport(make);
  await make.useCatalogue(user.id, catalogueId);
  await withLicence(db, true, async () => {
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await page.locator(`input[name="service"][value="${second}"]`).check();
    const { html } = await download(page, page.getByTestId("word-export-selection"));
    expect(headings(html, 3)).toEqual([`Zweiter Dienst ${marker}`]);
    expect(html).toContain("Auszug: ausgewählte Bereiche, Kategorien und Services");

    // Nothing checked: the page says what to do, and nothing is exported.
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await page.getByTestId("word-export-selection").click();
    const message = "Bitte wählen Sie mindestens einen Bereich, eine Kategorie oder einen Service für den Export aus.";
    // With JS beside the button, without JS as the page's toast.
    await expect(javaScriptEnabled ? page.getByRole("alert").filter({ hasText: message }) : toast(page)).toContainText(message);
  });
});

test("a permitted user downloads one service from its page", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("user", { wordExport: true });
  const { marker, first } = await catalogueToExport(make);
  await withLicence(db, true, async () => {
    await gotoReady(page, servicePage(first), javaScriptEnabled);
    const { name, html } = await download(page, page.getByTestId("word-export"));
    expect(name).toMatch(new RegExp(`^Erster Dienst ${marker} \\d{4}-\\d{2}-\\d{2}\\.docx$`));
    expect(headings(html, 1)).toEqual([`Erster Dienst ${marker}`]);
    expect(html).toContain(`Exportkatalog ${marker} › Kategorie ${marker}`);
    expect(html).toContain("<p>Option Zwei</p>");
    expect(html).toContain("<strong>Fettdruck</strong>");
    expect(html).not.toContain("Inhaltsverzeichnis");
  });
  const log = await db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(first)).execute();
  expect(log.map((a) => a.event)).toContain("exported");
});

test("without the word-export flag there is no button and every export URL answers 403", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const { catalogueId, first } = await catalogueToExport(make);
  await make.useCatalogue(user.id, catalogueId);
  await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
  await expect(page.getByTestId("view-list")).toBeVisible();
  await expect(page.getByTestId("word-export")).toHaveCount(0);
  await expect(page.getByTestId("word-export-selection")).toHaveCount(0);
  await gotoReady(page, servicePage(first), javaScriptEnabled);
  await expect(page.getByTestId("service-name")).toBeVisible();
  await expect(page.getByTestId("word-export")).toHaveCount(0);

  expect((await page.request.get(`/servicecatalog/export.docx?catalogue=${catalogueId}`, { maxRedirects: 0 })).status()).toBe(403);
  expect((await page.request.post(`/servicecatalog/export.docx?catalogue=${catalogueId}`, { form: { service: String(first) }, maxRedirects: 0 })).status()).toBe(403);
  expect((await page.request.get(`/servicecatalog/service/${first}/export.docx`, { maxRedirects: 0 })).status()).toBe(403);
  const exports = await db.selectFrom("activities").select("id").where("event", "=", "exported").where("causer_id", "=", user.id).execute();
  expect(exports).toEqual([]);
});

test("without the licence there is no button and the export answers 403, even with the flag", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser", { wordExport: true });
  const { catalogueId, first } = await catalogueToExport(make);
  await make.useCatalogue(user.id, catalogueId);
  await withLicence(db, false, async () => {
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await expect(page.getByTestId("view-list")).toBeVisible();
    await expect(page.getByTestId("word-export")).toHaveCount(0);
    await expect(page.getByTestId("word-export-selection")).toHaveCount(0);
    await gotoReady(page, servicePage(first), javaScriptEnabled);
    await expect(page.getByTestId("word-export")).toHaveCount(0);
    expect((await page.request.get(`/servicecatalog/export.docx?catalogue=${catalogueId}`, { maxRedirects: 0 })).status()).toBe(403);
    expect((await page.request.post(`/servicecatalog/export.docx?catalogue=${catalogueId}`, { form: { service: String(first) }, maxRedirects: 0 })).status()).toBe(403);
    expect((await page.request.get(`/servicecatalog/service/${first}/export.docx`, { maxRedirects: 0 })).status()).toBe(403);
  });
  // Signed out, the export asks for a sign-in first.
  await page.context().clearCookies();
  const anonymous = await page.request.get(`/servicecatalog/export.docx?catalogue=${catalogueId}`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toMatch(/^\/login\?redirectTo=/);
});

test("an unknown catalogue or service is a 404", SERVER_CHECK, async ({ page, make, login, db }) => {
  await login("keyuser", { wordExport: true });
  const { first } = await catalogueToExport(make);
  const orphan = await make.service(null, null, { name: "Ohne Katalog" });
  await withLicence(db, true, async () => {
    expect((await page.request.get("/servicecatalog/export.docx?catalogue=987654321")).status()).toBe(404);
    expect((await page.request.get("/servicecatalog/service/987654321/export.docx")).status()).toBe(404);
    expect((await page.request.get(`/servicecatalog/service/${orphan}/export.docx`)).status()).toBe(404);
    expect((await page.request.get(`/servicecatalog/service/${first}/export.docx`)).status()).toBe(200);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the export buttons fit, and the pages showing them have no axe violations", async ({ page, db, make, login, javaScriptEnabled }) => {
    // axe runs in the page: the JS project checks both looks (the no-JS one is the same markup).
    test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
    const user = await login("keyuser", { wordExport: true });
    const { catalogueId, first } = await catalogueToExport(make);
    await make.useCatalogue(user.id, catalogueId);
    await withLicence(db, true, async () => {
      for (const url of ["/servicecatalog", servicePage(first)]) {
        await gotoReady(page, url, javaScriptEnabled);
        await expect(page.getByTestId("word-export")).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await violations(page)).toEqual([]);
      }
    });
  });
});
