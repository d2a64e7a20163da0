import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, test } from "../support/fixtures";
import { hex } from "../support/helpers";

// Moving a selection (areas, categories, services) into another catalogue from the list view.
// Runs in the JS and the no-JS project against one shared database: every test builds its own
// source and target catalogues.

test.describe.configure({ timeout: 120_000 });

/**
 * Source catalogue: area "Eins" with K1 (s1, s2) and K2 (s3); area "Zwei" with K3 (s4).
 * Target catalogue: empty.
 */
async function buildBatch(make: Factories) {
  const tag = hex();
  const source = await make.catalogue({ title: `Quellkatalog ${tag}` });
  const targetTitle = `Zielkatalog ${tag}`;
  const target = await make.catalogue({ title: targetTitle });
  const areaNames = { a1: `Bereich Eins ${tag}`, a2: `Bereich Zwei ${tag}` };
  const a1 = await make.area(source, { name: areaNames.a1, position: 0 });
  const a2 = await make.area(source, { name: areaNames.a2, position: 1 });
  const catNames = { k1: `Kategorie Eins ${tag}`, k2: `Kategorie Zwei ${tag}`, k3: `Kategorie Drei ${tag}` };
  const k1 = await make.category(source, { service_area_id: a1, name: catNames.k1, position: 0 });
  const k2 = await make.category(source, { service_area_id: a1, name: catNames.k2, position: 1 });
  const k3 = await make.category(source, { service_area_id: a2, name: catNames.k3, position: 0 });
  const names = { s1: `Service Eins ${tag}`, s2: `Service Zwei ${tag}`, s3: `Service Drei ${tag}`, s4: `Service Vier ${tag}` };
  const s1 = await make.service(source, k1, { name: names.s1, position: 0 });
  const s2 = await make.service(source, k1, { name: names.s2, position: 1 });
  const s3 = await make.service(source, k2, { name: names.s3, position: 0 });
  const s4 = await make.service(source, k3, { name: names.s4, position: 0 });
  return { source, sourceTitle: `Quellkatalog ${tag}`, target, targetTitle, a1, a2, k1, k2, k3, s1, s2, s3, s4, areaNames, catNames, names };
}

type Batch = Awaited<ReturnType<typeof buildBatch>>;

const service = (db: DB, id: number) => db.selectFrom("services").select(["service_catalogue_id", "category_id"]).where("id", "=", id).executeTakeFirstOrThrow();
const category = (db: DB, id: number) => db.selectFrom("service_categories").select(["service_catalogue_id", "service_area_id"]).where("id", "=", id).executeTakeFirstOrThrow();
const area = (db: DB, id: number) => db.selectFrom("service_areas").select(["service_catalogue_id"]).where("id", "=", id).executeTakeFirstOrThrow();

async function expectUnmoved(db: DB, b: Batch) {
  for (const id of [b.s1, b.s2, b.s3, b.s4]) expect((await service(db, id)).service_catalogue_id).toBe(b.source);
  for (const id of [b.k1, b.k2, b.k3]) expect((await category(db, id)).service_catalogue_id).toBe(b.source);
  for (const id of [b.a1, b.a2]) expect((await area(db, id)).service_catalogue_id).toBe(b.source);
}

const box = (page: Page, kind: "Bereich" | "Kategorie" | "Service", name: string) => page.getByRole("checkbox", { name: `${kind} ${name} auswählen`, exact: true });

test.describe("as keyuser", () => {
  test("moves a category with its services into another catalogue", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const b = await buildBatch(make);
    await make.useCatalogue(user.id, b.source);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("4 Services · 2 Bereiche · 3 Kategorien");
    // The current catalogue is no target.
    await expect(page.getByTestId("batch-target").locator("option", { hasText: b.sourceTitle })).toHaveCount(0);
    await expect(page.getByTestId("batch-target").locator("option", { hasText: b.targetTitle })).toHaveCount(1);

    await box(page, "Kategorie", b.catNames.k1).check();
    if (javaScriptEnabled) {
      // The category's services are selected along with it.
      await expect(box(page, "Service", b.names.s1)).toBeChecked();
      await expect(box(page, "Service", b.names.s2)).toBeChecked();
      await expect(box(page, "Service", b.names.s3)).not.toBeChecked();
    }
    await page.getByTestId("batch-target").selectOption({ label: b.targetTitle });
    await page.getByTestId("batch-submit").click();
    await expect(page.getByTestId("toast")).toContainText("2 Services verschoben");
    await expect(page).toHaveURL(/\/servicecatalog(\?view=0)?$/);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("2 Services · 2 Bereiche · 2 Kategorien");
    await expect(page.getByTestId("service-list").getByRole("link", { name: b.names.s1 })).toHaveCount(0);

    expect(await service(db, b.s1)).toEqual({ service_catalogue_id: b.target, category_id: b.k1 });
    expect(await service(db, b.s2)).toEqual({ service_catalogue_id: b.target, category_id: b.k1 });
    // The area stays behind, so the category stands on its own in the target.
    expect(await category(db, b.k1)).toEqual({ service_catalogue_id: b.target, service_area_id: null });
    expect(await service(db, b.s3)).toEqual({ service_catalogue_id: b.source, category_id: b.k2 });
    expect(await category(db, b.k2)).toEqual({ service_catalogue_id: b.source, service_area_id: b.a1 });
    expect((await area(db, b.a1)).service_catalogue_id).toBe(b.source);
  });

  test("checking an area selects its categories and services; the area moves with everything in it", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const b = await buildBatch(make);
    await make.useCatalogue(user.id, b.source);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await box(page, "Bereich", b.areaNames.a1).check();
    if (javaScriptEnabled) {
      for (const [kind, name] of [
        ["Kategorie", b.catNames.k1],
        ["Kategorie", b.catNames.k2],
        ["Service", b.names.s1],
        ["Service", b.names.s2],
        ["Service", b.names.s3],
      ] as const)
        await expect.soft(box(page, kind, name), `${kind} ${name}`).toBeChecked();
      await expect.soft(box(page, "Kategorie", b.catNames.k3)).not.toBeChecked();
      await expect.soft(box(page, "Service", b.names.s4)).not.toBeChecked();
      // Unchecking the area clears them again.
      await box(page, "Bereich", b.areaNames.a1).uncheck();
      await expect.soft(box(page, "Kategorie", b.catNames.k1)).not.toBeChecked();
      await expect.soft(box(page, "Service", b.names.s1)).not.toBeChecked();
      await box(page, "Bereich", b.areaNames.a1).check();
    } else {
      // Without JS nothing else is ticked; the server applies the same rule on submit.
      await expect(box(page, "Kategorie", b.catNames.k1)).not.toBeChecked();
    }
    await page.getByTestId("batch-target").selectOption({ label: b.targetTitle });
    await page.getByTestId("batch-submit").click();
    await expect(page.getByTestId("toast")).toContainText("3 Services verschoben");
    await expect(page.getByTestId("catalogue-counts")).toHaveText("1 Services · 1 Bereiche · 1 Kategorien");

    expect((await area(db, b.a1)).service_catalogue_id).toBe(b.target);
    expect(await category(db, b.k1)).toEqual({ service_catalogue_id: b.target, service_area_id: b.a1 });
    expect(await category(db, b.k2)).toEqual({ service_catalogue_id: b.target, service_area_id: b.a1 });
    for (const [id, cat] of [
      [b.s1, b.k1],
      [b.s2, b.k1],
      [b.s3, b.k2],
    ])
      expect(await service(db, id)).toEqual({ service_catalogue_id: b.target, category_id: cat });
    expect(await service(db, b.s4)).toEqual({ service_catalogue_id: b.source, category_id: b.k3 });

    // In the target catalogue the area keeps its categories.
    await page.getByTestId("catalogue-picker").selectOption({ label: b.targetTitle });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Wechseln" }).click();
    await expect(page.getByTestId("catalogue-title")).toHaveText(b.targetTitle);
    await expect(page.getByTestId("catalogue-counts")).toHaveText("3 Services · 1 Bereiche · 2 Kategorien");
  });

  test("a single service moves without its category", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const b = await buildBatch(make);
    await make.useCatalogue(user.id, b.source);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await box(page, "Service", b.names.s4).check();
    await page.getByTestId("batch-target").selectOption({ label: b.targetTitle });
    await page.getByTestId("batch-submit").click();
    await expect(page.getByTestId("toast")).toContainText("1 Service verschoben");
    // Its category stays behind, so it arrives without one.
    expect(await service(db, b.s4)).toEqual({ service_catalogue_id: b.target, category_id: null });
    expect((await category(db, b.k3)).service_catalogue_id).toBe(b.source);
  });

  test("an empty selection and a missing target are refused with a message", async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login("keyuser");
    const b = await buildBatch(make);
    await make.useCatalogue(user.id, b.source);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await page.getByTestId("batch-target").selectOption({ label: b.targetTitle });
    await page.getByTestId("batch-submit").click();
    await expect(page.getByRole("alert").filter({ hasText: "Bitte wählen Sie mindestens einen Bereich, eine Kategorie oder einen Service aus." })).toBeVisible();
    await expectUnmoved(db, b);

    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await box(page, "Kategorie", b.catNames.k1).check();
    await page.getByTestId("batch-submit").click();
    await expect(page.getByText("Bitte wählen Sie einen Zielkatalog.")).toBeVisible();
    await expect(page.getByTestId("batch-target")).toHaveAccessibleDescription("Bitte wählen Sie einen Zielkatalog.");
    await expectUnmoved(db, b);

    // The same answers without a browser form: 400, nothing moved.
    const empty = await page.request.post("/servicecatalog?index", { form: { intent: "batch", target: String(b.target) } });
    expect(empty.status()).toBe(400);
    const noTarget = await page.request.post("/servicecatalog?index", { form: { intent: "batch", target: "", category: String(b.k1) } });
    expect(noTarget.status()).toBe(400);
    const unknownTarget = await page.request.post("/servicecatalog?index", { form: { intent: "batch", target: "999999", category: String(b.k1) } });
    expect(unknownTarget.status()).toBe(400);
    await expectUnmoved(db, b);
  });
});

for (const role of ["client", "user"] as const) {
  test(`a ${role} sees no selection and a forged batch POST is refused`, async ({ page, db, make, login, javaScriptEnabled }) => {
    const user = await login(role);
    const b = await buildBatch(make);
    await make.useCatalogue(user.id, b.source);
    await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
    await expect(page.getByTestId("service-row")).toHaveCount(4);
    await expect(page.getByRole("checkbox", { name: / auswählen$/ })).toHaveCount(0);
    await expect(page.getByTestId("batch-target")).toHaveCount(0);
    await expect(page.getByTestId("batch-submit")).toHaveCount(0);
    const response = await page.request.post("/servicecatalog?index", {
      form: { intent: "batch", target: String(b.target), area: String(b.a1), category: String(b.k3), service: String(b.s4) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    await expectUnmoved(db, b);
  });
}
