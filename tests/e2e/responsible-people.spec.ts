import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { openEditor, servicePage, toast } from "../support/helpers";

/**
 * Responsible people (issue 36 §3, decision 0076), with JavaScript and without: a service names
 * user accounts as responsible; an owner names accounts as representatives, who then stand
 * responsible for the owner's services too.
 */

test("a service names responsible accounts; an owner's representatives are responsible for its services", async ({ page, db, make, login, javaScriptEnabled }) => {
  const tag = unique("Verantwortung");
  const anna = await make.user("user", { name: `Anna ${tag}` });
  const ben = await make.user("keyuser", { name: `Ben ${tag}` });
  const owner = await make.owner({ name: `Owner ${tag}` });
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const id = await make.service(catalogueId, category, { name: `Service ${tag}`, owners: [owner] });
  await login("keyuser");

  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.locator("section#people")).toContainText("Noch niemand benannt.");
  await openEditor(page.locator("section#people"));
  const select = page.getByTestId("people-select");
  if (javaScriptEnabled) {
    // With JS a search box narrows the accounts.
    await page.getByTestId("people-select-search").fill(`Anna ${tag}`);
    await expect(select.locator("option:not([hidden])")).toHaveCount(1);
  }
  await select.selectOption([String(anna.id)]);
  await page.locator("section#people").getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
  await expect(page.getByTestId("people-list")).toHaveText(new RegExp(`Anna ${tag}`));
  expect(await db.selectFrom("service_responsible_users").select("user_id").where("service_id", "=", id).execute()).toEqual([{ user_id: anna.id }]);

  // The owner names Ben as a representative: Ben is responsible for the owner's service too.
  await gotoReady(page, `/basedata/owner/${owner}`, javaScriptEnabled);
  await page.getByTestId("owner-users").selectOption([String(ben.id)]);
  await page.getByRole("button", { name: "Vertretungen speichern" }).click();
  await expect(toast(page)).toContainText("Vertretungen gespeichert.");
  await expect(page.getByTestId("representative-users")).toContainText(`Ben ${tag}`);
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.getByTestId("people-list").locator("li")).toHaveText([`Anna ${tag}`, `Ben ${tag} · Vertretung von Owner ${tag}`]);
});

test("who may not edit base data cannot name an owner's representatives", SERVER_CHECK, async ({ page, db, make, login }) => {
  const owner = await make.owner();
  const someone = await make.user("user");
  await login("user");
  const answer = await page.request.post(`/basedata/owner/${owner}`, { form: { intent: "users", users: String(someone.id) }, maxRedirects: 0 });
  expect(answer.status()).toBe(403);
  expect(await db.selectFrom("owner_users").selectAll().where("owner_id", "=", owner).execute()).toEqual([]);
});
