import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, holdScripts, SERVER_CHECK, test, unique } from "../support/fixtures";
import { serviceOfItsOwn, servicePage, toast } from "../support/helpers";

// /admin/serviceattributes (issue 15 §1, §6): custom service attributes, with JS and without.
// Attributes are global — every service page shows the active ones — so each test uses unique
// names and removes what it made, and nothing counts all attributes.

const LIST = "/admin/serviceattributes";

async function attributeByName(db: DB, designation: string) {
  return db.selectFrom("service_attribute_items").select(["id", "designation", "type", "dropdown_count", "active", "position", "headline"]).where("designation", "=", designation).executeTakeFirst();
}

async function removeAttribute(db: DB, id: number) {
  await db.deleteFrom("service_dropdown_items").where("items_id", "=", id).execute();
  await db.deleteFrom("service_attribute_text_items").where("service_attribute_item_id", "=", id).execute();
  await db.deleteFrom("attribute_dropdowns").where("attribute_item_id", "=", id).execute();
  await db.deleteFrom("service_attribute_items").where("id", "=", id).execute();
}

const choicesOf = (db: DB, id: number) => db.selectFrom("service_dropdown_items").select(["service_id", "value_reference"]).where("items_id", "=", id).execute();

function form(page: Page) {
  return page.locator("form[method=post]").filter({ has: page.getByTestId("save-attribute") });
}

test.describe("as superadmin", () => {
  test.beforeEach(async ({ login }) => {
    await login("superadmin");
  });

  test("a dropdown made here is chosen on a service page; reducing its slots asks, names the service, and confirmed removes the choice", async ({ page, db, make, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    const designation = unique("Merkmal");
    const serviceName = unique("Attributdienst");
    const serviceId = await serviceOfItsOwn(make, { name: serviceName });
    try {
      // Create through the form.
      await gotoReady(page, LIST, javaScriptEnabled);
      await page.getByTestId("new-attribute").click();
      await expect(page).toHaveURL(/\/admin\/serviceattributes\/new$/);
      const f = form(page);
      await f.getByLabel(/^Bezeichnung/).fill(designation);
      await f.getByLabel(/^Typ/).selectOption("dropdown");
      await f.getByLabel(/^Anzahl Dropdown-Felder/).selectOption("3");
      for (const [i, value] of ["Bronze", "Silber", "Gold"].entries()) await f.getByLabel(`Wert ${i + 1}`, { exact: true }).fill(value);
      await expect(f.getByLabel("Wert 3 aktiv")).toBeChecked();
      await f.getByTestId("save-attribute").click();
      await expect(page).toHaveURL(new RegExp(`${LIST}$`));
      await expect(toast(page)).toContainText(`Attribut „${designation}“ angelegt.`);
      const row = page.getByTestId("attribute-row").filter({ hasText: designation });
      await expect(row.getByTestId("attribute-type")).toHaveText("Dropdown");
      await expect(row.getByTestId("attribute-slots")).toHaveText("3");
      await expect(row.getByTestId("attribute-status")).toHaveText("Aktiv");
      // No headline typed: the spec's stored default, shown in the reader's language (issue 32 §8).
      await expect(row).toContainText("ohne Überschrift");
      await expect(row).not.toContainText("No Headline Data");
      const created = await attributeByName(db, designation);
      expect(created).toMatchObject({ type: "dropdown", dropdown_count: 3, active: 1, headline: "No Headline Data" });
      const id = created!.id;

      // The service page offers it; choosing "Gold" (slot three) stores it.
      await gotoReady(page, servicePage(serviceId), javaScriptEnabled);
      const section = page.locator("section#attributes");
      await section.getByRole("combobox", { name: designation, exact: true }).selectOption({ label: "Gold" });
      await section.getByRole("button", { name: `Speichern: ${designation}` }).click();
      await expect(toast(page)).toContainText("Attribut gespeichert");
      expect(await choicesOf(db, id)).toEqual([{ service_id: serviceId, value_reference: "three" }]);

      // Reducing to two slots asks first and names the service.
      await gotoReady(page, `${LIST}/${id}`, javaScriptEnabled);
      await form(page).getByLabel(/^Anzahl Dropdown-Felder/).selectOption("2");
      await form(page).getByTestId("save-attribute").click();
      const notice = page.getByTestId("attribute-impact");
      await expect(notice).toContainText("Feld 3 („Gold“) entfällt: die Auswahl bei 1 Service wird gelöscht.");
      await expect(notice.getByRole("link", { name: serviceName })).toHaveAttribute("href", servicePage(serviceId));
      expect(await choicesOf(db, id)).toHaveLength(1);
      expect((await attributeByName(db, designation))?.dropdown_count).toBe(3);

      // Confirmed: the choice is gone, the attribute has two slots.
      await page.getByTestId("confirm-attribute-change").click();
      await expect(page).toHaveURL(new RegExp(`${LIST}$`));
      await expect(toast(page)).toContainText("1 gespeicherter Wert wurde gelöscht");
      expect(await choicesOf(db, id)).toEqual([]);
      expect((await attributeByName(db, designation))?.dropdown_count).toBe(2);
      await gotoReady(page, servicePage(serviceId), javaScriptEnabled);
      const select = page.locator("section#attributes").getByRole("combobox", { name: designation, exact: true });
      await expect(select).toHaveValue("");
      await expect(select.locator("option")).toHaveText(["– keine Auswahl –", "Bronze", "Silber"]);

      // Delete through the confirmation.
      await gotoReady(page, LIST, javaScriptEnabled);
      await page.getByRole("link", { name: `„${designation}“ löschen` }).click();
      await expect(page.getByRole("dialog")).toContainText("Kein Service hat einen Wert für dieses Attribut gespeichert.");
      await page.getByTestId("confirm-delete-attribute").click();
      await expect(toast(page)).toContainText(`Attribut „${designation}“ gelöscht.`);
      expect(await attributeByName(db, designation)).toBeUndefined();
    } finally {
      const left = await attributeByName(db, designation);
      if (left) await removeAttribute(db, left.id);
    }
  });

  test("field errors show beside the field, translated, and nothing is saved", async ({ page, db, javaScriptEnabled }) => {
    await gotoReady(page, `${LIST}/new`, javaScriptEnabled);
    const f = form(page);
    const designation = unique("Ohne Werte");
    await f.getByLabel(/^Bezeichnung/).fill(designation);
    await f.getByLabel(/^Typ/).selectOption("dropdown");
    await f.getByLabel(/^Anzahl Dropdown-Felder/).selectOption("2");
    await f.getByLabel("Wert 1", { exact: true }).fill("Nur einer");
    await f.getByTestId("save-attribute").click();
    const second = f.getByLabel("Wert 2", { exact: true });
    await expect(second).toHaveAttribute("aria-invalid", "true");
    await expect(f.getByText("Bitte füllen Sie dieses Feld aus.")).toBeVisible();
    await expect(f.getByLabel(/^Bezeichnung/)).toHaveValue(designation);
    expect(await attributeByName(db, designation)).toBeUndefined();
  });

  test("an unknown or malformed id is a 404", SERVER_CHECK, async ({ page }) => {
    for (const url of [`${LIST}/999999999`, `${LIST}/abc`, `${LIST}/0`, `${LIST}/999999999/delete`]) {
      expect((await page.request.get(url)).status(), url).toBe(404);
    }
  });
});

test("a keyuser is turned away: pages go to /unauthorized, every POST answers 403 and changes nothing", SERVER_CHECK, async ({ page, db, make, login }) => {
  // Inactive, so it shows on no service page of the parallel tests.
  const designation = unique("Geschützt");
  const id = await make.attribute({ designation, active: 0, position: 500, dropdown_count: 2, slots: { one: ["a", true], two: ["b", true] } });
  try {
    await login("keyuser");
    for (const url of [LIST, `${LIST}/new`, `${LIST}/${id}`, `${LIST}/${id}/delete`]) {
      await page.goto(url);
      await expect(page, url).toHaveURL(/\/unauthorized$/);
    }
    const post = (url: string, values: Record<string, string>) => page.request.post(url, { form: values, maxRedirects: 0 });
    const forbidden = unique("Verboten");
    const fields = { designation: forbidden, type: "dropdown", dropdown_count: "1", active: "on", "slots[0].value": "x", "slots[0].active": "on" };
    expect((await post(LIST, { intent: "move", id: String(id), direction: "up" })).status()).toBe(403);
    expect((await post(`${LIST}/new`, fields)).status()).toBe(403);
    expect((await post(`${LIST}/${id}`, fields)).status()).toBe(403);
    expect((await post(`${LIST}/${id}`, { ...fields, confirm: "anything" })).status()).toBe(403);
    expect((await post(`${LIST}/${id}/delete`, { seen: "0" })).status()).toBe(403);
    expect(await attributeByName(db, forbidden)).toBeUndefined();
    expect(await attributeByName(db, designation)).toMatchObject({ id, type: "dropdown", dropdown_count: 2, active: 0, position: 500 });
    expect(await db.selectFrom("activities").select("id").where("subject_type", "=", "service_attribute").where("subject_id", "=", String(id)).execute()).toEqual([]);
  } finally {
    await removeAttribute(db, id);
  }
});

test("a type and count picked before the page came to life decide the dropdown fields shown once it has", async ({ page, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS every dropdown field shows");
  await login("superadmin");
  const release = await holdScripts(page);
  await page.goto(`${LIST}/new`, { waitUntil: "domcontentloaded" });
  await form(page).getByLabel(/^Typ/).selectOption("dropdown");
  await form(page).getByLabel(/^Anzahl Dropdown-Felder/).selectOption("2");
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("slot-row").filter({ visible: true })).toHaveCount(2);
  await expect(form(page).getByLabel(/^Typ/)).toHaveValue("dropdown");
});
