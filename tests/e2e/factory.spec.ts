import net from "node:net";
import type { BrowserContext, Page } from "@playwright/test";
import { saveFactoryConnection, setFactorySource } from "~/modules/factory/factory-settings.server";
import { rotateApiKey } from "~/modules/settings/api-keys.server";
import { addSessionCookie, expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { hex, toast } from "../support/helpers";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";

/**
 * The template ("factory") import (issue 18 §2–6) between two ServiceHubs of their own: one is the
 * template server (its published services, providers and service levels, its API key), the other
 * imports from it through the browser, with JS and without. The guards run on the shared instance.
 */

let source: SecondInstance;
let target: SecondInstance;
let key: string;

/** Starts the two instances for the tests of a describe block (the guards need neither). */
function withTwoInstances() {
  test.beforeAll(async () => {
    // Two start-ups on a busy machine: one after the other, with time for both.
    test.setTimeout(120_000);
    source = await startSecondInstance("factory-source");
    target = await startSecondInstance("factory-target");
    const owner = await source.make.user("superadmin");
    key = await rotateApiKey(source.db, owner);
  });
  test.afterAll(async () => {
    await Promise.all([source?.stop(), target?.stop()]);
  });
}

/** An area of the template with two categories, three approved services and a draft (never published). */
async function templateArea() {
  const tag = hex();
  const catalogueId = await source.make.catalogue({ title: `Vorlagen ${tag}` });
  const areaName = `Arbeitsplatz ${tag}`;
  const areaId = await source.make.area(catalogueId, { name: areaName });
  const devices = await source.make.category(catalogueId, { service_area_id: areaId, name: `Endgeräte ${tag}` });
  const software = await source.make.category(catalogueId, { service_area_id: areaId, name: `Software ${tag}` });
  const owner = await source.make.owner({ name: `Team Arbeitsplatz ${tag}` });
  const services = [];
  for (const [name, categoryId] of [
    [`Notebook ${tag}`, devices],
    [`Monitor ${tag}`, devices],
    [`Office-Paket ${tag}`, software],
  ] as const) {
    const id = await source.make.service(catalogueId, categoryId, { name, status: "closed", options: ["Dockingstation"], links: ["https://example.com/hilfe"], owners: [owner] });
    services.push({ id, name, categoryId });
  }
  const draft = await source.make.service(catalogueId, devices, { name: `Entwurf ${tag}`, status: "open" });
  return { tag, areaId, areaName, devices, software, services, draft };
}

async function signIn(context: BrowserContext, role: "superadmin" | "keysuperuser" = "superadmin") {
  const user = await target.make.user(role);
  await addSessionCookie(target.db, context, target.baseURL, user.id);
  return user;
}

/** The connection, written directly (tests other than the one that sets it through the browser), reading the approved services now. */
async function connect(url = source.baseURL, withKey = key) {
  const admin = await target.db.selectFrom("users").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
  await saveFactoryConnection(target.db, { url, key: withKey }, admin);
  await setFactorySource(target.db, null, admin);
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const at = (path: string) => `${target.baseURL}${path}`;
const serviceRow = (page: Page, id: number) => page.getByTestId(`factory-service-${id}`);

/** The list with its lists: with JS the page walks the template's pages itself; without, "Vorlagen laden" asks the server. */
async function openCatalog(page: Page, javaScriptEnabled: boolean) {
  await gotoReady(page, at("/factory/catalog"), javaScriptEnabled);
  if (!javaScriptEnabled) await page.getByTestId("factory-load").click();
  await expect(page.getByTestId("factory-tree")).toBeVisible();
}

test.describe("between two instances", () => {
  withTwoInstances();

  test("an admin sets the template server in the settings, imports an area with its categories and services, and then finds them excluded", async ({ page, context, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    await signIn(context);
    const t = await templateArea();
    const catalogueId = await target.make.catalogue({ title: `Ziel ${t.tag}` });

    // The connection, through the browser: tested with the typed values, saved, the key never shown again.
    await gotoReady(page, at("/settings/factory"), javaScriptEnabled);
    await page.getByTestId("factory-url").fill(source.baseURL);
    await page.getByTestId("factory-key").fill(key);
    await page.getByTestId("factory-test").click();
    await expect(page.getByTestId("factory-test-ok")).toContainText("Verbindung hergestellt.");
    // The server never sends the key back: without JS the field comes back empty (with JS it keeps what was typed).
    if (!javaScriptEnabled) await expect(page.getByTestId("factory-key")).toHaveValue("");
    await page.getByTestId("factory-key").fill(key);
    await page.getByTestId("factory-save").click();
    await expect(toast(page)).toContainText("Vorlagen-Server gespeichert");
    await expect(page.getByTestId("factory-current")).toContainText(source.baseURL);
    await expect(page.getByText(`Gespeichert: ${key.slice(0, 8)}…`)).toBeVisible();
    expect(await page.content()).not.toContain(key);
    const stored = await target.db.selectFrom("settings").select("value").where("key", "=", "factory_connection").executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toMatchObject({ key });
    const audit = await target.db.selectFrom("activities").select("new_values").where("subject_id", "=", "factory_connection").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit.new_values).not.toContain(key);

    await openCatalog(page, javaScriptEnabled);
    // Drafts are not published, so not offered.
    await expect(serviceRow(page, t.draft)).toHaveCount(0);
    const area = page.getByTestId(`factory-area-${t.areaId}`);
    await area.getByRole("checkbox", { name: new RegExp(t.areaName) }).check();
    if (javaScriptEnabled) {
      // Selecting the area selected its categories and their services.
      for (const s of t.services) await expect(serviceRow(page, s.id).getByRole("checkbox")).toBeChecked();
      await expect(page.getByTestId("factory-selected")).toHaveText("3 Services ausgewählt");
    }
    await page.getByTestId("factory-import").click();

    const dialog = page.getByRole("dialog", { name: "Services importieren" });
    await expect(dialog.getByTestId("factory-import-summary")).toHaveText("3 Services werden importiert.");
    await dialog.getByTestId("factory-target-catalogue").selectOption(String(catalogueId));
    if (!javaScriptEnabled) await dialog.getByTestId("factory-apply-catalogue").click();
    await expect(dialog.getByTestId("factory-import-form")).toHaveAttribute("data-catalogue", String(catalogueId));
    // Nothing of that name in the new catalogue: each template category goes "as in the template".
    await expect(dialog.getByTestId(`factory-map-${t.devices}`)).toHaveValue("template");
    await dialog.getByTestId("factory-import-submit").click();

    await expect(dialog.getByTestId("factory-report-imported")).toHaveText("Importiert: 3");
    await expect(dialog.getByTestId("factory-report-failed")).toHaveText("Fehlgeschlagen: 0");
    await expect(dialog.getByText(`Neu angelegte Bereiche: ${t.areaName}`)).toBeVisible();

    const imported = await target.db
      .selectFrom("services as s")
      .innerJoin("service_categories as k", "k.id", "s.category_id")
      .innerJoin("service_areas as a", "a.id", "k.service_area_id")
      .select(["s.id", "s.name", "s.status", "s.factory_service_id", "k.name as category", "a.name as area"])
      .where("s.service_catalogue_id", "=", catalogueId)
      .orderBy("s.factory_service_id")
      .execute();
    expect(imported.map((s) => [s.factory_service_id, s.name, s.status, s.area])).toEqual(t.services.map((s) => [s.id, s.name, "open", t.areaName]));
    expect(imported.map((s) => s.category)).toEqual([`Endgeräte ${t.tag}`, `Endgeräte ${t.tag}`, `Software ${t.tag}`]);
    const options = await target.db.selectFrom("service_options").select("name").where("service_id", "=", imported[0].id).execute();
    expect(options).toEqual([{ name: "Dockingstation" }]);

    // Back in the list the imported services are marked and can no longer be chosen.
    await dialog.getByTestId("factory-report-close").click();
    if (!javaScriptEnabled) await expect(page.getByTestId("factory-tree")).toBeVisible();
    for (const s of t.services) {
      await expect(serviceRow(page, s.id)).toHaveAttribute("data-linked", "true");
      await expect(serviceRow(page, s.id).getByRole("checkbox")).toHaveCount(0);
      await expect(serviceRow(page, s.id)).toContainText("Bereits importiert");
    }

    // Importing the same area again duplicates nothing: nothing of it is left to choose.
    await expect(area.getByRole("checkbox", { name: new RegExp(t.areaName) })).toBeDisabled();
    await expect(page.getByTestId(`factory-category-${t.devices}`).getByRole("checkbox")).toBeDisabled();
    // Posted anyway (an old form, a second tab), they are skipped and reported as such.
    const form = new URLSearchParams({ intent: "import", catalogue: String(catalogueId), explicit: "1" });
    for (const s of t.services) form.append("service", String(s.id));
    const repeat = await page.request.post(at("/factory/catalog/import"), { data: form.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await repeat.text()).toContain("Übersprungen, weil bereits importiert: 3");
    const again = await target.db.selectFrom("services").select("id").where("factory_service_id", "in", t.services.map((s) => s.id)).execute();
    expect(again).toHaveLength(3);
  });

  test("from a chosen release of the template server: its services as the release froze them, not later edits (issue 35 §8)", async ({ page, context, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    await signIn(context);
    await connect();
    const t = await templateArea();
    const [notebook] = t.services;
    const templateCatalogue = (await source.db.selectFrom("services").select("service_catalogue_id").where("id", "=", notebook.id).executeTakeFirstOrThrow()).service_catalogue_id!;
    const label = `R-${t.tag}`;
    const release = await source.make.release(templateCatalogue, { label });
    // After publishing: a service renamed and a new approved one — neither is what the release says.
    await source.db.updateTable("services").set({ name: `Umbenannt ${t.tag}` }).where("id", "=", notebook.id).execute();
    const later = await source.make.service(templateCatalogue, t.devices, { name: `Später ${t.tag}`, status: "closed" });
    const catalogueId = await target.make.catalogue({ title: `Ziel ${t.tag}` });

    // Asked for them, the settings offer the template server's releases; the choice is saved and audited.
    await gotoReady(page, at("/settings/factory"), javaScriptEnabled);
    await expect(page.getByTestId("factory-source-select")).toHaveValue("now");
    await expect(page.getByTestId("factory-source-select").locator("option")).toHaveCount(1);
    await page.getByTestId("factory-source-load").click();
    await expect(page.getByTestId("factory-source-select").locator("option")).not.toHaveCount(1);
    await page.getByTestId("factory-source-select").selectOption(String(release));
    await page.getByTestId("factory-source-save").click();
    await expect(toast(page)).toContainText("Quelle der Vorlage gespeichert.");
    await expect(page.getByTestId("factory-source-select")).toHaveValue(String(release));
    expect(JSON.parse((await target.db.selectFrom("settings").select("value").where("key", "=", "factory_connection").executeTakeFirstOrThrow()).value)).toMatchObject({ release });

    await openCatalog(page, javaScriptEnabled);
    await expect(page.getByTestId("factory-source-release")).toContainText("Veröffentlichung");
    await expect(serviceRow(page, later)).toHaveCount(0);
    await expect(serviceRow(page, notebook.id)).toContainText(notebook.name);
    await serviceRow(page, notebook.id).getByRole("checkbox").check();
    await page.getByTestId("factory-import").click();
    const dialog = page.getByRole("dialog", { name: "Services importieren" });
    await expect(dialog.getByTestId("factory-import-summary")).toHaveText("1 Service wird importiert.");
    await dialog.getByTestId("factory-target-catalogue").selectOption(String(catalogueId));
    if (!javaScriptEnabled) await dialog.getByTestId("factory-apply-catalogue").click();
    await expect(dialog.getByTestId("factory-import-form")).toHaveAttribute("data-catalogue", String(catalogueId));
    await dialog.getByTestId("factory-import-submit").click();
    await expect(dialog.getByTestId("factory-report-imported")).toHaveText("Importiert: 1");

    const imported = await target.db.selectFrom("services").select(["name", "factory_service_id"]).where("service_catalogue_id", "=", catalogueId).execute();
    expect(imported).toEqual([{ name: notebook.name, factory_service_id: notebook.id }]);
    const options = await target.db.selectFrom("service_options as o").innerJoin("services as s", "s.id", "o.service_id").select("o.name").where("s.service_catalogue_id", "=", catalogueId).execute();
    expect(options).toEqual([{ name: "Dockingstation" }]);
  });

  test("selection rules, search and the preview of one template service", async ({ page, context, javaScriptEnabled }) => {
    await signIn(context);
    await connect();
    const t = await templateArea();
    await openCatalog(page, javaScriptEnabled);
    const [notebook, monitor, office] = t.services;

    if (javaScriptEnabled) {
      // Area on → all; area off → none; a category → its services only.
      const area = page.getByTestId(`factory-area-${t.areaId}`);
      await area.getByRole("checkbox", { name: new RegExp(t.areaName) }).check();
      await expect(serviceRow(page, office.id).getByRole("checkbox")).toBeChecked();
      await area.getByRole("checkbox", { name: new RegExp(t.areaName) }).uncheck();
      for (const s of t.services) await expect(serviceRow(page, s.id).getByRole("checkbox")).not.toBeChecked();
      await page.getByTestId(`factory-category-${t.devices}`).getByRole("checkbox", { name: new RegExp(`Endgeräte ${t.tag}`) }).check();
      await expect(serviceRow(page, notebook.id).getByRole("checkbox")).toBeChecked();
      await expect(serviceRow(page, monitor.id).getByRole("checkbox")).toBeChecked();
      await expect(serviceRow(page, office.id).getByRole("checkbox")).not.toBeChecked();
      await expect(page.getByTestId("factory-selected")).toHaveText("2 Services ausgewählt");
    }

    // The search: a case-insensitive part of the name.
    await page.getByTestId("factory-search").fill(`notebook ${t.tag}`.toUpperCase());
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Suchen" }).click();
    await expect(serviceRow(page, notebook.id)).toBeVisible();
    await expect(serviceRow(page, monitor.id)).toHaveCount(0);
    await expect(page.getByTestId("factory-matches")).toContainText("1 von");

    // The preview reads the template service from the template server.
    await serviceRow(page, notebook.id).getByRole("link", { name: `Vorschau: ${notebook.name}` }).click();
    const preview = page.getByRole("dialog", { name: `Vorlage: ${notebook.name}` });
    await expect(preview).toContainText(`Arbeitsplatz ${t.tag} › Endgeräte ${t.tag}`);
    await expect(preview).toContainText(`Team Arbeitsplatz ${t.tag}`);
    await expect(preview.getByRole("link", { name: "https://example.com/hilfe" })).toBeVisible();
    await preview.getByRole("link", { name: "Zurück zur Liste" }).click();
    await expect(preview).toHaveCount(0);
    await expect(serviceRow(page, notebook.id)).toBeVisible();
  });

  test("providers and service levels: the selected ones are imported, a name that exists is skipped and reported", async ({ page, context, javaScriptEnabled }) => {
    await signIn(context);
    await connect();
    const tag = hex();
    const fresh = await source.make.provider({ name: `Neuer Provider ${tag}`, city: "Leipzig", email_contact: "info@example.com" });
    const duplicate = await source.make.provider({ name: `Bekannter Provider ${tag}` });
    const localDuplicate = await target.make.provider({ name: `bekannter provider ${tag}` });

    await gotoReady(page, at("/factory/provider"), javaScriptEnabled);
    await expect(page.getByTestId(`factory-item-${duplicate}`)).toHaveAttribute("data-exists", "true");
    await page.getByRole("checkbox", { name: `Neuer Provider ${tag} auswählen` }).check();
    await page.getByRole("checkbox", { name: `Bekannter Provider ${tag} auswählen` }).check();
    await page.getByTestId("factory-basedata-import").click();
    const result = page.getByTestId("factory-basedata-result");
    await expect(result).toContainText("1 Eintrag angelegt · 1 übersprungen, weil es den Namen schon gibt · 0 fehlgeschlagen");
    await expect(page.getByTestId(`factory-basedata-outcome-${duplicate}`)).toHaveAttribute("data-status", "skipped");
    await expect(page.getByTestId(`factory-item-${fresh}`)).toHaveAttribute("data-exists", "true");
    const providers = await target.db.selectFrom("providers").select(["id", "name", "city"]).where("name", "like", `%Provider ${tag}`).orderBy("id").execute();
    expect(providers).toEqual([
      { id: localDuplicate, name: `bekannter provider ${tag}`, city: null },
      { id: expect.any(Number), name: `Neuer Provider ${tag}`, city: "Leipzig" },
    ]);

    // One template provider, previewed.
    await page.getByRole("link", { name: `Vorschau: Neuer Provider ${tag}` }).click();
    const preview = page.getByRole("dialog", { name: `Provider-Vorlage: Neuer Provider ${tag}` });
    await expect(preview).toContainText("info@example.com");

    // Service levels the same way.
    const level = await source.make.kpi({ name: `Verfügbarkeit ${tag}`, definition: "99,9 % im Monat" });
    const knownLevel = await source.make.kpi({ name: `Reaktionszeit ${tag}` });
    await target.make.kpi({ name: `Reaktionszeit ${tag}` });
    await gotoReady(page, at("/factory/kpi"), javaScriptEnabled);
    await page.getByRole("checkbox", { name: `Verfügbarkeit ${tag} auswählen` }).check();
    await page.getByRole("checkbox", { name: `Reaktionszeit ${tag} auswählen` }).check();
    await page.getByTestId("factory-basedata-import").click();
    await expect(page.getByTestId(`factory-basedata-outcome-${level}`)).toHaveAttribute("data-status", "created");
    await expect(page.getByTestId(`factory-basedata-outcome-${knownLevel}`)).toHaveAttribute("data-status", "skipped");
    const kpis = await target.db.selectFrom("kpis").select(["name", "definition"]).where("name", "like", `%${tag}`).orderBy("name").execute();
    expect(kpis).toEqual([
      { name: `Reaktionszeit ${tag}`, definition: null },
      { name: `Verfügbarkeit ${tag}`, definition: "99,9 % im Monat" },
    ]);
  });

  test("a template server that cannot be reached says “Verbindungsfehler” everywhere", async ({ page, context, javaScriptEnabled }) => {
    await signIn(context);
    await connect(`http://127.0.0.1:${await closedPort()}`);
    for (const path of ["/factory/provider", "/factory/kpi"]) {
      await gotoReady(page, at(path), javaScriptEnabled);
      await expect(page.getByTestId("form-error")).toHaveText("Verbindungsfehler");
    }
    await gotoReady(page, at("/factory/catalog"), javaScriptEnabled);
    if (!javaScriptEnabled) await page.getByTestId("factory-load").click();
    await expect(page.getByTestId("form-error")).toHaveText("Verbindungsfehler");
    await expect(page.getByTestId("factory-tree")).toHaveCount(0);

    await gotoReady(page, at("/settings/factory"), javaScriptEnabled);
    await page.getByTestId("factory-test").click();
    await expect(page.getByTestId("form-error")).toHaveText("Verbindungsfehler");
    // A wrong key reads as silence does: one message for every failure (issue 31 §10).
    await page.getByTestId("factory-url").fill(source.baseURL);
    await page.getByTestId("factory-key").fill("shk_falsch");
    await page.getByTestId("factory-test").click();
    await expect(page.getByTestId("form-error")).toHaveText("Verbindungsfehler");
  });
});

test.describe("on the shared instance", () => {
  test("everyone below the admin guard lands on /unauthorized, and a forbidden POST answers 403 and changes nothing", SERVER_CHECK, async ({ page, login, db, context }) => {
    test.setTimeout(90_000);
    for (const role of ["admin", "keyuser", "client"] as const) {
      await context.clearCookies();
      await login(role);
      for (const path of ["/factory/catalog", "/factory/catalog/service/1", "/factory/catalog/import", "/factory/provider", "/factory/provider/1", "/factory/kpi", "/factory/kpi/1"]) {
        await page.goto(path);
        await expect(page, `${role} ${path}`).toHaveURL(/\/unauthorized$/);
      }
      for (const [path, form] of [
        ["/settings/factory", { intent: "save", url: "http://127.0.0.1:9", token: "shk_x" }],
        ["/factory/catalog/import", { intent: "select", area: "1" }],
        ["/factory/catalog/batch", { catalogue: "1", service: "1" }],
        ["/factory/provider", { intent: "import", all: "1" }],
        ["/factory/kpi", { intent: "import", all: "1" }],
      ] as const) {
        const response = await page.request.post(path, { form, maxRedirects: 0 });
        expect(response.status(), `${role} POST ${path}`).toBe(403);
      }
    }
    expect(await db.selectFrom("settings").select("key").where("key", "=", "factory_connection").execute()).toEqual([]);
  });

  test("without a template server the screens say where to set one up", async ({ page, login, javaScriptEnabled }) => {
    await login("keysuperuser");
    for (const path of ["/factory/catalog", "/factory/provider", "/factory/kpi"]) {
      await gotoReady(page, path, javaScriptEnabled);
      await expect(page.getByTestId("factory-not-configured")).toBeVisible();
    }
    await page.getByTestId("factory-not-configured").getByRole("link", { name: "Vorlagen-Server einrichten" }).click();
    await expect(page).toHaveURL(/\/settings\/factory$/);
    await expect(page.getByTestId("factory-current")).toHaveText("Noch kein Vorlagen-Server eingerichtet.");
  });
});
