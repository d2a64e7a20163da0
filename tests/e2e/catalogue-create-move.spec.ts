import type { Locator, Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, test, unique } from "../support/fixtures";
import { hex } from "../support/helpers";

// The create menu (/servicecatalog/new) and moving services in the tree (buttons, "move to",
// drag and drop) with their permissions. Runs in the JS and the no-JS project against one shared
// database: every test works in a catalogue of its own, made current for its user.

test.describe.configure({ timeout: 120_000 });

/** Live services of a category in stored order. */
async function stored(db: DB, categoryId: number) {
  return db.selectFrom("services").select(["id", "position"]).where("category_id", "=", categoryId).where("deleted_at", "is", null).orderBy("position").orderBy("id").execute();
}

/** Asserts the stored order by id and that positions are 0..n-1. */
async function expectStoredOrder(db: DB, categoryId: number, ids: number[]) {
  await expect
    .poll(async () => (await stored(db, categoryId)).map((r) => r.id), { message: `order in category ${categoryId}` })
    .toEqual(ids);
  expect((await stored(db, categoryId)).map((r) => r.position)).toEqual(ids.map((_, i) => i));
}

/**
 * A catalogue with "Quelle" (A, B, C at positions 0..2) and "Ziel" (D). Category names are
 * unique per test.
 */
async function buildMoveCatalogue(make: Factories) {
  const tag = hex();
  const id = await make.catalogue({ title: `Verschiebekatalog ${tag}` });
  const source = { name: `Quelle ${tag}`, id: 0 };
  const target = { name: `Ziel ${tag}`, id: 0 };
  source.id = await make.category(id, { name: source.name, position: 0 });
  target.id = await make.category(id, { name: target.name, position: 1 });
  const names = { a: `Alpha ${tag}`, b: `Beta ${tag}`, c: `Gamma ${tag}`, d: `Delta ${tag}` };
  const ids = {
    a: await make.service(id, source.id, { name: names.a, position: 0 }),
    b: await make.service(id, source.id, { name: names.b, position: 1 }),
    c: await make.service(id, source.id, { name: names.c, position: 2 }),
    d: await make.service(id, target.id, { name: names.d, position: 0 }),
  };
  return { id, source, target, names, ids };
}

/** The tree node of a category, found by its toggle link (its name also appears in "move to" selects). */
function categoryNode(page: Page, name: string): Locator {
  return page
    .getByTestId("tree")
    .getByTestId("tree-category")
    .filter({ has: page.getByRole("link", { name: new RegExp(`^${name} (auf|zu)klappen$`) }) });
}

const servicesOf = (page: Page, name: string) => categoryNode(page, name).getByTestId("tree-service");
const serviceLinks = (page: Page, name: string) => servicesOf(page, name).locator(":scope > a");
const serviceItem = (page: Page, category: string, service: string) =>
  servicesOf(page, category).filter({ has: page.getByRole("link", { name: service, exact: true }) });
const moveButtons = (page: Page) => page.getByRole("button", { name: /^Nach (oben|unten): / });

/**
 * Drags with the mouse (native HTML5 drag and drop in Chromium); if the page saw no drop, sends
 * the DOM events (dragstart, dragenter, dragover, drop, dragend) with one DataTransfer instead.
 */
async function dragAndDrop(page: Page, source: Locator, target: Locator, targetPosition?: { x: number; y: number }) {
  let dropped = false;
  await target.evaluate((el) => {
    el.removeAttribute("data-e2e-dropped");
    el.addEventListener("drop", () => el.setAttribute("data-e2e-dropped", ""), { once: true });
  });
  await source.dragTo(target, targetPosition ? { targetPosition } : undefined);
  dropped = (await target.getAttribute("data-e2e-dropped")) !== null;
  test.info().annotations.push({ type: "drag", description: dropped ? "native" : "dispatched events" });
  if (dropped) return;
  await page.evaluate(
    ([from, to]) => {
      const transfer = new DataTransfer();
      const fire = (el: Element, type: string) => el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      fire(from!, "dragstart");
      fire(to!, "dragenter");
      fire(to!, "dragover");
      fire(to!, "drop");
      fire(from!, "dragend");
    },
    [await source.elementHandle(), await target.elementHandle()] as const,
  );
}

test.describe("create menu", () => {
  test("a keyuser creates an area, a category in it and a service in that", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const catalogueId = await make.catalogue({ title: unique("Anlegekatalog") });
    await make.useCatalogue(user.id, catalogueId);
    const areaName = unique("Neuer Bereich");
    const categoryName = unique("Neue Kategorie");
    const serviceName = unique("Neuer Service");

    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await page.getByTestId("create-menu").click();
    await expect(page).toHaveURL(/\/servicecatalog\/new$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Neu anlegen");
    await page.getByTestId("create-area").click();
    await expect(page).toHaveURL(/\/servicecatalog\/new\?type=area$/);
    await page.getByRole("textbox", { name: "Name" }).fill(areaName);
    await page.getByTestId("create-submit").click();
    await expect(page).toHaveURL(/\/servicecatalog\/area\/\d+$/);
    await expect(page.getByTestId("toast")).toContainText("Bereich angelegt");
    await expect(page.getByRole("heading", { level: 1, name: areaName })).toBeVisible();
    const areaId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(await db.selectFrom("service_areas").select(["name", "service_catalogue_id"]).where("id", "=", areaId).executeTakeFirst()).toEqual({
      name: areaName,
      service_catalogue_id: catalogueId,
    });

    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await page.getByTestId("create-menu").click();
    await page.getByTestId("create-category").click();
    await expect(page).toHaveURL(/\?type=category$/);
    await page.getByRole("textbox", { name: "Name" }).fill(categoryName);
    await page.getByLabel("Bereich", { exact: true }).selectOption({ label: areaName });
    await page.getByTestId("create-submit").click();
    await expect(page).toHaveURL(/\/servicecatalog\/category\/\d+$/);
    await expect(page.getByTestId("toast")).toContainText("Kategorie angelegt");
    await expect(page.getByRole("heading", { level: 1, name: categoryName })).toBeVisible();
    await expect(page.getByTestId("breadcrumb").getByRole("link", { name: areaName })).toBeVisible();
    const categoryId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(await db.selectFrom("service_categories").select(["name", "service_area_id", "service_catalogue_id"]).where("id", "=", categoryId).executeTakeFirst()).toEqual({
      name: categoryName,
      service_area_id: areaId,
      service_catalogue_id: catalogueId,
    });

    await gotoReady(page, "/servicecatalog", javaScriptEnabled);
    await page.getByTestId("create-menu").click();
    await page.getByTestId("create-service").click();
    await expect(page).toHaveURL(/\?type=service$/);
    await page.getByRole("textbox", { name: "Name" }).fill(serviceName);
    await page.getByRole("combobox", { name: "Kategorie", exact: true }).selectOption({ label: categoryName });
    await page.getByTestId("create-submit").click();
    await expect(page).toHaveURL(/\/servicecatalog\/service\/\d+$/);
    await expect(page.getByTestId("toast")).toContainText("Service angelegt");
    const serviceId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(
      await db.selectFrom("services").select(["name", "category_id", "service_catalogue_id", "position", "deleted_at"]).where("id", "=", serviceId).executeTakeFirst(),
    ).toEqual({ name: serviceName, category_id: categoryId, service_catalogue_id: catalogueId, position: 0, deleted_at: null });

    // All three show in the browser of the current catalogue.
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("1 Services · 1 Bereiche · 1 Kategorien");
    await expect(page.getByTestId("service-list").getByRole("link", { name: serviceName })).toHaveAttribute("href", `/servicecatalog/service/${serviceId}`);
  });

  test("an empty name and a service without category are refused beside the field", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const catalogueId = await make.catalogue({ title: unique("Pruefkatalog") });
    await make.useCatalogue(user.id, catalogueId);

    // Without any category a service cannot be created at all.
    await gotoReady(page, "/servicecatalog/new?type=service", javaScriptEnabled);
    await expect(page.getByText("Es gibt noch keine Kategorie. Legen Sie zuerst eine an.")).toBeVisible();

    for (const type of ["area", "category", "service"]) {
      await gotoReady(page, `/servicecatalog/new?type=${type}`, javaScriptEnabled);
      const name = page.getByRole("textbox", { name: "Name" });
      await name.fill("   ");
      await page.getByTestId("create-submit").click();
      await expect(name, type).toHaveAccessibleDescription("Bitte füllen Sie dieses Feld aus.");
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(new RegExp(`/servicecatalog/new\\?type=${type}$`));
      if (type === "area") await make.category(catalogueId, { name: unique("Vorhandene Kategorie") });
    }

    const serviceName = unique("Ohne Kategorie");
    await gotoReady(page, "/servicecatalog/new?type=service", javaScriptEnabled);
    await page.getByRole("textbox", { name: "Name" }).fill(serviceName);
    await page.getByTestId("create-submit").click();
    const category = page.getByRole("combobox", { name: "Kategorie", exact: true });
    await expect(category).toHaveAccessibleDescription("Bitte wählen Sie eine Kategorie.");
    await expect(page.getByText("Bitte wählen Sie eine Kategorie.")).toBeVisible();
    const response = await page.request.post("/servicecatalog/new", { form: { type: "service", name: serviceName, category: "" } });
    expect(response.status()).toBe(400);

    expect(await db.selectFrom("services").select("id").where("name", "=", serviceName).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("service_areas").select("id").where("service_catalogue_id", "=", catalogueId).execute()).toEqual([]);
    expect(await db.selectFrom("service_categories").select("id").where("service_catalogue_id", "=", catalogueId).execute()).toHaveLength(1);
  });

  for (const role of ["client", "user"] as const) {
    test(`a ${role} has no create menu, is sent to /unauthorized and a POST is refused`, async ({ page, db, make, login, javaScriptEnabled }) => {
      const user = await login(role);
      const catalogueId = await make.catalogue({ title: unique("Fremdkatalog") });
      await make.useCatalogue(user.id, catalogueId);
      await gotoReady(page, "/servicecatalog", javaScriptEnabled);
      await expect(page.getByTestId("view-list")).toBeVisible();
      await expect(page.getByTestId("create-menu")).toHaveCount(0);
      for (const path of ["/servicecatalog/new", "/servicecatalog/new?type=area"]) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/unauthorized$/);
        await expect(page.getByTestId("unauthorized-message")).toBeVisible();
      }
      const name = unique("Gekapert");
      for (const type of ["area", "category"]) {
        const response = await page.request.post("/servicecatalog/new", { form: { type, name } });
        expect(response.status(), type).toBe(403);
      }
      expect(await db.selectFrom("service_areas").select("id").where("name", "=", name).executeTakeFirst()).toBeUndefined();
      expect(await db.selectFrom("service_categories").select("id").where("name", "=", name).executeTakeFirst()).toBeUndefined();
    });
  }
});

test.describe("moving services in the tree", () => {
  test("up and down buttons reorder services in a category", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    const url = `/servicecatalog?view=1&open=${m.source.id}`;
    await gotoReady(page, url, javaScriptEnabled);
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.a, m.names.b, m.names.c]);
    await expect(page.getByRole("button", { name: `Nach oben: ${m.names.a}` })).toBeDisabled();
    await expect(page.getByRole("button", { name: `Nach unten: ${m.names.c}` })).toBeDisabled();

    await page.getByRole("button", { name: `Nach unten: ${m.names.a}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Service verschoben");
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.b, m.names.a, m.names.c]);
    await expect(page).toHaveURL(new RegExp(`open=${m.source.id}`));
    await expectStoredOrder(db, m.source.id, [m.ids.b, m.ids.a, m.ids.c]);

    await page.getByRole("button", { name: `Nach oben: ${m.names.c}` }).click();
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.b, m.names.c, m.names.a]);
    await expectStoredOrder(db, m.source.id, [m.ids.b, m.ids.c, m.ids.a]);
    await expect(page.getByRole("button", { name: `Nach oben: ${m.names.b}` })).toBeDisabled();
    await expect(page.getByRole("button", { name: `Nach unten: ${m.names.a}` })).toBeDisabled();

    // Still so after a reload.
    await gotoReady(page, url, javaScriptEnabled);
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.b, m.names.c, m.names.a]);
    // The other category is untouched.
    await expectStoredOrder(db, m.target.id, [m.ids.d]);
  });

  test("'Verschieben nach …' moves a service to the top of another category", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}`, javaScriptEnabled);
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.d]);
    const row = servicesOf(page, m.source.name).filter({ has: page.getByRole("link", { name: m.names.b, exact: true }) });
    await row.getByRole("link", { name: `Verschieben nach … ${m.names.b}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`move=${m.ids.b}`));
    await row.getByLabel("Zielkategorie").selectOption({ label: m.target.name });
    await row.getByRole("button", { name: "Verschieben", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Service verschoben");
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.a, m.names.c]);
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.b, m.names.d]);
    // Back on the tree with both nodes still open.
    expect(new URL(page.url()).searchParams.getAll("open").sort()).toEqual([String(m.source.id), String(m.target.id)].sort());
    await expectStoredOrder(db, m.target.id, [m.ids.b, m.ids.d]);
    await expectStoredOrder(db, m.source.id, [m.ids.a, m.ids.c]);
    const moved = await db.selectFrom("services").select(["category_id", "service_catalogue_id"]).where("id", "=", m.ids.b).executeTakeFirstOrThrow();
    expect(moved).toEqual({ category_id: m.target.id, service_catalogue_id: m.id });
  });

  // The form posts to the current URL (?…&move=<id>); the redirect after the move drops `move`.
  test("after 'Verschieben' the move form is closed again", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}&move=${m.ids.b}`, javaScriptEnabled);
    const form = page.getByTestId("move-to-form");
    await form.getByLabel("Zielkategorie").selectOption({ label: m.target.name });
    await form.getByRole("button", { name: "Verschieben", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Service verschoben");
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.b, m.names.d]);
    await expect(form).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has("move")).toBe(false);
  });

  test("'Verschieben nach …' opens the form for one service only and 'Abbrechen' closes it", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}`, javaScriptEnabled);
    const forms = page.getByTestId("move-to-form");
    const keepsOpenNodes = async () => {
      const params = new URL(page.url()).searchParams;
      expect(params.getAll("open").sort()).toEqual([String(m.source.id), String(m.target.id)].sort());
      await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.a, m.names.b, m.names.c]);
      await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.d]);
    };
    // One link per service, no form yet.
    await expect(page.getByTestId("move-to")).toHaveCount(4);
    await expect(forms).toHaveCount(0);

    const link = page.getByRole("link", { name: `Verschieben nach … ${m.names.c}`, exact: true });
    await expect(link).toHaveText("Verschieben nach …");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`[?&]move=${m.ids.c}(&|$)`));
    await expect(forms).toHaveCount(1);
    const form = serviceItem(page, m.source.name, m.names.c).getByTestId("move-to-form");
    await expect(form).toBeVisible();
    // It starts at the service's own category and offers the others.
    const select = form.getByLabel("Zielkategorie");
    await expect(select).toHaveValue(String(m.source.id));
    await expect(select.locator("option")).toHaveText([m.source.name, m.target.name]);
    await expect(form.getByRole("button", { name: "Verschieben", exact: true })).toBeVisible();
    await keepsOpenNodes();

    // Another service's link moves the form there: still only one.
    await page.getByRole("link", { name: `Verschieben nach … ${m.names.d}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]move=${m.ids.d}(&|$)`));
    await expect(forms).toHaveCount(1);
    await expect(serviceItem(page, m.target.name, m.names.d).getByTestId("move-to-form")).toBeVisible();
    await expect(serviceItem(page, m.source.name, m.names.c).getByTestId("move-to-form")).toHaveCount(0);
    await expect(forms.getByLabel("Zielkategorie")).toHaveValue(String(m.target.id));

    // "Abbrechen" closes it and changes nothing.
    await forms.getByRole("link", { name: "Abbrechen", exact: true }).click();
    await expect(forms).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has("move")).toBe(false);
    await keepsOpenNodes();
    await expectStoredOrder(db, m.source.id, [m.ids.a, m.ids.b, m.ids.c]);
    await expectStoredOrder(db, m.target.id, [m.ids.d]);

    // A visit with ?move= of a service the tree does not show (closed node) shows no form.
    await gotoReady(page, `/servicecatalog?view=1&open=${m.target.id}&move=${m.ids.a}`, javaScriptEnabled);
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.d]);
    await expect(forms).toHaveCount(0);
  });

  test("drag and drop moves a service onto another category or before a service (JS)", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}`, javaScriptEnabled);
    const item = serviceItem(page, m.source.name, m.names.a);
    await expect(item).toHaveAttribute("draggable", "true");
    if (!javaScriptEnabled) {
      // Without JS the buttons beside each service are the way to move it.
      await expect(item.getByRole("button", { name: `Nach unten: ${m.names.a}` })).toBeEnabled();
      await expect(item.getByTestId("move-to")).toHaveText("Verschieben nach …");
      return;
    }
    // Onto the category's own row (not onto one of its services): appended at its end.
    await dragAndDrop(page, item, categoryNode(page, m.target.name), { x: 8, y: 8 });
    await expectStoredOrder(db, m.target.id, [m.ids.d, m.ids.a]);
    await expectStoredOrder(db, m.source.id, [m.ids.b, m.ids.c]);
    await expect(page.getByTestId("toast")).toContainText("Service verschoben");
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.d, m.names.a]);
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.b, m.names.c]);
    await expect(page).toHaveURL(new RegExp(`open=${m.source.id}`));

    // Onto a service: takes that service's place.
    await dragAndDrop(page, serviceItem(page, m.source.name, m.names.c), serviceItem(page, m.target.name, m.names.d));
    await expectStoredOrder(db, m.target.id, [m.ids.c, m.ids.d, m.ids.a]);
    await expectStoredOrder(db, m.source.id, [m.ids.b]);
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.c, m.names.d, m.names.a]);

    // Within a category: the last one onto the first.
    await dragAndDrop(page, serviceItem(page, m.target.name, m.names.a), serviceItem(page, m.target.name, m.names.c));
    await expectStoredOrder(db, m.target.id, [m.ids.a, m.ids.c, m.ids.d]);
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.a, m.names.c, m.names.d]);
  });

  test("dropping a service onto a collapsed category appends it at the end (JS)", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    // Only the source is open; the target shows just its row.
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}`, javaScriptEnabled);
    const item = serviceItem(page, m.source.name, m.names.a);
    const target = categoryNode(page, m.target.name);
    await expect(target.getByRole("link", { name: `${m.target.name} aufklappen` })).toHaveAttribute("aria-expanded", "false");
    if (!javaScriptEnabled) {
      await expect(item).toHaveAttribute("draggable", "true");
      return;
    }
    await dragAndDrop(page, item, target);
    await expect.poll(async () => (await db.selectFrom("services").select("category_id").where("id", "=", m.ids.a).executeTakeFirstOrThrow()).category_id).toBe(m.target.id);
    await expectStoredOrder(db, m.source.id, [m.ids.b, m.ids.c]);
    // Like a drop onto an open category: at the end, after D.
    await expectStoredOrder(db, m.target.id, [m.ids.d, m.ids.a]);
  });

  test("with a filter active, reordering is not offered (positions count the whole category)", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    // Beta is hidden by the status filter below: the tree shows Alpha, Gamma.
    await db.updateTable("services").set({ status: "closed" }).where("id", "=", m.ids.b).execute();
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&status=open`, javaScriptEnabled);
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.a, m.names.c]);
    await expect(moveButtons(page)).toHaveCount(0);
    await expect(servicesOf(page, m.source.name).first()).toHaveAttribute("draggable", "false");
    await expect(page.getByText("Die Reihenfolge lässt sich nur ohne Suche und Filter ändern.")).toBeVisible();
    // Without the filter the controls are back.
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}`, javaScriptEnabled);
    await expect(moveButtons(page)).toHaveCount(6);
  });

  test("reorder controls only show while sorting by position", async ({ page, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}`, javaScriptEnabled);
    await expect(moveButtons(page)).toHaveCount(6);
    await expect(page.getByText("Die Reihenfolge lässt sich nur bei Sortierung nach Position ändern.")).toHaveCount(0);

    for (const sort of ["alphabet", "createDate", "editDate"]) {
      await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&sort=${sort}&dir=asc`, javaScriptEnabled);
      await expect(servicesOf(page, m.source.name), sort).toHaveCount(3);
      await expect(moveButtons(page), sort).toHaveCount(0);
      await expect(page.getByTestId("move-to")).toHaveCount(0);
      await expect(servicesOf(page, m.source.name).first()).toHaveAttribute("draggable", "false");
      await expect(page.getByText("Die Reihenfolge lässt sich nur bei Sortierung nach Position ändern.")).toBeVisible();
    }
    // Alphabetical descending shows the reverse order of names.
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&sort=alphabet`, javaScriptEnabled);
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.c, m.names.b, m.names.a]);
  });

  test("a user without a grant sees no move controls and a forged move is refused", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const m = await buildMoveCatalogue(make);
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}`, javaScriptEnabled);
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.a, m.names.b, m.names.c]);
    await expect(moveButtons(page)).toHaveCount(0);
    await expect(page.getByTestId("move-to")).toHaveCount(0);
    await expect(servicesOf(page, m.source.name).first()).toHaveAttribute("draggable", "false");

    const forged: Record<string, string>[] = [
      { intent: "move", service: String(m.ids.a), category: String(m.source.id), index: "2" },
      { intent: "move", service: String(m.ids.a), category: String(m.target.id), index: "0" },
      { intent: "move", service: String(m.ids.a), category: String(m.target.id), index: "0", fetcher: "1" },
    ];
    for (const form of forged) {
      const response = await page.request.post("/servicecatalog?index", { form, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(form)).toBe(403);
    }
    await expectStoredOrder(db, m.source.id, [m.ids.a, m.ids.b, m.ids.c]);
    await expectStoredOrder(db, m.target.id, [m.ids.d]);

    // A client is refused too.
    await page.context().clearCookies();
    await login("client");
    const response = await page.request.post("/servicecatalog?index", { form: { intent: "move", service: String(m.ids.a), category: String(m.source.id), index: "1" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    await expectStoredOrder(db, m.source.id, [m.ids.a, m.ids.b, m.ids.c]);
  });

  test("a user granted a category may move services within it, but not out of it", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("user");
    const m = await buildMoveCatalogue(make);
    await make.grant(user.id, { categoryId: m.source.id });
    await make.useCatalogue(user.id, m.id);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}`, javaScriptEnabled);
    // Controls on the granted category's services only.
    await expect(servicesOf(page, m.source.name).first().getByRole("button", { name: `Nach unten: ${m.names.a}` })).toBeVisible();
    await expect(moveButtons(page)).toHaveCount(6);
    await expect(page.getByRole("button", { name: new RegExp(`: ${m.names.d}$`) })).toHaveCount(0);
    await expect(servicesOf(page, m.target.name).first()).toHaveAttribute("draggable", "false");

    await page.getByRole("button", { name: `Nach unten: ${m.names.b}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Service verschoben");
    await expect(serviceLinks(page, m.source.name)).toHaveText([m.names.a, m.names.c, m.names.b]);
    await expectStoredOrder(db, m.source.id, [m.ids.a, m.ids.c, m.ids.b]);

    // Into a category without a grant: refused.
    const response = await page.request.post("/servicecatalog?index", {
      form: { intent: "move", service: String(m.ids.a), category: String(m.target.id), index: "0" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    await expectStoredOrder(db, m.target.id, [m.ids.d]);
    await expectStoredOrder(db, m.source.id, [m.ids.a, m.ids.c, m.ids.b]);

    // "Verschieben nach …" only beside the granted category's services; its form offers only
    // categories the user may edit, and ?move= of another service opens nothing.
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}`, javaScriptEnabled);
    await expect(page.getByTestId("move-to")).toHaveCount(3);
    await expect(serviceItem(page, m.target.name, m.names.d).getByTestId("move-to")).toHaveCount(0);
    await page.getByRole("link", { name: `Verschieben nach … ${m.names.a}`, exact: true }).click();
    await expect(page.getByTestId("move-to-form").getByLabel("Zielkategorie").locator("option")).toHaveText([m.source.name]);
    await gotoReady(page, `/servicecatalog?view=1&open=${m.source.id}&open=${m.target.id}&move=${m.ids.d}`, javaScriptEnabled);
    await expect(serviceLinks(page, m.target.name)).toHaveText([m.names.d]);
    await expect(page.getByTestId("move-to-form")).toHaveCount(0);
  });
});
