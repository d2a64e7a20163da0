import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { trashService } from "~/modules/service/service-lifecycle.server";
import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";

// Deleting a service to the bin (with its derivatives), restoring it, duplicating and deriving.
// Runs in the JS and the no-JS project against one shared database: every test makes its own
// catalogues, categories and services with unique names.

test.describe.configure({ timeout: 90_000 });

/** A service checked at 40 %, appended to its category; with `parent`, a derivative of that service. */
async function makeService(make: Factories, db: DB, categoryId: number, name: string, parent: number | null = null): Promise<number> {
  const category = await db.selectFrom("service_categories").select("service_catalogue_id").where("id", "=", categoryId).executeTakeFirstOrThrow();
  const count = await db
    .selectFrom("services")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("category_id", "=", categoryId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return make.service(category.service_catalogue_id, categoryId, { name, position: Number(count.n), parent_service_id: parent, status: "checking", statuspercent: 40 });
}

const serviceRow = (db: DB, id: number) =>
  db.selectFrom("services").select(["name", "deleted_at", "deleted_by", "category_id", "service_catalogue_id", "position", "parent_service_id", "status"]).where("id", "=", id).executeTakeFirstOrThrow();

test.describe("as keysuperuser", () => {
  test("deletes a service to the bin and restores it to the end of its category", async ({ page, db, make, login, javaScriptEnabled }) => {
    const admin = await login("keysuperuser", { name: unique("Admin") });
    const catalogue = await make.catalogue();
    const category = await make.category(catalogue);
    const name = unique("Papierkorb-Service");
    const first = await makeService(make, db, category, unique("Erster"));
    const id = await makeService(make, db, category, name);
    const last = await makeService(make, db, category, unique("Letzter"));

    await gotoReady(page, `/servicecatalog/service/${id}/delete`, javaScriptEnabled);
    const dialog = page.getByRole("dialog", { name: "Service löschen" });
    await expect(dialog).toContainText(`Möchten Sie „${name}“ in den Papierkorb verschieben?`);
    await expect(dialog.getByTestId("derivatives-warning")).toHaveCount(0);
    await dialog.getByRole("button", { name: "In den Papierkorb" }).click();
    await expect(page).toHaveURL(/\/servicecatalog(\?.*)?$/);
    await expect(page.getByTestId("toast")).toContainText(`„${name}“ wurde in den Papierkorb verschoben.`);
    expect(await serviceRow(db, id)).toMatchObject({ deleted_by: admin.id });
    expect((await serviceRow(db, id)).deleted_at).not.toBeNull();
    expect((await serviceRow(db, last)).position).toBe(1);

    await gotoReady(page, "/bin", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Papierkorb" })).toBeVisible();
    const row = page.getByTestId(`bin-row-${id}`);
    await expect(row).toContainText(name);
    await expect(row).toContainText(admin.name);
    await row.getByRole("button", { name: `„${name}“ wiederherstellen` }).click();
    await expect(page.getByTestId("toast")).toContainText(`„${name}“ wurde wiederhergestellt.`);
    await expect(page.getByTestId(`bin-row-${id}`)).toHaveCount(0);
    expect(await serviceRow(db, id)).toMatchObject({ deleted_at: null, deleted_by: null, category_id: category, position: 2 });
    expect((await serviceRow(db, first)).position).toBe(0);
  });

  test("the delete dialog warns about the derivatives, which go to the bin too and come back one by one", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("keysuperuser");
    const [home, other, third] = [await make.catalogue(), await make.catalogue(), await make.catalogue()];
    const root = await makeService(make, db, await make.category(home), unique("Ursprung"));
    const childName = unique("Ableitung");
    const grandchildName = unique("Enkel");
    const child = await makeService(make, db, await make.category(other), childName, root);
    const grandchild = await makeService(make, db, await make.category(third), grandchildName, child);

    await gotoReady(page, `/servicecatalog/service/${root}/delete`, javaScriptEnabled);
    const warning = page.getByTestId("derivatives-warning");
    await expect(warning).toContainText("2 Ableitungen werden ebenfalls gelöscht");
    await expect(warning.getByRole("link", { name: childName })).toHaveAttribute("href", `/servicecatalog/service/${child}`);
    await expect(warning.getByRole("link", { name: grandchildName })).toBeVisible();
    await page.getByRole("button", { name: "In den Papierkorb" }).click();
    await expect(page.getByTestId("toast")).toContainText("und 2 Ableitungen wurden in den Papierkorb verschoben.");
    for (const id of [root, child, grandchild]) expect((await serviceRow(db, id)).deleted_at).not.toBeNull();

    await gotoReady(page, "/bin", javaScriptEnabled);
    await expect(page.getByTestId(`bin-row-${child}`)).toContainText(`Ableitung von „`);
    await page.getByTestId(`bin-row-${child}`).getByRole("button").click();
    await expect(page.getByTestId("toast")).toContainText(`„${childName}“ wurde wiederhergestellt.`);
    expect((await serviceRow(db, child)).deleted_at).toBeNull();
    expect((await serviceRow(db, root)).deleted_at).not.toBeNull();
    expect((await serviceRow(db, grandchild)).deleted_at).not.toBeNull();
  });

  test("a derivative that appeared after the dialog opened is not deleted unseen", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("keysuperuser");
    const root = await makeService(make, db, await make.category(await make.catalogue()), unique("Ursprung"));
    await gotoReady(page, `/servicecatalog/service/${root}/delete`, javaScriptEnabled);
    await expect(page.getByTestId("derivatives-warning")).toHaveCount(0);
    const lateName = unique("Spät");
    const late = await makeService(make, db, await make.category(await make.catalogue()), lateName, root);
    await page.getByRole("button", { name: "In den Papierkorb" }).click();
    await expect(page.getByTestId("form-error")).toContainText("Die Ableitungen dieses Services haben sich geändert");
    await expect(page.getByTestId("derivatives-warning")).toContainText(lateName);
    expect((await serviceRow(db, root)).deleted_at).toBeNull();
    await page.getByRole("button", { name: "In den Papierkorb" }).click();
    await expect(page).toHaveURL(/\/servicecatalog(\?.*)?$/);
    expect((await serviceRow(db, late)).deleted_at).not.toBeNull();
  });

  test("restoring a service whose category was deleted asks for a target category", async ({ page, db, make, login, javaScriptEnabled }) => {
    const admin = await login("keysuperuser");
    const gone = await make.category(await make.catalogue());
    const targetCatalogue = await make.catalogue();
    const targetName = unique("Ziel");
    const target = await make.category(targetCatalogue, { name: targetName });
    const name = unique("Heimatlos");
    const id = await makeService(make, db, gone, name);
    await trashService(db, id, null, admin);
    await db.deleteFrom("service_categories").where("id", "=", gone).execute();

    await gotoReady(page, "/bin", javaScriptEnabled);
    const row = page.getByTestId(`bin-row-${id}`);
    await expect(row).toContainText("Kategorie gelöscht");
    await row.getByRole("button", { name: `„${name}“ wiederherstellen` }).click();
    await expect(page).toHaveURL(new RegExp(`/bin/${id}/restore$`));
    const dialog = page.getByRole("dialog", { name: "Service wiederherstellen" });
    await expect(dialog.getByTestId("restore-reason")).toHaveText(
      `Die Kategorie von „${name}“ gibt es nicht mehr. Wählen Sie, in welche Kategorie der Service wiederhergestellt werden soll.`,
    );
    // Nothing chosen: refused beside the field.
    await dialog.getByRole("button", { name: "Wiederherstellen", exact: true }).click();
    await expect(page.getByText("Bitte wählen Sie eine Kategorie aus.")).toBeVisible();
    expect((await serviceRow(db, id)).deleted_at).not.toBeNull();

    await page.getByRole("dialog").getByLabel("Zielkategorie").selectOption(String(target));
    await page.getByRole("dialog").getByRole("button", { name: "Wiederherstellen", exact: true }).click();
    await expect(page).toHaveURL(/\/bin$/);
    await expect(page.getByTestId("toast")).toContainText(`„${name}“ wurde wiederhergestellt.`);
    expect(await serviceRow(db, id)).toMatchObject({ deleted_at: null, category_id: target, service_catalogue_id: targetCatalogue, position: 0 });
  });

  test("restoring something that is not in the bin says so", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("keysuperuser");
    const live = await makeService(make, db, await make.category(await make.catalogue()), unique("Lebendig"));
    const response = await page.request.post("/bin", { form: { id: String(live) }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await gotoReady(page, "/bin", javaScriptEnabled);
    await expect(page.getByTestId("toast")).toContainText("Service not found.");
    expect((await serviceRow(db, live)).deleted_at).toBeNull();
  });
});

test.describe("as keyuser", () => {
  test("duplicates a service into a chosen category and derives it into another catalogue", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("keyuser");
    const home = await make.catalogue();
    const source = await make.category(home);
    const name = unique("Vorlage");
    const id = await makeService(make, db, source, name);
    await makeService(make, db, source, unique("Nachbar"));

    await gotoReady(page, `/servicecatalog/service/${id}/duplicate`, javaScriptEnabled);
    await expect(page.getByLabel("Zielkategorie")).toHaveValue(String(source));
    await page.getByRole("button", { name: "Duplizieren" }).click();
    await expect(page.getByTestId("toast")).toContainText("Service dupliziert");
    const copy = await db.selectFrom("services").select(["id", "position", "status", "parent_service_id"]).where("name", "=", `${name} (Kopie)`).executeTakeFirstOrThrow();
    await expect(page).toHaveURL(new RegExp(`/servicecatalog/service/${copy.id}$`));
    expect(copy).toMatchObject({ position: 2, status: "open", parent_service_id: null });

    // A derivative offers only categories of other catalogues.
    const otherCatalogue = await make.catalogue();
    const elsewhere = await make.category(otherCatalogue);
    await gotoReady(page, `/servicecatalog/service/${id}/derivative`, javaScriptEnabled);
    const select = page.getByLabel("Kategorie in einem anderen Katalog");
    await expect(select.locator(`option[value="${source}"]`)).toHaveCount(0);
    await select.selectOption(String(elsewhere));
    await page.getByRole("button", { name: "Ableitung erstellen" }).click();
    await expect(page.getByTestId("toast")).toContainText("Ableitung erstellt");
    const derivative = await db.selectFrom("services").select(["id", "service_catalogue_id", "parent_service_id"]).where("category_id", "=", elsewhere).executeTakeFirstOrThrow();
    expect(derivative).toMatchObject({ service_catalogue_id: otherCatalogue, parent_service_id: id });
    // The same catalogue is refused on the server, too.
    const refused = await page.request.post(`/servicecatalog/service/${id}/derivative`, { form: { categoryId: String(source) }, maxRedirects: 0 });
    expect(refused.status()).toBe(400);
  });

  test("is refused the bin: /unauthorized for the page, 403 for a restore", SERVER_CHECK, async ({ page, db, make, login }) => {
    const admin = await make.user("keysuperuser");
    await login("keyuser");
    const id = await makeService(make, db, await make.category(await make.catalogue()), unique("Gesperrt"));
    await trashService(db, id, null, admin);
    await page.goto("/bin");
    await expect(page).toHaveURL(/\/unauthorized$/);
    const post = await page.request.post("/bin", { form: { id: String(id) }, maxRedirects: 0 });
    expect(post.status()).toBe(403);
    const step = await page.request.post(`/bin/${id}/restore`, { form: { categoryId: "1" }, maxRedirects: 0 });
    expect(step.status()).toBe(403);
    expect((await serviceRow(db, id)).deleted_at).not.toBeNull();
  });
});

test.describe("as user", () => {
  test("may not delete a service even where granted: 403, nothing changes", SERVER_CHECK, async ({ page, db, make, login }) => {
    const user = await login("user");
    const category = await make.category(await make.catalogue());
    const id = await makeService(make, db, category, unique("Geschützt"));
    await make.grant(user.id, { categoryId: category });
    const { updated_at } = await db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
    const post = await page.request.post(`/servicecatalog/service/${id}/delete`, { form: { updated_at, derivatives: "" }, maxRedirects: 0 });
    expect(post.status()).toBe(403);
    const duplicate = await page.request.post(`/servicecatalog/service/${id}/duplicate`, { form: { categoryId: String(category) }, maxRedirects: 0 });
    expect(duplicate.status()).toBe(403);
    expect((await serviceRow(db, id)).deleted_at).toBeNull();
    expect(await db.selectFrom("services").select("id").where("category_id", "=", category).execute()).toHaveLength(1);
    await page.goto(`/servicecatalog/service/${id}/delete`);
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});
