import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "../support/fixtures";

/**
 * The user guide (/documentation) in German and English, and the product information
 * (/dashboard/info): version, database and the licences of the dependencies — with JavaScript and
 * without. axe and the phone width are checked for these screens with all others
 * (screen-sweep.spec.ts via tests/support/screens.ts).
 */

const GERMAN_CHAPTERS = [
  "Erste Schritte",
  "Rollen und Berechtigungen",
  "Der Service-Katalog",
  "Services bearbeiten und prüfen",
  "Stammdaten und Tastenkürzel",
  "Admin-Bereich",
  "Import und Export",
  "KI-Assistent und Credits",
];
const ENGLISH_CHAPTERS = [
  "Getting started",
  "Roles and permissions",
  "The service catalogue",
  "Editing and reviewing services",
  "Base data and keyboard shortcuts",
  "Administration",
  "Import and export",
  "AI assistant and credits",
];

async function english(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL }]);
}

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string; dependencies: Record<string, string> };

const chapterLinks = (page: Page) => page.getByTestId("guide-chapters").getByRole("link");

test("the guide in German: the chapter list, a chapter with its shortcuts table, turning pages", async ({ page, login, javaScriptEnabled }) => {
  await login("client");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await page.getByRole("button", { name: "Benutzermenü" }).click();
  await page.getByRole("link", { name: "Dokumentation" }).click();
  await expect(page).toHaveURL("/documentation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dokumentation");
  await expect(chapterLinks(page)).toHaveText(GERMAN_CHAPTERS);

  await chapterLinks(page).filter({ hasText: "Stammdaten und Tastenkürzel" }).click();
  await expect(page).toHaveURL("/documentation/base-data");
  const article = page.getByTestId("guide-article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText("Stammdaten und Tastenkürzel");
  const shortcuts = article.getByRole("table").filter({ hasText: "Taste" });
  await expect(shortcuts.getByRole("row").filter({ hasText: "neue Zeile oben öffnen" })).toContainText("n oder Alt+N");
  await expect(shortcuts.locator("kbd", { hasText: "?" })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Stammdaten und Tastenkürzel" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle("Dokumentation · ServiceHub");

  await page.getByRole("link", { name: "Admin-Bereich" }).last().click();
  await expect(page).toHaveURL("/documentation/admin");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText("Admin-Bereich");
  await page.locator("a[rel=prev]").click();
  await expect(page).toHaveURL("/documentation/base-data");
});

test("the guide in English follows the reader's language", async ({ page, login, baseURL, javaScriptEnabled }) => {
  await login("keyuser");
  await english(page, baseURL!);
  await gotoReady(page, "/documentation", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documentation");
  await expect(chapterLinks(page)).toHaveText(ENGLISH_CHAPTERS);
  await gotoReady(page, "/documentation/catalogue", javaScriptEnabled);
  const article = page.getByTestId("guide-article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText("The service catalogue");
  await expect(article.getByRole("heading", { level: 2, name: "Views" })).toBeVisible();
  await expect(article).toContainText("A term in double quotes finds only services with exactly that name");
  await article.getByRole("link", { name: "Import and export" }).click();
  await expect(page).toHaveURL("/documentation/import-export");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText("Import and export");
});

test("an unknown chapter is the 404 page; signed out, the guide asks to sign in", async ({ page, login, javaScriptEnabled }) => {
  const response = await page.goto("/documentation/roles");
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(response?.status()).toBe(200);
  await login("user");
  const missing = await page.goto("/documentation/nope");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Diese Seite wurde nicht gefunden")).toBeVisible();
  await gotoReady(page, "/documentation/roles", javaScriptEnabled);
  await expect(page.getByTestId("guide-article").getByRole("heading", { level: 1 })).toHaveText("Rollen und Berechtigungen");
});

test("the product information names the version, the database and every dependency's licence", async ({ page, login, baseURL, javaScriptEnabled }) => {
  await login("client");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await page.getByRole("button", { name: "Benutzermenü" }).click();
  await page.getByRole("link", { name: "Produktinformationen" }).click();
  await expect(page).toHaveURL("/dashboard/info");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produktinformationen");
  await expect(page.getByTestId("product-version")).toHaveText(pkg.version);
  await expect(page.getByTestId("product-database")).toHaveText(/^SQLite 3\.\d+\.\d+$/);
  const rows = page.getByTestId("licence-row");
  await expect(rows).toHaveCount(Object.keys(pkg.dependencies).length);
  await expect(rows.filter({ hasText: "marked" })).toHaveText(/marked\s*18\.2\.1\s*MIT/);
  await expect(rows.filter({ has: page.getByRole("cell", { name: "react", exact: true }) })).toContainText("MIT");
  await expect(rows.filter({ has: page.getByRole("cell", { name: "kysely", exact: true }) })).toContainText("MIT");

  await english(page, baseURL!);
  await gotoReady(page, "/dashboard/info", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product information");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Licences of the libraries");
});
