import { expect, gotoReady, test, unique } from "../support/fixtures";
import { toast } from "../support/helpers";

/**
 * "My work" (issue 36 §4, decision 0077), with JavaScript and without: the signed-in user's
 * services due for review, what waits for their review, their drafts — each row leading to where
 * they act; the dashboard starts with the same counts; customers have no such page.
 */

test("a key user sees their due services, what waits for review and their drafts; each row leads to the place to act", async ({ page, db, make, login, javaScriptEnabled }) => {
  const tag = unique("Arbeit");
  const keyuser = await login("keyuser");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
  const due = await make.service(catalogueId, category, { name: `Fällig ${tag}`, created_at: old, updated_at: old });
  await db.insertInto("service_responsible_users").values({ service_id: due, user_id: keyuser.id }).execute();
  // Waiting the longest (the list shows the longest-waiting first; other tests send services to review too).
  const long = "2000-01-01T00:00:00.000Z";
  const waiting = await make.service(catalogueId, category, { name: `Wartet ${tag}`, status: "checking", created_at: long, updated_at: long });
  await make.service(catalogueId, category, { name: `Entwurf ${tag}`, status: "open", updated_by: keyuser.id });

  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("work-responsible")).toContainText("1");
  await expect(page.getByTestId("work-drafts")).toContainText("1");

  await gotoReady(page, "/my-work", javaScriptEnabled);
  await expect(page.getByTestId("work-responsible").getByTestId("work-row")).toHaveText([new RegExp(`Fällig ${tag}`)]);
  await expect(page.getByTestId("work-drafts").getByTestId("work-row")).toHaveText([new RegExp(`Entwurf ${tag}`)]);
  await expect(page.getByTestId("work-toReview").getByRole("link", { name: `Wartet ${tag}` })).toHaveAttribute("href", `/servicecatalog/service/${waiting}?edit=basics#basics`);

  // The responsible row leads to the review line, where "Noch aktuell" confirms it.
  await page.getByTestId("work-responsible").getByRole("link", { name: `Fällig ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/servicecatalog/service/${due}#review$`));
  await page.getByTestId("confirm-review").click();
  await expect(toast(page)).toContainText("Prüfung bestätigt");
  await gotoReady(page, "/my-work", javaScriptEnabled);
  await expect(page.getByTestId("work-responsible")).toContainText("Keiner Ihrer Services ist zur Prüfung fällig.");
});

test("a user who does not approve has no review list; a customer has no 'My work'", async ({ page, login, javaScriptEnabled }) => {
  await login("user");
  await gotoReady(page, "/my-work", javaScriptEnabled);
  await expect(page.getByTestId("work-responsible")).toBeVisible();
  await expect(page.getByTestId("work-toReview")).toHaveCount(0);
  await login("client");
  await page.goto("/my-work");
  await expect(page).toHaveURL(/\/unauthorized/);
  await expect(page.getByTestId("my-work")).toHaveCount(0);
});
