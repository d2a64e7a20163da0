import type { DB } from "~/server/db/db.server";
import { mockCalls } from "../support/ai-provider";
import { expect, gotoReady, test } from "../support/fixtures";
import { hex, withAiCredits } from "../support/helpers";

/**
 * New services drafted by the AI assistant (issue 19 §2, §4): from the create menu, a request
 * (name, description, delay) becomes a response; several are created in one batch into a target
 * catalogue (required), and a dialog offers to open the created service. With JS the browser keeps
 * the responses (`aiResponses`) and each request waits for its delay; without JS every step is a
 * form post and the server keeps them for the session.
 */

// Tests wait for each other's "credits" lock.
test.describe.configure({ timeout: 60_000 });

const withUnlimitedCredits = <T,>(db: DB, fn: () => Promise<T>) => withAiCredits(db, fn, "unlimitedUse");

test("from the create menu: two requests, one failing; both responses created in one batch into the chosen catalogue", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const catalogueTitle = `KI-Ziel ${hex()}`;
  const catalogueId = await make.catalogue({ title: catalogueTitle });
  const name = `Druckservice ${hex()}`;
  const marker = `create-${hex()}`;
  await withUnlimitedCredits(db, async () => {
    await gotoReady(page, "/servicecatalog/new", javaScriptEnabled);
    await page.getByTestId("create-ai").click();
    await expect(page).toHaveURL(/\/servicecatalog\/ai$/);
    if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const request = page.getByTestId("ai-request-form");
    const responses = page.getByTestId("ai-response");

    // The description is required.
    await request.getByLabel("Name").fill(name);
    await request.getByTestId("ai-request-submit").click();
    await expect(request).toContainText("Bitte beschreiben Sie, was der Service leisten soll.");

    await request.getByLabel("Was soll der Service leisten?").fill(`Drucken und Scannen im Büro ${marker}`);
    if (javaScriptEnabled) await request.getByLabel("Verzögerung (Sekunden)").fill("1");
    await request.getByTestId("ai-request-submit").click();
    if (javaScriptEnabled) {
      // Marked waiting with an empty placeholder, sent after its delay, then filled.
      await expect(responses).toHaveCount(1);
      await expect(responses.first()).toContainText(/Wartet 1 Sekunden|Generiere Inhalte/);
    }
    await expect(responses.first().getByTestId("ai-response-name")).toHaveText(name);
    await expect(responses.first()).toContainText("Kurzbeschreibung vom Assistenten.");

    // A failing request: its placeholder goes, the error is shown.
    await request.getByLabel("Name").fill("");
    await request.getByLabel("Was soll der Service leisten?").fill(`Kaputt [mock:500] ${hex()}`);
    await request.getByTestId("ai-request-submit").click();
    if (javaScriptEnabled) await expect(page.getByTestId("ai-request-error")).toContainText("Anfrage „Unbenannter Service“ fehlgeschlagen");
    await expect(page.getByTestId("ai-request-error").or(page.getByTestId("form-error")).first()).toContainText("Der KI-Anbieter hat einen Fehler gemeldet.");
    await expect(responses).toHaveCount(1);

    // Unnamed: "Unbenannter Service".
    await request.getByLabel("Name").fill("");
    await request.getByLabel("Was soll der Service leisten?").fill(`Ohne Namen ${marker}`);
    await request.getByTestId("ai-request-submit").click();
    await expect(responses).toHaveCount(2);
    await expect(responses.nth(1).getByTestId("ai-response-name")).toHaveText("Unbenannter Service");
    // With JS the placeholder carries the name before its delay is over: wait for the answer.
    await expect(responses.nth(1)).toContainText("Kurzbeschreibung vom Assistenten.");
    expect((await mockCalls(marker)).count).toBe(2);

    // The target catalogue is required.
    const batch = page.getByTestId("ai-batch-form");
    for (const i of [0, 1]) await responses.nth(i).getByTestId("ai-response-select").check();
    await batch.getByTestId("ai-batch-submit").click();
    await expect(batch).toContainText("Bitte wählen Sie einen Zielkatalog.");
    for (const i of [0, 1]) await expect(responses.nth(i).getByTestId("ai-response-select")).toBeChecked();
    await batch.getByTestId("ai-batch-catalogue").selectOption({ label: catalogueTitle });
    await batch.getByTestId("ai-batch-submit").click();

    const dialog = page.getByTestId("ai-created-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Unbenannter Service" })).toBeVisible();
    const created = await db
      .selectFrom("services")
      .select(["id", "name", "category_id", "short_description", "created_by"])
      .where("service_catalogue_id", "=", catalogueId)
      .orderBy("id")
      .execute();
    expect(created.map((s) => [s.name, s.category_id, s.created_by])).toEqual([
      [name, null, user.id],
      ["Unbenannter Service", null, user.id],
    ]);
    expect(created[0].short_description).toBe("<p>Kurzbeschreibung vom Assistenten.</p>");
    expect(await db.selectFrom("service_options").select(["name", "costs"]).where("service_id", "=", created[0].id).orderBy("position").execute()).toEqual([
      { name: "Option A", costs: 0 },
      { name: "Option B", costs: 0 },
    ]);
    // The created responses left the list (and the browser's aiResponses).
    await expect(page.getByTestId("ai-no-responses")).toBeVisible();
    if (javaScriptEnabled) expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem("aiResponses") ?? "[]"))).toEqual([]);

    await dialog.getByTestId("ai-open-created").click();
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/service/${created[0].id}$`));
    await expect(page.getByTestId("rich-short_description")).toHaveText("Kurzbeschreibung vom Assistenten.");
  });
});

test("the browser keeps the responses: a reload shows them again, an unfinished one is dropped", async ({ page, db, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the browser's storage needs JS");
  await login("keyuser");
  await withUnlimitedCredits(db, async () => {
    await gotoReady(page, "/servicecatalog/ai", true);
    const service = { name: "Gespeichert", short_description: "<p>Aus dem Speicher</p>", description: null, content: null, advantages: null, options: [], responsibilities: [] };
    await page.evaluate(
      (stored) => window.localStorage.setItem("aiResponses", JSON.stringify(stored)),
      [
        { id: "a", requestedName: "Gespeichert", delay: 0, service },
        { id: "b", requestedName: "Nie fertig", delay: 3, service: null },
      ],
    );
    await gotoReady(page, "/servicecatalog/ai", true);
    await expect(page.getByTestId("ai-response")).toHaveCount(1);
    await expect(page.getByTestId("ai-response")).toContainText("Aus dem Speicher");
    await page.getByTestId("ai-response-discard").click();
    await expect(page.getByTestId("ai-no-responses")).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("aiResponses"))).toBe("[]");
  });
});
