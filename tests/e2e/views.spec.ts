import type { Page } from "@playwright/test";
import { createView } from "~/modules/views/views.server";
import { stateFromSearch } from "~/modules/views/views-state";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, test, unique, type TestUser } from "../support/fixtures";
import { hex, toast } from "../support/helpers";

/**
 * Saved views (issue 20 §1), with JavaScript and without: "save this view" in the catalogue
 * browser, the list at /views, opening a view (its catalogue and its filtered list), renaming,
 * deleting, sharing — and the server refusing what a role may not do.
 */

const rowNames = (page: Page) => page.getByTestId("service-list").getByRole("link");
const card = (page: Page, name: string) => page.getByTestId("saved-view").filter({ has: page.getByTestId("saved-view-name").getByText(name, { exact: true }) });

/** A catalogue whose services a filter narrows to two: "<tag> A" and "<tag> B" are in review, "<tag> C" is not. */
async function reviewCatalogue(make: Factories, tag: string) {
  const catalogueId = await make.catalogue({ title: `Ansichtenkatalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  await make.service(catalogueId, category, { name: `${tag} B`, status: "checking" });
  await make.service(catalogueId, category, { name: `${tag} A`, status: "checking" });
  await make.service(catalogueId, category, { name: `${tag} C`, status: "open" });
  return catalogueId;
}

const viewRow = (db: DB, userId: number, name: string) => db.selectFrom("saved_views").selectAll().where("user_id", "=", userId).where("name", "=", name).executeTakeFirst();

async function seedView(db: DB, user: TestUser, values: { name: string; shared?: boolean; search?: string; catalogueId?: number | null }) {
  return createView(
    db,
    { name: values.name, shared: values.shared ?? false, state: stateFromSearch(new URLSearchParams(values.search ?? "view=0&status=checking")), catalogueId: values.catalogueId ?? null },
    { id: user.id, name: user.name, role: user.role },
  );
}

test("a view saved in the browser is listed in /views and opens the same filtered list in its catalogue", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const tag = hex();
  const catalogueId = await reviewCatalogue(make, tag);
  const elsewhere = await make.catalogue({ title: `Anderer Katalog ${tag}` });
  await make.useCatalogue(user.id, catalogueId);
  const filtered = `/servicecatalog?view=0&q=${tag}&status=checking&sort=alphabet&dir=asc`;
  await gotoReady(page, filtered, javaScriptEnabled);
  await expect(rowNames(page)).toHaveText([`${tag} A`, `${tag} B`]);

  await page.getByTestId("save-view").click();
  await expect(page).toHaveURL(/\/servicecatalog\/save-view\?/);
  const dialog = page.getByRole("dialog", { name: "Ansicht speichern" });
  await expect(dialog).toBeVisible();
  // The browser stays visible under the dialog, with the same state.
  await expect(rowNames(page)).toHaveText([`${tag} A`, `${tag} B`]);
  await expect(dialog.getByTestId("save-view-summary")).toHaveText(`Liste · Suche „${tag}“ · Status: Überprüfung · Sortierung: Alphabetisch aufsteigend`);

  // A name is required: refused beside the field, nothing stored.
  await dialog.getByTestId("save-view-submit").click();
  await expect(dialog.getByText("Bitte geben Sie einen Namen ein.")).toBeVisible();
  expect(await db.selectFrom("saved_views").select("id").where("user_id", "=", user.id).execute()).toEqual([]);

  const name = `Prüfliste ${tag}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByTestId("save-view-submit").click();
  await expect(toast(page)).toContainText(`Ansicht „${name}“ gespeichert.`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(filtered);
  const row = await viewRow(db, user.id, name);
  expect(row).toMatchObject({ catalogue_id: catalogueId, shared: 0 });
  expect(JSON.parse(row!.state)).toMatchObject({ view: 0, q: tag, statuses: ["checking"], sort: "alphabet", dir: "asc", categories: [] });

  // Somewhere else, another catalogue current: the view brings both back.
  await make.useCatalogue(user.id, elsewhere);
  await gotoReady(page, "/views", javaScriptEnabled);
  const saved = card(page, name);
  await expect(saved).toContainText(`Liste · Suche „${tag}“ · Status: Überprüfung · Sortierung: Alphabetisch aufsteigend`);
  await expect(saved).toContainText(`Katalog: Ansichtenkatalog ${tag}`);
  await expect(saved.getByTestId("saved-view-sharing")).toHaveText("Persönlich");
  await saved.getByRole("button", { name: `Ansicht ${name} öffnen` }).click();
  await expect(page).toHaveURL(filtered);
  await expect(rowNames(page)).toHaveText([`${tag} A`, `${tag} B`]);
  await expect(page.getByTestId("catalogue-picker")).toHaveValue(String(catalogueId));
});

test("a view is renamed and deleted from /views, each change in the audit", async ({ page, db, login, javaScriptEnabled }) => {
  const user = await login("user");
  const tag = hex();
  const id = await seedView(db, user, { name: `Alt ${tag}` });
  await seedView(db, user, { name: `Zweite ${tag}` });
  await gotoReady(page, "/views", javaScriptEnabled);

  await card(page, `Alt ${tag}`).getByRole("link", { name: `Ansicht Alt ${tag} bearbeiten` }).click();
  await expect(page).toHaveURL(`/views/${id}/edit`);
  let dialog = page.getByRole("dialog", { name: "Ansicht bearbeiten" });
  // A client may not share: no such choice.
  await expect(dialog.getByLabel("Mit allen teilen")).toHaveCount(0);
  // Another of one's own views' names is taken (case does not matter).
  await dialog.getByLabel("Name").fill(`ZWEITE ${tag}`);
  await dialog.getByTestId("edit-view-submit").click();
  await expect(dialog.getByText("Sie haben bereits eine Ansicht mit diesem Namen.")).toBeVisible();
  await dialog.getByLabel("Name").fill(`Neu ${tag}`);
  await dialog.getByTestId("edit-view-submit").click();
  await expect(toast(page)).toContainText(`Ansicht „Neu ${tag}“ gespeichert.`);
  await expect(page).toHaveURL("/views");
  await expect(card(page, `Neu ${tag}`)).toBeVisible();
  await expect(card(page, `Alt ${tag}`)).toHaveCount(0);

  await card(page, `Neu ${tag}`).getByRole("link", { name: `Ansicht Neu ${tag} löschen` }).click();
  dialog = page.getByRole("dialog", { name: "Ansicht löschen" });
  await expect(dialog).toContainText(`Ansicht „Neu ${tag}“ löschen?`);
  await dialog.getByTestId("confirm-delete-view").click();
  await expect(toast(page)).toContainText(`Ansicht „Neu ${tag}“ gelöscht.`);
  await expect(card(page, `Neu ${tag}`)).toHaveCount(0);
  expect(await viewRow(db, user.id, `Neu ${tag}`)).toBeUndefined();
  const events = await db.selectFrom("activities").select(["event", "causer_id"]).where("subject_type", "=", "saved_view").where("subject_id", "=", String(id)).orderBy("id").execute();
  expect(events).toEqual([
    { event: "created", causer_id: user.id },
    { event: "updated", causer_id: user.id },
    { event: "deleted", causer_id: user.id },
  ]);
});

test("a shared view is listed for another user, who opens it but may neither rename nor delete it; an admin may", async ({ page, db, make, login, context, javaScriptEnabled }) => {
  const tag = hex();
  const catalogueId = await reviewCatalogue(make, tag);

  // The owner shares it while saving.
  const owner = await login("keyuser");
  await make.useCatalogue(owner.id, catalogueId);
  await gotoReady(page, `/servicecatalog/save-view?view=0&q=${tag}&status=checking&sort=alphabet&dir=asc`, javaScriptEnabled);
  const saveDialog = page.getByRole("dialog", { name: "Ansicht speichern" });
  await saveDialog.getByLabel("Name").fill(`Geteilt ${tag}`);
  await saveDialog.getByLabel("Mit allen teilen").check();
  await saveDialog.getByTestId("save-view-submit").click();
  await expect(toast(page)).toContainText(`Ansicht „Geteilt ${tag}“ gespeichert.`);
  expect(await viewRow(db, owner.id, `Geteilt ${tag}`)).toMatchObject({ shared: 1 });
  const shared = await db.selectFrom("saved_views").select("id").where("name", "=", `Geteilt ${tag}`).executeTakeFirstOrThrow();
  const personal = await seedView(db, owner, { name: `Privat ${tag}`, catalogueId });

  // Another user sees the shared one (not the personal one), opens it, and has no edit or delete.
  await context.clearCookies();
  await login("user");
  await gotoReady(page, "/views", javaScriptEnabled);
  const sharedCard = page.getByTestId("shared-views").getByTestId("saved-view").filter({ hasText: `Geteilt ${tag}` });
  await expect(sharedCard.getByTestId("saved-view-sharing")).toHaveText("Geteilt");
  await expect(sharedCard).toContainText("Angelegt von:");
  await expect(sharedCard.getByRole("link")).toHaveCount(0);
  await expect(page.getByText(`Privat ${tag}`)).toHaveCount(0);
  await sharedCard.getByRole("button", { name: `Ansicht Geteilt ${tag} öffnen` }).click();
  await expect(rowNames(page)).toHaveText([`${tag} A`, `${tag} B`]);

  // The server refuses what the page does not offer: pages → /unauthorized, posts → 403; another's personal view does not exist.
  await page.goto(`/views/${shared.id}/delete`);
  await expect(page).toHaveURL("/unauthorized");
  for (const [path, form] of [
    [`/views/${shared.id}/delete`, {}],
    [`/views/${shared.id}/edit`, { name: "Gekapert", updated_at: "x" }],
  ] as const) {
    const response = await page.request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
  }
  expect((await page.request.get(`/views/${personal}/edit`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.post(`/views/${personal}/delete`, { form: {}, maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.post(`/views/${personal}/open`, { form: {}, maxRedirects: 0 })).status()).toBe(404);
  expect(await db.selectFrom("saved_views").select(["id", "name"]).where("id", "in", [shared.id, personal]).orderBy("id").execute()).toEqual([
    { id: shared.id, name: `Geteilt ${tag}` },
    { id: personal, name: `Privat ${tag}` },
  ]);

  // An admin deletes the shared view.
  await context.clearCookies();
  await login("keysuperuser");
  await gotoReady(page, `/views/${shared.id}/delete`, javaScriptEnabled);
  const dialog = page.getByRole("dialog", { name: "Ansicht löschen" });
  await expect(dialog).toContainText("Die Ansicht ist mit allen geteilt und verschwindet für alle.");
  await dialog.getByTestId("confirm-delete-view").click();
  await expect(toast(page)).toContainText(`Ansicht „Geteilt ${tag}“ gelöscht.`);
  expect(await db.selectFrom("saved_views").select("id").where("id", "=", shared.id).executeTakeFirst()).toBeUndefined();
});

test("who may not share cannot share by posting it; the list says how to save a first view", async ({ page, db, login, javaScriptEnabled }) => {
  const user = await login("user");
  await gotoReady(page, "/views", javaScriptEnabled);
  await expect(page.getByTestId("views-empty")).toContainText("Sie haben noch keine Ansicht gespeichert.");
  await gotoReady(page, "/servicecatalog/save-view?view=1", javaScriptEnabled);
  const dialog = page.getByRole("dialog", { name: "Ansicht speichern" });
  await expect(dialog.getByTestId("save-view-summary")).toContainText("Baum · alle Services");
  await expect(dialog.getByLabel("Mit allen teilen")).toHaveCount(0);
  const response = await page.request.post("/servicecatalog/save-view?view=1", { form: { name: unique("Erschlichen"), shared: "on" }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
  expect(await db.selectFrom("saved_views").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  // Without "shared" the same post saves a personal view.
  const ok = await page.request.post("/servicecatalog/save-view?view=1", { form: { name: "Mein Baum" }, maxRedirects: 0 });
  expect(ok.status()).toBe(302);
  expect(await viewRow(db, user.id, "Mein Baum")).toMatchObject({ shared: 0 });
});

test("on a phone: the list and the save dialog fit 390 px", async ({ page, db, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  await seedView(db, user, { name: `Sehr langer Name einer Ansicht, die auf einem Telefon umbrechen muss ${hex()}` });
  await page.setViewportSize({ width: 390, height: 800 });
  for (const url of ["/views", "/servicecatalog/save-view?view=0&status=checking"]) {
    await gotoReady(page, url, javaScriptEnabled);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), url).toBe(true);
  }
});
