import type { Locator, Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { openEditor, PNG, serviceOfItsOwn, servicePage, toast } from "../support/helpers";

// The children sections of the service page (/servicecatalog/service/:id): options,
// responsibilities, links, attributes — all posting to /servicecatalog/service/:id/children.
// Runs in the JS and the no-JS project against one shared database: every test makes its own service
// in a catalogue of its own.

/** Opens a `<details>` add form by its summary (a native disclosure: no JS needed). */
async function openAdd(page: Page, testId: string) {
  await openEditor(page.getByTestId(testId));
}

async function options(db: DB, serviceId: number) {
  return db.selectFrom("service_options").select(["id", "name", "art_nr", "costs", "position", "picture_mime"]).where("service_id", "=", serviceId).orderBy("position").execute();
}

async function responsibilities(db: DB, serviceId: number) {
  return db.selectFrom("responsibilities").select(["id", "description", "client", "it", "pos"]).where("service_id", "=", serviceId).orderBy("pos").execute();
}

async function links(db: DB, serviceId: number) {
  return db.selectFrom("service_links").select(["url", "position"]).where("service_id", "=", serviceId).orderBy("position").execute();
}

function row(section: Locator, text: string) {
  return section.locator("tr", { hasText: text });
}

test.describe("as keyuser", () => {
  test.beforeEach(async ({ login }) => {
    await login("keyuser");
  });

  test("adds an option with costs and a picture; an approved service reopens", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make, { status: "closed" });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const section = page.locator("section#options");
    await expect(section.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(section).toContainText("Für diesen Service sind keine Optionen hinterlegt.");

    const name = unique("Option");
    await openAdd(page, "add-option");
    const add = section.getByRole("form", { name: "Option hinzufügen" });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Artikelnummer").fill("ART-7");
    await add.getByLabel("Kosten").fill("12,50");
    await add.getByLabel("Bild", { exact: true }).setInputFiles({ name: "option.png", mimeType: "image/png", buffer: PNG });
    await add.getByRole("button", { name: "Option hinzufügen" }).click();
    await expect(toast(page)).toContainText("Option hinzugefügt");
    await expect(page).toHaveURL(new RegExp(`${servicePage(id)}#options$`));

    const card = section.getByTestId("option").filter({ hasText: name });
    await expect(card.getByRole("heading", { level: 3, name })).toBeVisible();
    await expect(card.getByTestId("option-costs")).toContainText("12,50 €");
    await expect(card.getByRole("img", { name: `Bild zur Option „${name}“` })).toBeVisible();
    expect(await options(db, id)).toEqual([expect.objectContaining({ name, art_nr: "ART-7", costs: 12.5, position: 0, picture_mime: "image/png" })]);
    // An approved service is back "in progress" after a content change.
    expect((await db.selectFrom("services").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("open");
    const events = await db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(id)).orderBy("id").execute();
    expect(events.map((e) => e.event)).toEqual(["option_added", "status_reopened"]);
  });

  test("edits an option (the name is required) and removes it", async ({ page, db, make, javaScriptEnabled }) => {
    const name = unique("Option");
    const id = await serviceOfItsOwn(make, { options: [{ name, costs: 5, position: 0 }] });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const section = page.locator("section#options");

    await openEditor(section.getByTestId("option"));
    const edit = section.getByRole("form", { name: `Option „${name}“ bearbeiten` });
    await edit.getByLabel("Name").fill("");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Bitte füllen Sie dieses Feld aus.").first()).toBeVisible();
    expect((await options(db, id))[0].name).toBe(name);

    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const renamed = unique("Umbenannt");
    await openEditor(section.getByTestId("option"));
    await edit.getByLabel("Name").fill(renamed);
    await edit.getByLabel("Kosten").fill("1.234,5");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Option gespeichert");
    await expect(section.getByRole("heading", { level: 3, name: renamed })).toBeVisible();
    await expect(section.getByTestId("option-costs")).toContainText("1.234,50 €");
    expect(await options(db, id)).toEqual([expect.objectContaining({ name: renamed, costs: 1234.5 })]);

    await section.getByRole("button", { name: `Entfernen: ${renamed}` }).click();
    await expect(toast(page)).toContainText("Option entfernt");
    await expect(section).toContainText("Für diesen Service sind keine Optionen hinterlegt.");
    expect(await options(db, id)).toEqual([]);
    const events = await db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(id)).orderBy("id").execute();
    expect(events.map((e) => e.event)).toEqual(["option_updated", "option_removed"]);
  });

  test("adds responsibilities to the who-does-what table", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const section = page.locator("section#responsibilities");
    const first = unique("Antrag stellen");
    const second = unique("Konto anlegen");

    await openAdd(page, "add-responsibility");
    let add = section.getByRole("form", { name: "Verantwortlichkeit hinzufügen" });
    await add.getByLabel("Aufgabe").fill(first);
    await add.getByLabel("Kunde").check();
    await add.getByRole("button", { name: "Verantwortlichkeit hinzufügen" }).click();
    await expect(toast(page)).toContainText("Verantwortlichkeit hinzugefügt");

    await openAdd(page, "add-responsibility");
    add = section.getByRole("form", { name: "Verantwortlichkeit hinzufügen" });
    await add.getByLabel("Aufgabe").fill(second);
    await add.getByLabel("IT", { exact: true }).check();
    await add.getByRole("button", { name: "Verantwortlichkeit hinzufügen" }).click();
    await expect(toast(page)).toContainText("Verantwortlichkeit hinzugefügt");

    const table = section.getByTestId("responsibilities-table");
    await expect(table.getByRole("columnheader")).toHaveText(["Aufgabe", "Kunde", "IT", "Aktionen"]);
    await expect(row(table, first).getByRole("img", { name: "Kunde: ja" })).toBeVisible();
    await expect(row(table, first).getByRole("img", { name: "IT: ja" })).toHaveCount(0);
    await expect(row(table, second).getByRole("img", { name: "IT: ja" })).toBeVisible();
    expect(await responsibilities(db, id)).toEqual([
      expect.objectContaining({ description: first, client: 1, it: 0, pos: 0 }),
      expect.objectContaining({ description: second, client: 0, it: 1, pos: 1 }),
    ]);
  });

  test("edits, reorders and removes responsibilities", async ({ page, db, make, javaScriptEnabled }) => {
    const first = unique("Antrag stellen");
    const second = unique("Konto anlegen");
    const id = await serviceOfItsOwn(make, {
      responsibilities: [
        { description: first, client: 1, it: 0, pos: 0 },
        { description: second, client: 0, it: 1, pos: 1 },
      ],
    });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const section = page.locator("section#responsibilities");
    const table = section.getByTestId("responsibilities-table");

    // Edit the first: IT as well, no longer the client.
    await openEditor(row(table, first));
    const edit = row(table, first).getByRole("form", { name: `Verantwortlichkeit „${first}“ bearbeiten` });
    await edit.getByLabel("Kunde").uncheck();
    await edit.getByLabel("IT", { exact: true }).check();
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Verantwortlichkeit gespeichert");
    await expect(row(table, first).getByRole("img", { name: "IT: ja" })).toBeVisible();
    await expect(row(table, first).getByRole("img", { name: "Kunde: ja" })).toHaveCount(0);

    // Move the second up, then remove the first.
    await expect(section.getByRole("button", { name: `Nach oben: ${first}` })).toBeDisabled();
    await section.getByRole("button", { name: `Nach oben: ${second}` }).click();
    await expect(toast(page)).toContainText("Reihenfolge geändert");
    await expect(table.locator("tbody tr").first()).toContainText(second);
    await section.getByRole("button", { name: `Entfernen: ${first}` }).click();
    await expect(toast(page)).toContainText("Verantwortlichkeit entfernt");
    await expect(table.locator("tbody tr")).toHaveCount(1);
    expect(await responsibilities(db, id)).toEqual([expect.objectContaining({ description: second, client: 0, it: 1, pos: 0 })]);
  });

  test("a link with a bad address shows the error; a good one is added", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const section = page.locator("section#links");
    await openAdd(page, "add-link");
    const add = section.getByRole("form", { name: "Link hinzufügen" });
    await add.getByLabel("Adresse (URL)").fill("javascript:alert(1)");
    await add.getByRole("button", { name: "Link hinzufügen" }).click();
    const message = "Bitte geben Sie eine gültige Adresse ein, die mit http:// oder https:// beginnt.";
    await expect(page.getByText(message)).toBeVisible();
    expect(await links(db, id)).toEqual([]);
    if (!javaScriptEnabled) {
      // Without JS the refused form is shown again on the children route's page, with what was typed.
      await expect(page.getByTestId("children-answer")).toBeVisible();
      await expect(page.getByTestId("children-answer").getByLabel("Adresse (URL)")).toHaveValue("javascript:alert(1)");
    }

    const form = javaScriptEnabled ? add : page.getByTestId("children-answer").getByRole("form", { name: "Link hinzufügen" });
    await form.getByLabel("Adresse (URL)").fill("https://intranet.example/handbuch");
    await form.getByRole("button", { name: "Link hinzufügen" }).click();
    await expect(toast(page)).toContainText("Link hinzugefügt");
    await expect(page).toHaveURL(new RegExp(`${servicePage(id)}#links$`));
    await expect(section.getByRole("link", { name: "https://intranet.example/handbuch" })).toHaveAttribute("href", "https://intranet.example/handbuch");
    await expect(page.getByText(message)).toHaveCount(0);
    expect(await links(db, id)).toEqual([{ url: "https://intranet.example/handbuch", position: 0 }]);
  });

  test("saves an attribute's dropdown value", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    const item = await db.selectFrom("service_attribute_items").select("id").where("designation", "=", "Betriebszeit").executeTakeFirstOrThrow();
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const section = page.locator("section#attributes");
    const select = section.getByRole("combobox", { name: "Betriebszeit", exact: true });
    await expect(select).toHaveValue("");
    await select.selectOption({ label: "24/7" });
    await section.getByRole("button", { name: "Speichern: Betriebszeit" }).click();
    await expect(toast(page)).toContainText("Attribut gespeichert");
    await expect(section.getByRole("combobox", { name: "Betriebszeit", exact: true })).toHaveValue("three");
    expect(await db.selectFrom("service_dropdown_items").select(["items_id", "value_reference"]).where("service_id", "=", id).execute()).toEqual([
      { items_id: item.id, value_reference: "three" },
    ]);
  });

  test("a form loaded before someone else's save is refused as stale and writes nothing", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const section = page.locator("section#links");
    await openAdd(page, "add-link");
    // Someone else saves the service meanwhile (after the form came: without JS opening it loads the page).
    await expect(section.getByRole("form", { name: "Link hinzufügen" })).toBeVisible();
    await db.updateTable("services").set({ updated_at: new Date(Date.now() + 60_000).toISOString() }).where("id", "=", id).execute();
    const add = section.getByRole("form", { name: "Link hinzufügen" });
    await add.getByLabel("Adresse (URL)").fill("https://example.com/stale");
    await add.getByRole("button", { name: "Link hinzufügen" }).click();
    await expect(page.getByTestId("stale-notice").first()).toContainText("Der Service wurde inzwischen von jemand anderem geändert.");
    expect(await links(db, id)).toEqual([]);
    // The notice stays (the page reloading its data in the background does not wipe it).
    await page.waitForTimeout(1500);
    await expect(page.getByTestId("stale-notice").first()).toBeVisible();
    const audit = await db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(id)).execute();
    expect(audit).toEqual([]);
  });
});

test.describe("permissions", () => {
  test("a user without a grant gets 403 on the children route and changes nothing; with a grant the same post works", SERVER_CHECK, async ({ page, db, make, login }) => {
    const user = await login("user");
    const id = await serviceOfItsOwn(make);
    const service = () => db.selectFrom("services").select(["updated_at", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
    const before = await service();
    const post = (form: Record<string, string>) => page.request.post(`${servicePage(id)}/children`, { form, maxRedirects: 0 });
    const attempts: Record<string, string>[] = [
      { intent: "addLink", updated_at: before.updated_at, url: "https://example.com/forbidden" },
      { intent: "addResponsibility", updated_at: before.updated_at, description: "Verboten", client: "on" },
      { intent: "addOption", updated_at: before.updated_at, name: "Verboten" },
    ];
    for (const form of attempts) {
      expect((await post(form)).status(), form.intent).toBe(403);
    }
    expect(await links(db, id)).toEqual([]);
    expect(await responsibilities(db, id)).toEqual([]);
    expect(await options(db, id)).toEqual([]);
    expect(await service()).toEqual(before);

    // Granted this service, the same request goes through (so the 403 above was the permission).
    await make.grant(user.id, { serviceId: id });
    const allowed = await post({ intent: "addLink", updated_at: before.updated_at, url: "https://example.com/allowed" });
    expect(allowed.status()).toBe(302);
    expect(allowed.headers()["location"]).toBe(`${servicePage(id)}#links`);
    expect(await links(db, id)).toEqual([{ url: "https://example.com/allowed", position: 0 }]);
  });

  test("a reader sees the sections read-only", async ({ page, make, login, javaScriptEnabled }) => {
    await login("client");
    const id = await serviceOfItsOwn(make, {
      responsibilities: [{ description: "Nur lesen", client: 1, it: 0, pos: 0 }],
      links: ["https://example.com/lesen"],
    });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    await expect(page.locator("section#responsibilities").getByRole("img", { name: "Kunde: ja" })).toBeVisible();
    await expect(page.locator("section#links").getByRole("link", { name: "https://example.com/lesen" })).toBeVisible();
    await expect(page.locator("section#options, section#responsibilities, section#links, section#attributes").locator("form")).toHaveCount(0);
    await expect(page.locator("section#attributes").getByTestId("attributes-table")).toContainText("Betriebszeit");
  });
});
