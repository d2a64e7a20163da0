import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { hex, openEditor, servicePage, toast } from "../support/helpers";

// Attribute masks and service headlines (issue 15 §2, §3): a mask on a category hides a field
// and a section on its services, and a save never overwrites the hidden value; a custom headline
// titles the section and its jump-to link at once, reset restores the built-in heading; admin
// guard. Runs in the JS and the no-JS project against one shared database: masks only touch a
// category of the test's own; headlines are global, so each project changes a position no other
// test asserts on (JS on: 4 "Vorteile", JS off: 3 "Leistungsumfang") and resets it in `finally`.

const serviceRow = (db: DB, id: number) => db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const headline = (db: DB, position: number) =>
  db.selectFrom("service_headlines").select("headline_text_custom").where("position", "=", position).executeTakeFirstOrThrow();

/** A service in a category of its own (which a mask can target). */
async function ownService(make: Factories, values: Record<string, string> = {}) {
  const catalogueId = await make.catalogue({ title: unique("Maskenkatalog") });
  const categoryId = await make.category(catalogueId, { name: unique("Maskenkategorie") });
  const serviceId = await make.service(catalogueId, categoryId, { status: "open", ...values });
  return { catalogueId, categoryId, serviceId };
}

async function openEdit(page: Page, sectionId: string) {
  await openEditor(page.locator(`section#${sectionId}`));
  const form = page.locator(`section#${sectionId} form`);
  await expect(form).toBeVisible();
  return form;
}

test.describe("as superadmin", () => {
  test.beforeEach(async ({ login }) => {
    await login("superadmin");
  });

  test("a mask on a category hides a field and a section; a save keeps the hidden value", async ({ page, db, make, javaScriptEnabled }) => {
    test.slow(); // a mask made and deleted through its screens, the service page before, with and after
    const { categoryId, serviceId } = await ownService(make, { art_nr: "ART-GEHEIM-1", booking: "vorher" });
    await make.link(serviceId, { url: "https://example.com/maskiert", position: 1 });
    const name = `Maske ${hex()}`;
    try {
      // Before: the field and the section are there.
      await gotoReady(page, servicePage(serviceId), javaScriptEnabled);
      await expect(page.getByTestId("fields-cost")).toContainText("ART-GEHEIM-1");
      await expect(page.getByTestId("section-links")).toBeVisible();

      await gotoReady(page, "/admin/attributemasks/new", javaScriptEnabled);
      await expect(page).toHaveTitle("Neue Attributmaske · ServiceHub");
      await page.getByTestId("mask-name").fill(name);
      await page.getByRole("radio", { name: "Kategorie" }).check();
      await page.getByTestId("mask-category").selectOption(String(categoryId));
      await page.getByTestId("hide-field-art_nr").check();
      await page.getByTestId("hide-section-links").check();
      await page.getByTestId("save-mask").click();
      await expect(page).toHaveURL(/\/admin\/attributemasks$/);
      await expect(toast(page)).toContainText(`Attributmaske ${name} angelegt`);
      await expect(page.getByTestId("mask-row").filter({ hasText: name })).toBeVisible();

      // The same name again (other case): the spec's message beside the name.
      await gotoReady(page, "/admin/attributemasks/new", javaScriptEnabled);
      await page.getByTestId("mask-name").fill(name.toUpperCase());
      await page.getByTestId("mask-category").selectOption(String(categoryId));
      await page.getByTestId("save-mask").click();
      await expect(page.getByText("Eine Attributenmaske mit diesem Namen existiert bereits")).toBeVisible();
      expect(await db.selectFrom("attribute_masks").select("id").where("name", "=", name.toUpperCase()).execute()).toEqual([]);

      // The service page leaves out the hidden field and section, also in the jump-to list.
      await gotoReady(page, servicePage(serviceId), javaScriptEnabled);
      await expect(page.getByTestId("fields-cost")).toBeVisible();
      await expect(page.getByTestId("fields-cost")).not.toContainText("Artikelnummer");
      await expect(page.getByTestId("section-links")).toHaveCount(0);
      const jump = page.getByRole("navigation", { name: "Springe zu" });
      await expect(jump.getByRole("link", { name: "Kosten" })).toBeVisible();
      await expect(jump.getByRole("link", { name: "Links" })).toHaveCount(0);
      expect(await page.content()).not.toContain("ART-GEHEIM-1");

      // Saving the section's other fields keeps the hidden value.
      const details = await openEdit(page, "cost");
      await expect(details.getByLabel("Artikelnummer")).toHaveCount(0);
      await details.getByLabel("Bestellung", { exact: true }).fill("nachher");
      await details.getByRole("button", { name: "Speichern" }).click();
      await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
      await expect.poll(async () => serviceRow(db, serviceId)).toMatchObject({ booking: "nachher", art_nr: "ART-GEHEIM-1" });

      // A hand-made post cannot overwrite it either, and a hidden section's forms are refused.
      const { updated_at } = await serviceRow(db, serviceId);
      const post = await page.request.post(servicePage(serviceId), { form: { intent: "details", updated_at, art_nr: "ÜBERSCHRIEBEN", booking: "nachher" }, maxRedirects: 0 });
      expect(post.status()).toBe(302);
      expect((await serviceRow(db, serviceId)).art_nr).toBe("ART-GEHEIM-1");
      const link = await page.request.post(`${servicePage(serviceId)}/children`, {
        form: { intent: "addLink", updated_at: (await serviceRow(db, serviceId)).updated_at, url: "https://example.com/neu" },
        maxRedirects: 0,
      });
      expect(link.status()).toBe(403);
      expect(await db.selectFrom("service_links").select("url").where("service_id", "=", serviceId).execute()).toEqual([{ url: "https://example.com/maskiert" }]);

      // Deleting the mask (after a confirmation) shows everything again.
      const { id } = await db.selectFrom("attribute_masks").select("id").where("name", "=", name).executeTakeFirstOrThrow();
      await gotoReady(page, `/admin/attributemasks/${id}`, javaScriptEnabled);
      await expect(page.getByTestId("hide-field-art_nr")).toBeChecked();
      await gotoReady(page, `/admin/attributemasks/${id}/delete`, javaScriptEnabled);
      await page.getByTestId("confirm-delete-mask").click();
      await expect(toast(page)).toContainText(`Attributmaske ${name} gelöscht`);
      await gotoReady(page, servicePage(serviceId), javaScriptEnabled);
      await expect(page.getByTestId("fields-cost")).toContainText("ART-GEHEIM-1");
      await expect(page.getByTestId("section-links")).toBeVisible();
    } finally {
      await db.deleteFrom("attribute_masks").where("target_model", "=", "category").where("target_id", "=", categoryId).execute();
    }
  });

  test("unknown or malformed mask ids are 404", SERVER_CHECK, async ({ page }) => {
    for (const path of ["/admin/attributemasks/999999999", "/admin/attributemasks/abc", "/admin/attributemasks/999999999/delete"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  test("a custom headline titles the section and its jump-to link; reset restores the default", async ({ page, db, make, javaScriptEnabled }) => {
    const position = javaScriptEnabled ? 4 : 3;
    const anchor = javaScriptEnabled ? "advantages" : "content";
    const builtIn = javaScriptEnabled ? "Vorteile" : "Leistungsumfang";
    const custom = `Mehrwert-${hex()}`;
    const { serviceId } = await ownService(make);
    try {
      await gotoReady(page, "/admin/serviceheadlines", javaScriptEnabled);
      await expect(page).toHaveTitle("Serviceüberschriften · ServiceHub");
      const row = page.getByTestId(`headline-${position}`);
      await expect(row).toContainText(builtIn);
      await row.getByTestId(`headline-custom-${position}`).fill(custom);
      await row.getByTestId(`headline-save-${position}`).click();
      await expect(toast(page)).toContainText(`Überschrift an Position ${position} gespeichert`);
      await expect.poll(async () => (await headline(db, position)).headline_text_custom).toBe(custom);

      await gotoReady(page, servicePage(serviceId), javaScriptEnabled);
      await expect(page.locator(`#${anchor}-title`)).toHaveText(custom);
      const jump = page.getByRole("navigation", { name: "Springe zu" });
      await expect(jump.getByRole("link", { name: custom })).toHaveAttribute("href", `#${anchor}`);

      await gotoReady(page, "/admin/serviceheadlines", javaScriptEnabled);
      await page.getByTestId(`headline-reset-${position}`).click();
      await expect(toast(page)).toContainText(`Position ${position} zeigt wieder die eingebaute Überschrift`);
      await expect.poll(async () => (await headline(db, position)).headline_text_custom).toBeNull();
      await gotoReady(page, servicePage(serviceId), javaScriptEnabled);
      await expect(page.locator(`#${anchor}-title`)).toHaveText(builtIn);
      await expect(page.getByRole("navigation", { name: "Springe zu" }).getByRole("link", { name: builtIn })).toBeVisible();
    } finally {
      await db.updateTable("service_headlines").set({ headline_text_custom: null }).where("position", "=", position).execute();
    }
  });
});

test.describe("as a non-admin", () => {
  test("pages send to /unauthorized and every post answers 403 and changes nothing", async ({ page, db, make, login, javaScriptEnabled }) => {
    const { categoryId } = await ownService(make);
    const name = `Fremd ${hex()}`;
    const id = await make.mask({ name, target_model: "category", target_id: categoryId, hidden_attributes: "[]" });
    try {
      await login("keyuser");
      for (const path of ["/admin/attributemasks", "/admin/attributemasks/new", `/admin/attributemasks/${id}`, `/admin/attributemasks/${id}/delete`, "/admin/serviceheadlines"]) {
        await gotoReady(page, path, javaScriptEnabled);
        await expect(page, path).toHaveURL(/\/unauthorized$/);
      }
      const mask = { name: `${name} neu`, target_model: "category", category_id: String(categoryId), sections: "links" };
      const posts: [string, Record<string, string>][] = [
        ["/admin/attributemasks/new", mask],
        [`/admin/attributemasks/${id}`, { ...mask, updated_at: "x" }],
        [`/admin/attributemasks/${id}/delete`, {}],
        ["/admin/serviceheadlines", { intent: "save", position: "11", custom: "Gekapert" }],
        ["/admin/serviceheadlines", { intent: "reset", position: "1" }],
      ];
      for (const [path, form] of posts) {
        const response = await page.request.post(path, { form, maxRedirects: 0 });
        expect(response.status(), path).toBe(403);
      }
      expect(await db.selectFrom("attribute_masks").select(["name", "hidden_attributes"]).where("target_id", "=", categoryId).execute()).toEqual([{ name, hidden_attributes: "[]" }]);
      expect((await headline(db, 11)).headline_text_custom).toBeNull();
    } finally {
      await db.deleteFrom("attribute_masks").where("id", "=", id).execute();
    }
  });
});
