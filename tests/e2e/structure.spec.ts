import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { PNG } from "../support/helpers";

// Area and category pages (/servicecatalog/area/:id, /servicecatalog/category/:id) and their
// images. Runs in the JS and the no-JS project against one shared database: every test makes its
// own catalogue and records with unique names.

/** A service in progress (the category page shows its status); `binned` puts it in the bin. */
const inProgress = (name: string, binned = false) => ({ name, status: "checking" as const, statuspercent: 60, deleted_at: binned ? new Date().toISOString() : null });

const areaRow = (db: DB, id: number) =>
  db.selectFrom("service_areas").select(["name", "description", "image", "image_mime", "updated_at"]).where("id", "=", id).executeTakeFirst();

async function submitImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Bilddatei").setInputFiles(file);
  await page.getByRole("button", { name: "Bild hochladen" }).click();
}

test.describe("as keyuser", () => {
  test.beforeEach(async ({ login }) => {
    await login("keyuser");
  });

  test("edits an area's name and description", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const name = unique("Bereich");
    const id = await make.area(catalogue, { name, description: "Alte Beschreibung" });
    await gotoReady(page, `/servicecatalog/area/${id}`, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // The breadcrumb starts with the area's catalogue, by its title.
    const { title } = await db.selectFrom("service_catalogues").select("title").where("id", "=", catalogue).executeTakeFirstOrThrow();
    await expect(page.getByTestId("breadcrumb").getByRole("link").first()).toHaveText(title!);
    const renamed = unique("Umbenannt");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(renamed);
    await page.getByLabel("Beschreibung").fill("Erste Zeile\nZweite Zeile");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByTestId("toast")).toContainText("Bereich gespeichert");
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByTestId("structure-description")).toHaveText("Erste Zeile\nZweite Zeile");
    expect(await areaRow(db, id)).toMatchObject({ name: renamed, description: "Erste Zeile\nZweite Zeile" });
    const audit = await db.selectFrom("activities").select(["event", "new_values"]).where("subject_type", "=", "area").where("subject_id", "=", String(id)).execute();
    expect(audit.map((a) => a.event)).toEqual(["updated"]);
  });

  test("an empty name is refused beside the field; a save over a newer version is refused as stale", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const name = unique("Konflikt");
    const id = await make.area(catalogue, { name });
    await gotoReady(page, `/servicecatalog/area/${id}`, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Bitte füllen Sie dieses Feld aus.")).toBeVisible();
    expect((await areaRow(db, id))!.name).toBe(name);
    // With JS the page may still be reloading its data after the refusal: let it finish first, or
    // that reload could already read the other save below (and the form would hold its version).
    await page.waitForLoadState("networkidle");

    // Someone else saves meanwhile.
    await db.updateTable("service_areas").set({ name: `${name} (Anna)`, updated_at: new Date(Date.now() + 1000).toISOString() }).where("id", "=", id).execute();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${name} (Bernd)`);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByTestId("stale-notice")).toContainText(`${name} (Anna)`);
    expect((await areaRow(db, id))!.name).toBe(`${name} (Anna)`);
  });

  test("uploads a PNG that is served with caching headers, then removes it", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const name = unique("Bildbereich");
    const id = await make.area(catalogue, { name });
    await gotoReady(page, `/servicecatalog/area/${id}`, javaScriptEnabled);
    await expect(page.getByText("Kein Bild hinterlegt.")).toBeVisible();
    await submitImage(page, { name: "pixel.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("toast")).toContainText("Bild gespeichert");
    const img = page.getByRole("img", { name: `Bild zu „${name}“` });
    await expect(img).toBeVisible();
    const stored = (await areaRow(db, id))!;
    expect(stored).toMatchObject({ image: PNG.toString("base64"), image_mime: "image/png" });

    const src = (await img.getAttribute("src"))!;
    expect(src).toBe(`/images/area/${id}?v=${encodeURIComponent(stored.updated_at)}`);
    const first = await page.request.get(src);
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("image/png");
    expect(first.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(await first.body()).equals(PNG)).toBe(true);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^".+"$/);
    const again = await page.request.get(src, { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()["etag"]).toBe(etag);
    const unversioned = await page.request.get(`/images/area/${id}?v=old`);
    expect(unversioned.headers()["cache-control"]).toBe("private, no-cache");

    await page.getByRole("button", { name: "Bild entfernen" }).click();
    await expect(page.getByTestId("toast")).toContainText("Bild entfernt");
    await expect(page.getByRole("img", { name: `Bild zu „${name}“` })).toHaveCount(0);
    expect((await areaRow(db, id))!.image).toBeNull();
    expect((await page.request.get(`/images/area/${id}`)).status()).toBe(404);
  });

  test("a text file renamed .png and a file over 2 MB are refused", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const id = await make.area(catalogue, { name: unique("Kein Bild") });
    await gotoReady(page, `/servicecatalog/area/${id}`, javaScriptEnabled);
    await submitImage(page, { name: "notiz.png", mimeType: "image/png", buffer: Buffer.from("Das ist nur Text.\n") });
    await expect(page.getByText("Nur Bilder im Format JPG oder PNG sind erlaubt.")).toBeVisible();
    expect((await areaRow(db, id))!.image).toBeNull();

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    await submitImage(page, { name: "gross.png", mimeType: "image/png", buffer: big });
    await expect(page.getByText("Das Bild ist zu groß. Erlaubt sind höchstens 2 MB.")).toBeVisible();
    expect((await areaRow(db, id))!.image).toBeNull();

    // Both are a 400 answer, never a 500.
    for (const [file, message] of [
      [{ name: "notiz.png", mimeType: "image/png", buffer: Buffer.from("kein Bild") }, "Nur Bilder im Format JPG oder PNG sind erlaubt."],
      [{ name: "gross.png", mimeType: "image/png", buffer: big }, "Das Bild ist zu groß."],
    ] as const) {
      const response = await page.request.post(`/servicecatalog/area/${id}`, { multipart: { intent: "uploadImage", image: file } });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await areaRow(db, id))!.image).toBeNull();
  });

  test("a category's page lists its live services; its area can be changed", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const from = await make.area(catalogue, { name: unique("Von") });
    const toName = unique("Nach");
    const to = await make.area(catalogue, { name: toName });
    const categoryName = unique("Kategorie");
    const category = await make.category(catalogue, { name: categoryName, service_area_id: from });
    const live = await make.service(catalogue, category, inProgress(unique("Lebendig")));
    const binnedName = unique("Papierkorb");
    await make.service(catalogue, category, inProgress(binnedName, true));

    await gotoReady(page, `/servicecatalog/area/${from}`, javaScriptEnabled);
    const row = page.getByTestId("category-list").getByRole("row").filter({ hasText: categoryName });
    await expect(row.getByTestId("service-count")).toHaveText("1 Service");
    await row.getByRole("link", { name: categoryName }).click();
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/category/${category}$`));
    const services = page.getByTestId("service-list");
    await expect(services.getByRole("link")).toHaveCount(1);
    await expect(services.getByRole("link").first()).toHaveAttribute("href", `/servicecatalog/service/${live}`);
    await expect(services).toContainText("Überprüfung");
    await expect(page.getByText(binnedName)).toHaveCount(0);

    await page.getByLabel("Bereich", { exact: true }).selectOption({ label: toName });
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByTestId("toast")).toContainText("Kategorie gespeichert");
    await expect(page.getByTestId("breadcrumb").getByRole("link", { name: toName })).toBeVisible();
    const stored = await db.selectFrom("service_categories").select("service_area_id").where("id", "=", category).executeTakeFirstOrThrow();
    expect(stored.service_area_id).toBe(to);
  });

  test("deleting a category with services is refused and says why", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const area = await make.area(catalogue, { name: unique("Bereich") });
    const category = await make.category(catalogue, { name: unique("Belegt"), service_area_id: area });
    const serviceName = unique("Service");
    await make.service(catalogue, category, inProgress(serviceName));
    await gotoReady(page, `/servicecatalog/category/${category}`, javaScriptEnabled);
    await page.getByRole("link", { name: "Kategorie löschen" }).click();
    await expect(page).toHaveURL(/\?confirm=delete$/);
    const dialog = page.getByRole("dialog", { name: "Kategorie löschen" });
    await expect(dialog.getByTestId("has-children")).toContainText(
      "Diese Kategorie enthält noch Services. Verschieben Sie sie zuerst in eine andere Kategorie.",
    );
    await expect(dialog.getByRole("link", { name: serviceName })).toBeVisible();
    await expect(dialog.getByTestId("confirm-delete")).toHaveCount(0);

    // The server refuses it too, whatever the page offers.
    const response = await page.request.post(`/servicecatalog/category/${category}`, { form: { intent: "delete" } });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Diese Kategorie enthält noch Services.");
    expect(await db.selectFrom("service_categories").select("id").where("id", "=", category).executeTakeFirst()).toBeTruthy();
  });

  test("deleting an empty category works after confirming", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const area = await make.area(catalogue, { name: unique("Bereich") });
    const name = unique("Leer");
    const category = await make.category(catalogue, { name, service_area_id: area });
    // A service in the bin does not keep a category alive.
    const binned = await make.service(catalogue, category, inProgress(unique("Alt"), true));
    await gotoReady(page, `/servicecatalog/category/${category}`, javaScriptEnabled);
    await page.getByRole("link", { name: "Kategorie löschen" }).click();
    const dialog = page.getByRole("dialog", { name: "Kategorie löschen" });
    await expect(dialog).toContainText(`Möchten Sie die Kategorie „${name}“ wirklich löschen?`);
    await dialog.getByTestId("confirm-delete").click();
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/area/${area}$`));
    await expect(page.getByTestId("toast")).toContainText("Kategorie gelöscht");
    expect(await db.selectFrom("service_categories").select("id").where("id", "=", category).executeTakeFirst()).toBeUndefined();
    const service = await db.selectFrom("services").select("category_id").where("id", "=", binned).executeTakeFirstOrThrow();
    expect(service.category_id).toBeNull();
  });
});

test.describe("as client", () => {
  test.beforeEach(async ({ login }) => {
    await login("client");
  });

  test("reads an area but gets no edit form, and a POST is refused with 403 changing nothing", async ({ page, db, make, javaScriptEnabled }) => {
    const catalogue = await make.catalogue();
    const name = unique("Nur lesen");
    const id = await make.area(catalogue, { name, description: "Bleibt so" });
    const category = await make.category(catalogue, { name: unique("Kategorie"), service_area_id: id });
    await gotoReady(page, `/servicecatalog/area/${id}?confirm=delete`, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("structure-description")).toHaveText("Bleibt so");
    await expect(page.getByTestId("structure-manage")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveCount(0);

    const before = await areaRow(db, id);
    const update = await page.request.post(`/servicecatalog/area/${id}`, {
      form: { intent: "update", name: "Gekapert", description: "", updated_at: before!.updated_at },
    });
    expect(update.status()).toBe(403);
    const upload = await page.request.post(`/servicecatalog/area/${id}`, {
      multipart: { intent: "uploadImage", image: { name: "x.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(upload.status()).toBe(403);
    const remove = await page.request.post(`/servicecatalog/category/${category}`, { form: { intent: "delete" } });
    expect(remove.status()).toBe(403);
    expect(await areaRow(db, id)).toEqual(before);
    expect(await db.selectFrom("service_categories").select("id").where("id", "=", category).executeTakeFirst()).toBeTruthy();
  });
});

test.describe("any signed-in user", () => {
  test.beforeEach(async ({ login }) => {
    await login("user");
  });

  test("unknown or non-numeric ids are a 404", SERVER_CHECK, async ({ page }) => {
    for (const path of ["/servicecatalog/area/99999999", "/servicecatalog/area/abc", "/servicecatalog/category/99999999", "/servicecatalog/category/1e3"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Diese Seite wurde nicht gefunden")).toBeVisible();
    }
    expect((await page.request.get("/images/area/99999999")).status()).toBe(404);
    expect((await page.request.get("/images/service/1")).status()).toBe(404);
  });

  test("area and category paths without an id lead to the catalogue browser", SERVER_CHECK, async ({ page }) => {
    for (const path of ["/servicecatalog/area", "/servicecatalog/category"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/servicecatalog$/);
    }
  });

  test("a seeded area shows its categories with counts, and a category its breadcrumb", async ({ page, db, javaScriptEnabled }) => {
    const area = await db.selectFrom("service_areas").select(["id", "name", "service_catalogue_id"]).where("name", "=", "Arbeitsplatz").executeTakeFirstOrThrow();
    const { title } = await db.selectFrom("service_catalogues").select("title").where("id", "=", area.service_catalogue_id!).executeTakeFirstOrThrow();
    const category = await db
      .selectFrom("service_categories")
      .select(["id", "name"])
      .where("service_area_id", "=", area.id)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    await gotoReady(page, `/servicecatalog/area/${area.id}`, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: area.name })).toBeVisible();
    await expect(page.getByTestId("category-list").getByRole("link", { name: category.name })).toBeVisible();
    await page.getByTestId("category-list").getByRole("link", { name: category.name }).click();
    const crumbs = page.getByTestId("breadcrumb");
    await expect(crumbs.getByRole("link", { name: title! })).toHaveAttribute("href", "/servicecatalog");
    await expect(crumbs.getByRole("link", { name: area.name })).toHaveAttribute("href", `/servicecatalog/area/${area.id}`);
    await expect(crumbs.getByText(category.name)).toHaveAttribute("aria-current", "page");
  });

  test("images need a signed-in user", SERVER_CHECK, async ({ page, make, context }) => {
    const catalogue = await make.catalogue();
    const id = await make.area(catalogue, { name: unique("Privat"), image: PNG.toString("base64"), image_mime: "image/png" });
    expect((await page.request.get(`/images/area/${id}`)).status()).toBe(200);
    await context.clearCookies();
    const anonymous = await page.request.get(`/images/area/${id}`, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toMatch(/^\/login/);
  });
});
