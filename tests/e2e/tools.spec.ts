import fs from "node:fs";
import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { hex, toast } from "../support/helpers";
import { violations } from "../support/sweeps";

// /tools (issue 20 §4, §7), with JS on and off: pick services by filter or by the browser's
// selection, preview and apply a bulk change; export the services as CSV, edit the file, preview
// and apply the import; per-service grants for `user` accounts; a client's forged POST is 403 and
// changes nothing. Each test builds its own catalogue (both projects share one database).

test.describe.configure({ timeout: 90_000 });

/** A catalogue with two categories: three open services and an approved one. */
async function build(make: Factories) {
  const marker = hex();
  const catalogue = await make.catalogue({ title: `Werkzeugkatalog ${marker}` });
  const k1 = await make.category(catalogue, { name: `Kategorie Eins ${marker}` });
  const k2 = await make.category(catalogue, { name: `Kategorie Zwei ${marker}` });
  const names = { a: `Alpha ${marker}`, b: `Beta ${marker}`, c: `Gamma ${marker}`, d: `Delta ${marker}` };
  const a = await make.service(catalogue, k1, { name: names.a, status: "open", position: 0 });
  const b = await make.service(catalogue, k1, { name: names.b, status: "open", position: 1 });
  const c = await make.service(catalogue, k2, { name: names.c, status: "open", position: 0 });
  const d = await make.service(catalogue, k2, { name: names.d, status: "closed", position: 1 });
  return { marker, catalogue, k1, k2, a, b, c, d, names };
}

const service = (db: DB, id: number) => db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const activityCount = async (db: DB, id: number) =>
  Number((await db.selectFrom("activities").select((eb) => eb.fn.countAll().as("n")).where("subject_type", "=", "service").where("subject_id", "=", String(id)).executeTakeFirstOrThrow()).n);

async function download(page: Page) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, "utf8") };
}

async function upload(page: Page, text: string) {
  await page.getByTestId("import-file").setInputFiles({ name: "services.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
  await page.getByTestId("import-check").click();
  await expect(page.getByTestId("import-preview")).toBeVisible();
}

/** Replaces one cell of a service's row (rows without line breaks inside cells). */
function edit(text: string, id: number, column: string, value: string) {
  const lines = text.split("\r\n");
  const header = lines[0].replace(/^\uFEFF/, "").split(";");
  const at = lines.findIndex((l) => l.startsWith(`${id};`));
  const cells = lines[at].split(";");
  cells[header.indexOf(column)] = value;
  lines[at] = cells.join(";");
  return lines.join("\r\n");
}

test("a keyuser previews a status change for a filter, then applies it: each service audited", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const s = await build(make);
  await make.useCatalogue(user.id, s.catalogue);
  await gotoReady(page, `/tools?catalogue=${s.catalogue}&status=open`, javaScriptEnabled);
  await expect(page.getByTestId("tools-count")).toContainText("3 Services");

  await page.getByTestId("bulk-value-status").selectOption({ label: "Überprüfung" });
  await page.getByTestId("bulk-preview-status").click();
  const preview = page.getByTestId("bulk-preview");
  await expect(preview.getByRole("heading")).toHaveText("Vorschau: Status auf „Überprüfung“ setzen");
  await expect(preview.locator('[data-testid="bulk-row"][data-outcome="change"]')).toHaveCount(3);
  await expect(preview.getByRole("row", { name: new RegExp(s.names.a) })).toContainText("In Bearbeitung → Überprüfung");
  // Nothing changes before "Apply".
  expect((await service(db, s.a)).status).toBe("open");

  await page.getByTestId("bulk-apply").click();
  await expect(toast(page)).toContainText("3 Services geändert");
  for (const id of [s.a, s.b, s.c]) {
    expect((await service(db, id)).status).toBe("checking");
    expect(await activityCount(db, id)).toBe(1);
  }
  expect((await service(db, s.d)).status).toBe("closed");
  // The filter now finds none.
  await expect(page.getByTestId("tools-none")).toBeVisible();
});

test("a user's bulk change skips services without a grant and changes only granted ones", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("user");
  const s = await build(make);
  await make.grant(user.id, { categoryId: s.k1 });
  const owner = await make.owner({ name: `Owner ${s.marker}` });
  await gotoReady(page, `/tools?catalogue=${s.catalogue}`, javaScriptEnabled);
  await expect(page.getByTestId("bulk-form-catalogue")).toHaveCount(0);
  const form = page.getByTestId("bulk-form-owners");
  await form.getByLabel("Zuweisen").check();
  await page.getByTestId("bulk-value-owners").selectOption({ label: `Owner ${s.marker}` });
  await page.getByTestId("bulk-preview-owners").click();
  const preview = page.getByTestId("bulk-preview");
  await expect(page.getByTestId("bulk-summary")).toHaveText("Geändert werden: 2 · übersprungen: 2");
  await expect(preview.getByRole("row", { name: new RegExp(s.names.c) })).toContainText("übersprungen: keine Berechtigung für diesen Service");
  await page.getByTestId("bulk-apply").click();
  await expect(toast(page)).toContainText("2 Services geändert");
  const owners = async (id: number) => (await db.selectFrom("service_owners").select("owner_id").where("service_id", "=", id).execute()).map((r) => r.owner_id);
  expect(await owners(s.a)).toEqual([owner]);
  expect(await owners(s.b)).toEqual([owner]);
  expect(await owners(s.c)).toEqual([]);
  expect(await owners(s.d)).toEqual([]);
});

test("export, edit, import: the preview names the change, applying writes only that", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const s = await build(make);
  await db.updateTable("services").set({ name: `=cmd|' /C calc'!A0 ${s.marker}` }).where("id", "=", s.c).execute();
  await db.updateTable("services").set({ short_description: "<p>Wir liefern:</p><ul><li>Notebook</li></ul>" }).where("id", "=", s.a).execute();
  await make.useCatalogue(user.id, s.catalogue);
  await gotoReady(page, `/tools?catalogue=${s.catalogue}`, javaScriptEnabled);
  const file = await download(page);
  // Rich text as plain text for spreadsheets (issue 32 §12): paragraphs and "- " items, no markup.
  expect(file.text).toContain(`;"Wir liefern:\n\n- Notebook";`);
  expect(file.text).not.toContain("<li>");
  expect(file.name).toMatch(/^Services Werkzeugkatalog .*\.csv$/);
  expect(file.text.startsWith("\uFEFFid;version;name;status")).toBe(true);
  // The formula is neutralised in the file: no cell starts with "=".
  expect(file.text).toContain(`;"'=cmd|' /C calc'!A0 ${s.marker}";`);
  expect(file.text).not.toMatch(/[;\n]"?=cmd/);

  // Unchanged, the file changes nothing.
  await upload(page, file.text);
  await expect(page.getByTestId("import-summary")).toHaveText("4 Zeilen · mit Änderungen: 0 · unverändert: 4 · fehlerhaft: 0");
  await expect(page.getByTestId("import-nothing")).toBeVisible();

  const before = await service(db, s.a);
  await gotoReady(page, `/tools?catalogue=${s.catalogue}`, javaScriptEnabled);
  await upload(page, edit(edit(file.text, s.b, "name", `Beta neu ${s.marker}`), s.c, "short_description", `"Neu:\n- eins\n- zwei"`));
  const change = page.getByTestId("import-change");
  await expect(change).toHaveCount(2);
  await expect(change.filter({ hasText: `Beta ${s.marker}` })).toContainText(`Beta neu ${s.marker}`);
  await expect(change.filter({ hasText: "Kurzbeschreibung" })).toContainText("Neu: - eins - zwei");
  await page.getByTestId("import-apply").click();
  await expect(toast(page)).toContainText("2 Services aktualisiert");
  expect((await service(db, s.b)).name).toBe(`Beta neu ${s.marker}`);
  expect((await service(db, s.c)).short_description).toBe("<p>Neu:</p><ul><li>eins</li><li>zwei</li></ul>");
  expect(await service(db, s.a)).toEqual(before);
  expect((await service(db, s.c)).name).toBe(`=cmd|' /C calc'!A0 ${s.marker}`);
});

test("with an invalid row nothing is applied, unless the valid rows are chosen", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const s = await build(make);
  await make.useCatalogue(user.id, s.catalogue);
  await gotoReady(page, `/tools?catalogue=${s.catalogue}`, javaScriptEnabled);
  const { text } = await download(page);
  const edited = edit(edit(text, s.a, "name", `Alpha neu ${s.marker}`), s.b, "statuspercent", "250");
  await upload(page, edited);
  const line = text.split("\r\n").findIndex((l) => l.startsWith(`${s.b};`)) + 1;
  await expect(page.getByTestId("import-error")).toHaveCount(1);
  await expect(page.getByTestId("import-error")).toHaveAttribute("data-line", String(line));
  await expect(page.getByTestId("import-error")).toContainText("Der Fortschritt muss eine ganze Zahl von 0 bis 100 sein.");

  await page.getByTestId("import-apply").click();
  await expect(page.getByTestId("import-refused")).toHaveText("Nichts wurde übernommen: Mindestens eine Zeile ist fehlerhaft (siehe unten).");
  expect((await service(db, s.a)).name).toBe(s.names.a);

  await page.getByTestId("import-apply-valid").check();
  await page.getByTestId("import-apply").click();
  await expect(toast(page)).toContainText("Aktualisiert: 1 · übersprungene fehlerhafte Zeilen: 1");
  expect((await service(db, s.a)).name).toBe(`Alpha neu ${s.marker}`);
  expect(Number((await service(db, s.b)).statuspercent)).toBe(0);
});

test("the browser's checked services open in the tools", async ({ page, make, login, javaScriptEnabled }) => {
  const user = await login("keyuser");
  const s = await build(make);
  await make.useCatalogue(user.id, s.catalogue);
  await gotoReady(page, "/servicecatalog?view=0", javaScriptEnabled);
  await page.getByRole("checkbox", { name: `Service ${s.names.a} auswählen`, exact: true }).check();
  await page.getByRole("checkbox", { name: `Service ${s.names.c} auswählen`, exact: true }).check();
  await page.getByTestId("batch-tools").click();
  await expect(page).toHaveURL(/\/tools\?.*pick=selection/);
  await expect(page.getByTestId("tools-count")).toHaveText("2 Services");
  await expect(page.getByTestId("tools-services").getByRole("link")).toHaveText([s.names.a, s.names.c]);

  // And the browser's filter opens as the tools' filter.
  await gotoReady(page, `/servicecatalog?view=0&cat=${s.k2}`, javaScriptEnabled);
  await page.getByTestId("open-tools").click();
  await expect(page.getByTestId("tools-count")).toContainText("2 Services");
});

test("a client exports only; a forged bulk change or import is 403 and changes nothing", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("client");
  const s = await build(make);
  await gotoReady(page, `/tools?catalogue=${s.catalogue}`, javaScriptEnabled);
  await expect(page.getByTestId("tools-read-only")).toBeVisible();
  await expect(page.getByTestId("tools-bulk")).toHaveCount(0);
  await expect(page.getByTestId("tools-import")).toHaveCount(0);
  const { text } = await download(page);
  expect(text).toContain(s.names.a);

  const before = await service(db, s.a);
  const apply = new URLSearchParams({ intent: "apply", kind: "status", value: "checking", item: `${s.a}:${before.updated_at}` });
  const forged = await page.request.post(`/tools?catalogue=${s.catalogue}`, { data: apply.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  const imported = await page.request.post("/tools", {
    multipart: { file: { name: "x.csv", mimeType: "text/csv", buffer: Buffer.from(edit(text, s.a, "name", "Gekapert")) } },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(403);
  const carried = new URLSearchParams({ intent: "import-apply", row: JSON.stringify({ line: 2, cells: { id: String(s.a), version: before.updated_at, name: "Gekapert" } }) });
  const applied = await page.request.post("/tools", { data: carried.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
  expect(applied.status()).toBe(403);
  expect(await service(db, s.a)).toEqual(before);
});

test("a user's forged apply for services without a grant is 403 and changes nothing", SERVER_CHECK, async ({ page, db, make, login }) => {
  await login("user");
  const s = await build(make);
  const before = await service(db, s.c);
  const body = new URLSearchParams({ intent: "apply", kind: "status", value: "checking", item: `${s.c}:${before.updated_at}` });
  const response = await page.request.post("/tools", { data: body.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
  expect(await service(db, s.c)).toEqual(before);
  // Moving between catalogues is structure work: 403 for a user, whatever the services.
  const move = new URLSearchParams({ intent: "preview", kind: "catalogue", value: String(s.catalogue) });
  expect((await page.request.post("/tools", { data: move.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 })).status()).toBe(403);
});

test("previews fit a phone and have no axe violations", async ({ page, make, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await login("keyuser");
  const s = await build(make);
  await make.useCatalogue(user.id, s.catalogue);
  const check = async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await violations(page)).toEqual([]);
  };
  await gotoReady(page, `/tools?catalogue=${s.catalogue}`, javaScriptEnabled);
  await check();
  await page.getByTestId("bulk-value-status").selectOption({ label: "Abgenommen" });
  await page.getByTestId("bulk-preview-status").click();
  await expect(page.getByTestId("bulk-preview")).toBeVisible();
  await check();
  const { text } = await download(page);
  await upload(page, edit(edit(text, s.a, "name", `Alpha neu ${s.marker}`), s.b, "status", "fertig"));
  await expect(page.getByTestId("import-error")).toHaveCount(1);
  await check();
});
