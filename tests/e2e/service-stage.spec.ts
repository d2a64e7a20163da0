import { expect, gotoReady, test, unique } from "../support/fixtures";
import { openEditor, servicePage, toast } from "../support/helpers";

/**
 * Lifecycle stages (issue 36 §2, decision 0075), with JavaScript and without: retiring a service
 * that another requires names that one first; confirmed, the service is retired with its day and
 * successor; the browser filters by stage; customers read live services only.
 */

test("retiring a required service names who requires it, then retires it with a successor; the browser filters by stage", async ({ page, db, make, login, javaScriptEnabled }) => {
  const tag = unique("Stufe");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const old = await make.service(catalogueId, category, { name: `Alt ${tag}` });
  const successor = await make.service(catalogueId, category, { name: `Nachfolger ${tag}` });
  await make.service(catalogueId, category, { name: `Nutzer ${tag}`, dependsOn: [old] });
  const keyuser = await login("keyuser");
  await make.useCatalogue(keyuser.id, catalogueId);

  await gotoReady(page, servicePage(old), javaScriptEnabled);
  await expect(page.getByTestId("service-stage")).toHaveText("Live (angeboten)");
  await openEditor(page.locator("section#stage"));
  const section = page.locator("section#stage");
  await section.getByLabel("Lebenszyklus").selectOption("retired");
  await section.getByLabel("Außer Betrieb seit").fill("2026-03-01");
  // The successor is found by a search (a GET submit of the form: the choices made so far stay).
  await section.getByTestId("succq-search").fill(`Nachfolger ${tag}`);
  await section.getByRole("button", { name: "Suchen" }).click();
  await expect(section.getByLabel(`Nachfolger ${tag}`)).toBeVisible();
  await expect(section.getByLabel("Lebenszyklus")).toHaveValue("retired");
  await section.getByLabel(`Nachfolger ${tag}`).check();
  await section.getByRole("button", { name: "Speichern" }).click();

  // Someone still requires it: named first, nothing changed yet.
  await expect(section.getByTestId("stage-required-by")).toContainText(`Nutzer ${tag}`);
  expect((await db.selectFrom("services").select("stage").where("id", "=", old).executeTakeFirstOrThrow()).stage).toBe("live");
  await section.getByLabel("Trotzdem außer Betrieb nehmen").check();
  await section.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
  await expect(page.getByTestId("service-stage")).toHaveText("Außer Betrieb");
  await expect(page.getByTestId("service-retired-at")).toHaveText("01.03.2026");
  await expect(page.getByTestId("service-successor")).toHaveText(`Nachfolger ${tag}`);
  expect(await db.selectFrom("services").select(["stage", "retired_at", "successor_id"]).where("id", "=", old).executeTakeFirstOrThrow()).toEqual({
    stage: "retired",
    retired_at: "2026-03-01",
    successor_id: successor,
  });

  await gotoReady(page, "/servicecatalog?view=0&stage=retired", javaScriptEnabled);
  await expect(page.getByTestId("service-row")).toHaveText([new RegExp(`Alt ${tag}`)]);
});

test("customers read live services only: not in the browser, not by their address", async ({ page, make, login, javaScriptEnabled }) => {
  const tag = unique("Kundenstufe");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  await make.service(catalogueId, category, { name: `Live ${tag}` });
  const planned = await make.service(catalogueId, category, { name: `Geplant ${tag}`, stage: "pipeline" });
  await make.service(catalogueId, category, { name: `Alt ${tag}`, stage: "retired", retired_at: "2026-01-01" });
  const client = await login("client");
  await make.useCatalogue(client.id, catalogueId);

  await gotoReady(page, "/servicecatalog?view=0&stage=retired&stage=pipeline", javaScriptEnabled);
  await expect(page.getByTestId("service-row")).toHaveText([new RegExp(`Live ${tag}`)]);
  const answer = await page.goto(servicePage(planned));
  expect(answer?.status()).toBe(404);
});

test("the reports and the SLA overview show one stage when asked", async ({ page, make, login, javaScriptEnabled }) => {
  const tag = unique("Stufenfilter");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const kpi = await make.kpi({ name: `Level ${tag}` });
  await make.service(catalogueId, category, { name: `Live ${tag}`, kpis: [kpi] });
  await make.service(catalogueId, category, { name: `Geplant ${tag}`, stage: "pipeline", kpis: [kpi] });
  await login("keyuser");

  await gotoReady(page, `/reports?catalogue=${catalogueId}`, javaScriptEnabled);
  await expect(page.getByTestId("figure-total-value")).toHaveText("2");
  await page.getByTestId("reports-stage").selectOption("pipeline");
  await page.getByTestId("reports-apply").click();
  await expect(page).toHaveURL(/stage=pipeline/);
  await expect(page.getByTestId("figure-total-value")).toHaveText("1");
  // The figure leads to the browser with the same stage.
  await expect(page.getByTestId("figure-total-value")).toHaveAttribute("href", /stage=pipeline/);

  await gotoReady(page, `/sla?catalogue=${catalogueId}&stage=pipeline`, javaScriptEnabled);
  await expect(page.getByTestId("sla-service-name")).toHaveText([`Geplant ${tag}`]);
  await gotoReady(page, `/sla?catalogue=${catalogueId}`, javaScriptEnabled);
  await expect(page.getByTestId("sla-service-name")).toHaveCount(2);
});
