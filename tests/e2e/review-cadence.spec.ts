import type { Page } from "@playwright/test";
import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { openEditor, servicePage, toast } from "../support/helpers";

/**
 * Review cadence (issue 36 §1, decision 0074), with JavaScript and without: a catalogue's
 * interval makes a service due; "Noch aktuell" confirms it; the browser, reports and dashboard
 * count it; a service's own interval overrides the catalogue's.
 */

const monthsAgo = (months: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
};

/** The catalogue manager's review-interval form of one catalogue, filled and saved. */
async function setInterval(page: Page, title: string, months: string) {
  const form = page.getByRole("form", { name: `Prüfintervall von „${title}“` });
  await form.getByLabel("Monate").fill(months);
  await form.getByRole("button", { name: "Speichern" }).click();
  return form;
}

test("a catalogue's interval makes a service overdue; 'Noch aktuell' confirms it; browser, reports and dashboard count it", async ({ page, db, make, login, javaScriptEnabled }) => {
  const tag = unique("Prüfung");
  const title = `Katalog ${tag}`;
  const catalogueId = await make.catalogue({ title });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const created = monthsAgo(8);
  const id = await make.service(catalogueId, category, { name: `Service ${tag}`, created_at: created, updated_at: created });
  const keyuser = await login("keyuser");
  await make.useCatalogue(keyuser.id, catalogueId);

  // Twelve months by default: not due yet.
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.getByTestId("review-line")).toContainText("Noch nicht geprüft, nächste Prüfung fällig am");
  await expect(page.getByTestId("review-state")).toHaveCount(0);

  // Six months for the catalogue: the service, created eight months ago, is overdue.
  await gotoReady(page, "/servicecatalog/catalogues", javaScriptEnabled);
  await setInterval(page, title, "6");
  await expect(toast(page)).toContainText("Prüfintervall gespeichert");
  await expect.poll(async () => (await db.selectFrom("service_catalogues").select("review_interval_months").where("id", "=", catalogueId).executeTakeFirstOrThrow()).review_interval_months).toBe(6);

  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.getByTestId("review-state")).toHaveText("überfällig");
  await expect(page.getByTestId("review")).toContainText("Prüfintervall: 6 Monate · wie im Katalog");

  // The browser's filter, the reports and the dashboard find it.
  await gotoReady(page, `/servicecatalog?view=0&catalogue=${catalogueId}&review=overdue`, javaScriptEnabled);
  await expect(page.getByTestId("service-row")).toHaveCount(1);
  await expect(page.getByTestId("service-row")).toContainText(`Service ${tag}`);
  await gotoReady(page, `/reports?catalogue=${catalogueId}`, javaScriptEnabled);
  await expect(page.getByTestId("figure-review-overdue-value")).toHaveText("1");
  const row = page.getByTestId("reviews-categories").getByTestId("review-row");
  await expect(row.locator("th")).toHaveText([`Kategorie ${tag}`]);
  await expect(row.locator("td")).toHaveText(["0", "1"]);
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("review-overdue")).toContainText("1");

  // "Noch aktuell": reviewed today by the key user; no longer overdue; a history entry; the version stays.
  const before = await db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await page.getByTestId("confirm-review").click();
  await expect(toast(page)).toContainText("Prüfung bestätigt");
  await expect(page.getByTestId("review-line")).toContainText(`von ${keyuser.name}, nächste Prüfung fällig am`);
  await expect(page.getByTestId("review-state")).toHaveCount(0);
  const after = await db.selectFrom("services").select(["updated_at", "last_reviewed_by"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(after).toEqual({ updated_at: before.updated_at, last_reviewed_by: keyuser.id });
  const events = await db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(id)).execute();
  expect(events.map((e) => e.event)).toEqual(["review_confirmed"]);
  await gotoReady(page, `/servicecatalog?view=0&catalogue=${catalogueId}&review=overdue`, javaScriptEnabled);
  await expect(page.getByTestId("service-row")).toHaveCount(0);
});

test("a service's own interval overrides the catalogue's; a wrong interval is refused beside its field", async ({ page, db, make, login, javaScriptEnabled }) => {
  const tag = unique("Eigenes");
  const title = `Katalog ${tag}`;
  const catalogueId = await make.catalogue({ title });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const created = monthsAgo(14);
  const id = await make.service(catalogueId, category, { name: `Service ${tag}`, created_at: created, updated_at: created });
  await login("keyuser");

  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.getByTestId("review-state")).toHaveText("überfällig");
  await openEditor(page.locator("section#basics"));
  const form = page.locator("section#basics form").filter({ has: page.getByLabel("Prüfintervall (Monate)") });
  await form.getByLabel("Prüfintervall (Monate)").fill("500");
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(page.locator("section#basics")).toContainText("Bitte eine ganze Zahl von 0 bis 120 eingeben oder das Feld leer lassen.");
  expect((await db.selectFrom("services").select("review_interval_months").where("id", "=", id).executeTakeFirstOrThrow()).review_interval_months).toBeNull();

  await page.locator("section#basics form").getByLabel("Prüfintervall (Monate)").fill("0");
  await page.locator("section#basics form").getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
  await expect(page.getByTestId("review-line")).toContainText("keine regelmäßige Prüfung");
  await expect(page.getByTestId("review")).toContainText("für diesen Service festgelegt");
  await expect(page.getByTestId("review-state")).toHaveCount(0);

  // The catalogue manager refuses a wrong interval beside its field and changes nothing.
  await gotoReady(page, "/servicecatalog/catalogues", javaScriptEnabled);
  const interval = await setInterval(page, title, "121");
  await expect(interval).toContainText("Bitte eine ganze Zahl von 0 bis 120 eingeben (0: keine regelmäßige Prüfung).");
  expect((await db.selectFrom("service_catalogues").select("review_interval_months").where("id", "=", catalogueId).executeTakeFirstOrThrow()).review_interval_months).toBe(12);
});

test("who may not approve cannot set a catalogue's interval, and a reader cannot confirm a review", SERVER_CHECK, async ({ page, db, make, login }) => {
  const catalogueId = await make.catalogue({ title: unique("Katalog") });
  const category = await make.category(catalogueId, { name: unique("Kategorie") });
  const id = await make.service(catalogueId, category, { name: unique("Service") });
  await login("user");
  const interval = await page.request.post("/servicecatalog/catalogues", { form: { intent: "reviewInterval", catalogue: String(catalogueId), review_interval_months: "1" }, maxRedirects: 0 });
  expect(interval.status()).toBe(403);
  const { updated_at } = await db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
  const confirm = await page.request.post(servicePage(id), { form: { intent: "confirmReview", updated_at }, maxRedirects: 0 });
  expect(confirm.status()).toBe(403);
  const row = await db.selectFrom("services").select("last_reviewed_at").where("id", "=", id).executeTakeFirstOrThrow();
  expect(row.last_reviewed_at).toBeNull();
  expect((await db.selectFrom("service_catalogues").select("review_interval_months").where("id", "=", catalogueId).executeTakeFirstOrThrow()).review_interval_months).toBe(12);
});
