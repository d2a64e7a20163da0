import type { Locator, Page } from "@playwright/test";
import { addSessionCookie, expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { PNG, hex, toast, withLock } from "../support/helpers";
import type { DB } from "~/server/db/db.server";

/**
 * The catalogue frame (issue 17 §1–§4), with JS and without: an admin fills a cover sheet part by
 * part, the print view and the catalogue map show it, others are refused. Every test works on a
 * catalogue of its own; the static catalogue (-1) is shared, so its test holds a lock and puts
 * everything back.
 */

const framePath = (id: number) => (id === -1 ? "/catalogframe/static" : `/catalogframe/${id}`);
const dialogNamed = (page: Page, name: string) => page.getByRole("dialog", { name });

/** A rich-text field: the editor with JS (once loaded), the textarea without. */
async function fillRich(scope: Locator, page: Page, name: string, label: string, text: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return scope.getByRole("textbox", { name: label, exact: true }).fill(`<p>${text}</p>`);
  const content = scope.getByTestId(`editor-${name}`).locator("[contenteditable=true]");
  await content.click();
  await page.keyboard.type(text);
  await expect(content).toHaveText(text);
}

/** Opens the "add a row" disclosure of a row list and fills the fields given by label. */
async function addRow(page: Page, list: "priorities" | "solutionTimes" | "deploymentTimes", title: string, values: Record<string, string>) {
  const card = page.getByTestId(`rows-${list}`);
  const details = card.getByTestId(`add-${list}`);
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open))) await details.locator("summary").click();
  const form = card.getByRole("form", { name: `${title}: neue Zeile` });
  // The priority of a solution time offers the priorities' names (a combo box).
  for (const [label, value] of Object.entries(values)) await form.getByRole("textbox", { name: label, exact: true }).or(form.getByRole("combobox", { name: label, exact: true })).fill(value);
  await form.getByRole("button", { name: "Hinzufügen" }).click();
  return form;
}

async function storedFrame(db: DB, catalogueId: number) {
  return db.selectFrom("catalog_frames").selectAll().where("service_catalogue_id", "=", catalogueId).executeTakeFirst();
}

async function newSection(page: Page, id: number, name: string, type: "Paragraph" | "Table" | "Section") {
  await page.getByTestId("new-section").click();
  const dialog = dialogNamed(page, "Neuer Abschnitt");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Typ").selectOption(type);
  await dialog.getByTestId("save-section").click();
  await expect(toast(page)).toContainText(`Abschnitt „${name}“ angelegt.`);
  await expect(page).toHaveURL(new RegExp(`${framePath(id)}#section-\\d+$`));
  return page.getByTestId("section").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test("an admin fills a cover sheet: title, a priority, a paragraph, a table with two rows and a 2×3 matrix; the print view and the map show it", async ({ page, browser, baseURL, login, db, make, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const admin = await login("superadmin");
  const tag = hex();
  const { catalogueId } = await make.catalogueWithServices(1, { title: `Rahmen ${tag}` });
  await gotoReady(page, framePath(catalogueId), javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Katalograhmen" })).toBeVisible();
  await expect(page.getByTestId("frame-catalogue")).toContainText(`Rahmen ${tag}`);

  // Title and introduction: the catalogue's frame row is created on this first save.
  expect(await storedFrame(db, catalogueId)).toBeUndefined();
  const basics = page.locator("#frame-basics");
  await basics.getByLabel("Titel", { exact: true }).fill(`Deckblatt ${tag}`);
  await fillRich(basics, page, "introduction", "Einleitung", "Was wir zusagen.", javaScriptEnabled);
  await page.getByTestId("save-frame").click();
  await expect(toast(page)).toContainText("Katalograhmen gespeichert.");
  await expect(page.getByTestId("frame-title")).toHaveValue(`Deckblatt ${tag}`);
  expect(await storedFrame(db, catalogueId)).toMatchObject({ title: `Deckblatt ${tag}`, introduction: "<p>Was wir zusagen.</p>" });

  // A priority row, a solution time (labelled as central European time).
  await addRow(page, "priorities", "Prioritäten", { Name: "Hoch", Beschreibung: "Viele Nutzer betroffen", "Beispiel für die Auswirkung": "E-Mail fällt aus" });
  await expect(toast(page)).toContainText("Zeile hinzugefügt.");
  await expect(page.getByTestId("row-priorities")).toHaveCount(1);
  await expect(page.getByTestId("row-priorities")).toContainText("E-Mail fällt aus");
  await addRow(page, "solutionTimes", "Lösungszeiten", { Priorität: "Hoch", Reaktionszeit: "30 min", Lösungszeit: "4 h", Kommentar: "werktags" });
  await expect(page.getByTestId("rows-solutionTimes")).toContainText("mitteleuropäischer Zeit");
  await expect(page.getByTestId("row-solutionTimes")).toContainText("30 min");

  // A section of paragraphs with one paragraph.
  const rules = await newSection(page, catalogueId, `Regeln ${tag}`, "Paragraph");
  await rules.getByRole("link", { name: `Absatz zu „Regeln ${tag}“ hinzufügen` }).click();
  let dialog = dialogNamed(page, `Neuer Absatz in „Regeln ${tag}“`);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Titel").fill("Servicezeiten");
  await fillRich(dialog, page, "content", "Inhalt", "Montag bis Freitag.", javaScriptEnabled);
  await dialog.getByTestId("save-item").click();
  await expect(toast(page)).toContainText("Absatz „Servicezeiten“ gespeichert.");
  await expect(rules.getByTestId("sheet-paragraph")).toContainText("Montag bis Freitag.");

  // A section of tables: a table with two rows, then a 2×3 matrix.
  const tables = await newSection(page, catalogueId, `Tabellen ${tag}`, "Table");
  await tables.getByRole("link", { name: `Tabelle zu „Tabellen ${tag}“ hinzufügen` }).click();
  dialog = dialogNamed(page, `Neue Tabelle in „Tabellen ${tag}“`);
  await dialog.getByLabel("Titel").fill("Zeiten");
  await dialog.getByLabel("Spaltenüberschriften").fill("Stufe, Reaktion");
  await dialog.getByTestId("save-item").click();
  await expect(toast(page)).toContainText("Tabelle „Zeiten“ angelegt.");
  dialog = dialogNamed(page, `Tabelle in „Tabellen ${tag}“ bearbeiten`);
  for (const [level, time] of [["1", "15 min"], ["2", "1 h"]]) {
    await dialog.getByTestId("new-row-value").nth(0).fill(level);
    await dialog.getByTestId("new-row-value").nth(1).fill(time);
    await dialog.getByTestId("add-table-row").click();
    await expect(dialog.getByTestId("table-row").last()).toContainText(`${level} · ${time}`);
  }
  await expect(dialog.getByTestId("table-row")).toHaveCount(2);
  await dialog.getByRole("link", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();

  await tables.getByRole("link", { name: `Matrix zu „Tabellen ${tag}“ hinzufügen` }).click();
  dialog = dialogNamed(page, `Neue Matrix in „Tabellen ${tag}“`);
  await dialog.getByLabel("Titel").fill("Rollen");
  await dialog.getByLabel("Zeilenüberschriften").fill("Anfrage, Störung");
  await dialog.getByLabel("Spaltenüberschriften").fill("Kunde, IT, Dienstleister");
  if (!javaScriptEnabled) {
    // Without JS the cells come with the next answer: the matrix is saved empty, its dialog reopens.
    await dialog.getByTestId("save-item").click();
    await expect(toast(page)).toContainText("Matrix „Rollen“ angelegt.");
    dialog = dialogNamed(page, `Matrix in „Tabellen ${tag}“ bearbeiten`);
  }
  await expect(dialog.getByTestId("matrix-grid").getByRole("textbox")).toHaveCount(6);
  for (const row of ["Anfrage", "Störung"]) for (const column of ["Kunde", "IT", "Dienstleister"]) await dialog.getByLabel(`${row}, ${column}`).fill(`${row[0]}${column[0]}`);
  await dialog.getByTestId("save-item").click();
  await expect(toast(page)).toContainText("Matrix „Rollen“ gespeichert.");
  await expect(tables.getByTestId("sheet-matrix")).toContainText("SD");

  // Stored as the readers read it: the items of a section share one order.
  const matrix = await db.selectFrom("matrix_tables").selectAll().where("title", "=", "Rollen").innerJoin("sections", "sections.id", "matrix_tables.section_id").where("sections.service_catalogue_id", "=", catalogueId).executeTakeFirstOrThrow();
  expect(JSON.parse(matrix.matrix_data)).toEqual([["AK", "AI", "AD"], ["SK", "SI", "SD"]]);
  expect(matrix.global_position).toBe(1);

  // The print view: the whole sheet, without the app's chrome.
  await page.getByTestId("print-view").click();
  await expect(page).toHaveURL(new RegExp(`${framePath(catalogueId)}/print$`));
  const sheet = page.getByTestId("frame-sheet");
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText(`Deckblatt ${tag}`);
  await expect(page.getByTestId("side-menu")).toHaveCount(0);
  await expect(sheet.getByTestId("sheet-introduction")).toHaveText("Was wir zusagen.");
  await expect(sheet.getByTestId("sheet-priorities").getByRole("row")).toHaveCount(2);
  await expect(sheet.getByTestId("sheet-priorities")).toContainText("Viele Nutzer betroffen");
  await expect(sheet.getByTestId("sheet-solutionTimes")).toContainText("Alle Zeiten in mitteleuropäischer Zeit (MEZ/MESZ).");
  await expect(sheet.getByTestId("sheet-section")).toHaveCount(2);
  await expect(sheet.getByTestId("sheet-paragraph")).toContainText("Montag bis Freitag.");
  await expect(sheet.getByTestId("sheet-table").getByRole("row")).toHaveCount(3);
  await expect(sheet.getByTestId("sheet-table")).toContainText("15 min");
  await expect(sheet.getByTestId("sheet-matrix").getByRole("rowheader")).toHaveText(["Anfrage", "Störung"]);
  await expect(sheet.getByTestId("sheet-matrix").getByRole("cell")).toHaveCount(7);

  // The catalogue map shows the frame's header; an admin gets the links to it.
  await make.useCatalogue(admin.id, catalogueId);
  await gotoReady(page, "/servicecatalog?view=3", javaScriptEnabled);
  const header = page.getByTestId("map-frame");
  await expect(header.getByRole("heading", { name: `Deckblatt ${tag}` })).toBeVisible();
  await expect(header.getByRole("link", { name: "Katalograhmen bearbeiten" })).toHaveAttribute("href", framePath(catalogueId));
  // Everyone reads it there, read-only.
  const client = await make.user("client");
  await make.useCatalogue(client.id, catalogueId);
  const other = await browser.newContext({ javaScriptEnabled, locale: "de-DE" });
  try {
    await addSessionCookie(db, other, baseURL!, client.id);
    const reader = await other.newPage();
    await gotoReady(reader, "/servicecatalog?view=3", javaScriptEnabled);
    await expect(reader.getByTestId("map-frame").getByRole("heading", { name: `Deckblatt ${tag}` })).toBeVisible();
    await expect(reader.getByTestId("map-frame").getByRole("link")).toHaveCount(0);
  } finally {
    await other.close();
  }
  const activities = await db.selectFrom("activities").select("subject_type").where("subject_type", "in", ["catalog_frame", "section", "paragraph", "section_table", "matrix_table"]).where("causer_id", "=", admin.id).execute();
  expect(new Set(activities.map((a) => a.subject_type))).toEqual(new Set(["catalog_frame", "section", "paragraph", "section_table", "matrix_table"]));
});

test("a row with an empty field is refused with the spec's text and nothing is stored; a stale form changes nothing", async ({ page, login, db, make, javaScriptEnabled }) => {
  await login("superadmin");
  const catalogueId = await make.catalogue();
  await gotoReady(page, framePath(catalogueId), javaScriptEnabled);
  const form = await addRow(page, "priorities", "Prioritäten", { Name: "Hoch", Beschreibung: "Viele betroffen" });
  await expect(form.getByText("Es müssen alle Felder ausgefüllt werden!")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Hoch");
  await expect(form.getByLabel("Beispiel für die Auswirkung")).toHaveAttribute("aria-invalid", "true");
  expect((await storedFrame(db, catalogueId))?.priorities ?? null).toBeNull();

  // Someone else saves first: this page's form is stale and is refused.
  await form.getByLabel("Beispiel für die Auswirkung").fill("Ausfall");
  await make.frame(catalogueId, { title: "Von nebenan", created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" });
  await form.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(page.getByTestId("stale-notice")).toContainText("Ihre Änderung wurde nicht gespeichert");
  expect(await storedFrame(db, catalogueId)).toMatchObject({ title: "Von nebenan", priorities: null });
});

test("the picture: a PNG is stored and served, a GIF or a text named .png is refused, and it can be removed", async ({ page, login, db, make, javaScriptEnabled }) => {
  await login("superadmin");
  const catalogueId = await make.catalogue();
  await gotoReady(page, framePath(catalogueId), javaScriptEnabled);
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    await page.getByTestId("frame-picture-file").setInputFiles(file);
    await page.getByTestId("frame-picture-upload").click();
  };
  await upload({ name: "bild.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1") });
  await expect(page.getByText("Nur Bilder im Format JPG oder PNG sind erlaubt.")).toBeVisible();
  await upload({ name: "bild.png", mimeType: "image/png", buffer: Buffer.from("kein Bild\n") });
  await expect(page.getByText("Nur Bilder im Format JPG oder PNG sind erlaubt.")).toBeVisible();
  expect((await storedFrame(db, catalogueId))?.picture ?? null).toBeNull();

  await upload({ name: "bild.png", mimeType: "image/png", buffer: PNG });
  await expect(toast(page)).toContainText("Katalograhmen gespeichert.");
  const src = await page.getByTestId("frame-picture").getAttribute("src");
  expect(src).toMatch(new RegExp(`^/images/frame/${catalogueId}\\?v=`));
  const served = await page.request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);

  await page.getByRole("button", { name: "Bild entfernen" }).click();
  await expect(toast(page)).toContainText("Bild entfernt.");
  await expect(page.getByTestId("frame-picture")).toHaveCount(0);
  expect((await page.request.get(`/images/frame/${catalogueId}`)).status()).toBe(404);
});

test("sections are reordered with the move buttons (and by drag and drop with JS), only while sorted by position", async ({ page, login, db, make, javaScriptEnabled }) => {
  await login("superadmin");
  const catalogueId = await make.catalogue();
  const now = new Date().toISOString();
  for (const [position, name] of ["Alpha", "Beta", "Gamma"].entries()) {
    await make.section(catalogueId, { name, type: "Paragraph", position, created_at: now, updated_at: now });
  }
  const order = async () => (await db.selectFrom("sections").select("name").where("service_catalogue_id", "=", catalogueId).orderBy("position").execute()).map((s) => s.name);
  const headings = page.getByTestId("sections-list").getByRole("heading", { level: 3 });
  await gotoReady(page, framePath(catalogueId), javaScriptEnabled);
  await expect(headings).toHaveText(["Alpha", "Beta", "Gamma"]);

  await page.getByRole("button", { name: "„Beta“ nach oben" }).click();
  await expect(headings).toHaveText(["Beta", "Alpha", "Gamma"]);
  expect(await order()).toEqual(["Beta", "Alpha", "Gamma"]);
  await page.getByRole("button", { name: "„Beta“ nach unten" }).click();
  await expect(headings).toHaveText(["Alpha", "Beta", "Gamma"]);
  await expect(page.getByRole("button", { name: "„Alpha“ nach oben" })).toBeDisabled();

  if (javaScriptEnabled) {
    const items = page.getByTestId("sections-list").locator(":scope > li");
    await items.nth(2).dragTo(items.nth(0), { sourcePosition: { x: 4, y: 4 } });
    await expect(headings).toHaveText(["Gamma", "Alpha", "Beta"]);
    await expect.poll(order).toEqual(["Gamma", "Alpha", "Beta"]);
  }

  // Sorted by name: no move buttons, a hint instead.
  await page.getByLabel("Sortierung").selectOption("alphabet");
  await page.getByTestId("apply-sort").click();
  await expect(page).toHaveURL(/sort=alphabet/);
  await expect(page.getByTestId("reorder-hint")).toBeVisible();
  await expect(page.getByRole("button", { name: /nach oben$/ })).toHaveCount(0);
  expect((await page.request.post(`${framePath(catalogueId)}?sort=alphabet`, { form: { intent: "section-move", id: "1", direction: "up" } })).status()).toBe(400);
});

test("rows and a section's items move with the buttons (rows also by drag and drop with JS)", async ({ page, login, db, make, javaScriptEnabled }) => {
  await login("superadmin");
  const catalogueId = await make.catalogue();
  const now = new Date().toISOString();
  const priorities = ["Eins", "Zwei", "Drei"].map((name) => ({ name, description: `${name} b`, impact_example: `${name} c` }));
  await make.frame(catalogueId, { priorities: JSON.stringify(priorities), created_at: now, updated_at: now });
  const sectionId = await make.section(catalogueId, { name: "Alles", type: "Section", position: 0, created_at: now, updated_at: now });
  await make.paragraph(sectionId, { title: "Absatz A", content: null, position: 0, global_position: 0, created_at: now, updated_at: now });
  await make.table(sectionId, { title: "Tabelle B", headers: JSON.stringify(["x"]), position: 0, global_position: 1, created_at: now, updated_at: now });
  const names = async () => JSON.parse((await storedFrame(db, catalogueId))!.priorities!).map((p: { name: string }) => p.name);
  const rows = page.getByTestId("row-priorities");
  await gotoReady(page, framePath(catalogueId), javaScriptEnabled);

  await page.getByRole("button", { name: "Zeile 3 nach oben" }).click();
  await expect(rows.nth(1)).toContainText("Drei");
  expect(await names()).toEqual(["Eins", "Drei", "Zwei"]);
  if (javaScriptEnabled) {
    const entries = page.getByTestId("rows-priorities-list").locator(":scope > li");
    await entries.nth(2).dragTo(entries.nth(0), { sourcePosition: { x: 4, y: 4 } });
    await expect(rows.first()).toContainText("Zwei");
    await expect.poll(names).toEqual(["Zwei", "Eins", "Drei"]);
  }

  // The table moves above the paragraph: their shared order.
  const items = page.getByTestId("section-items").getByRole("heading", { level: 4 });
  await expect(items).toHaveText(["Absatz A", "Tabelle B"]);
  await page.getByRole("button", { name: "„Tabelle B“ nach oben" }).click();
  await expect(items).toHaveText(["Tabelle B", "Absatz A"]);
  const table = await db.selectFrom("section_tables").select("global_position").where("section_id", "=", sectionId).executeTakeFirstOrThrow();
  expect(table.global_position).toBe(0);
});

test("a keyuser is refused: pages send to /unauthorized, writes answer 403 and change nothing", async ({ page, login, db, make, javaScriptEnabled }) => {
  await login("keyuser");
  const catalogueId = await make.catalogue();
  for (const path of [framePath(catalogueId), "/catalogframe", "/catalogframe/static", `${framePath(catalogueId)}/print`, `${framePath(catalogueId)}/section/new`]) {
    await gotoReady(page, path, javaScriptEnabled);
    await expect(page, path).toHaveURL(/\/unauthorized$/);
  }
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, maxRedirects: 0 });
  expect((await post(framePath(catalogueId), { intent: "frame", title: "Gekapert", updated_at: "" })).status()).toBe(403);
  expect((await post(framePath(catalogueId), { intent: "row-add", kind: "priorities", name: "a", description: "b", impact_example: "c", updated_at: "" })).status()).toBe(403);
  expect((await post(`${framePath(catalogueId)}/section/new`, { name: "Gekapert", type: "Section" })).status()).toBe(403);
  expect(await storedFrame(db, catalogueId)).toBeUndefined();
  expect(await db.selectFrom("sections").select("id").where("service_catalogue_id", "=", catalogueId).execute()).toEqual([]);
});

test("an unknown catalogue, section or item is a 404", SERVER_CHECK, async ({ page, login, make }) => {
  await login("superadmin");
  const catalogueId = await make.catalogue();
  for (const path of ["/catalogframe/999999999", "/catalogframe/abc", "/catalogframe/999999999/print", `${framePath(catalogueId)}/section/999999999`, `${framePath(catalogueId)}/item/table/999999999`, `${framePath(catalogueId)}/item/chart/new?section=1`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  await expect(page.getByText("Diese Seite wurde nicht gefunden")).toBeVisible();
});

test("the static catalogue has its own frame; its title is the catalogue's title (“Statischer Katalog” when empty)", async ({ page, login, db, make, javaScriptEnabled }) => {
  const admin = await login("superadmin");
  await make.useCatalogue(admin.id, -1);
  await withLock("static-frame", async () => {
    const before = await storedFrame(db, -1);
    const tag = hex();
    try {
      await gotoReady(page, "/catalogframe/static", javaScriptEnabled);
      await expect(page.getByTestId("frame-catalogue")).toContainText("statischen Katalogs");
      await page.getByTestId("frame-title").fill(`Statisch ${tag}`);
      await page.getByTestId("save-frame").click();
      await expect(toast(page)).toContainText("Katalograhmen gespeichert.");
      await gotoReady(page, "/servicecatalog", javaScriptEnabled);
      await expect(page.getByTestId("top-bar")).toContainText(`Statisch ${tag}`);

      await gotoReady(page, "/catalogframe/static", javaScriptEnabled);
      await page.getByTestId("frame-title").fill("");
      await page.getByTestId("save-frame").click();
      await expect(toast(page)).toContainText("Katalograhmen gespeichert.");
      await gotoReady(page, "/servicecatalog", javaScriptEnabled);
      await expect(page.getByTestId("top-bar")).toContainText("Statischer Katalog");
    } finally {
      await db.updateTable("catalog_frames").set({ title: before?.title ?? null, updated_at: before?.updated_at ?? new Date().toISOString() }).where("service_catalogue_id", "=", -1).execute();
    }
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the frame page and its print view fit 390 px; a row is added there", async ({ page, login, make, javaScriptEnabled }) => {
    await login("superadmin");
    const catalogueId = await make.catalogue();
    const now = new Date().toISOString();
    await make.frame(catalogueId, {
      title: "Schmal",
      solution_times: JSON.stringify([{ priority: "Sehr hoch und dringend", reaction_time: "15 Minuten", solution_time: "2 Stunden", comment: "Rund um die Uhr an allen Tagen des Jahres" }]),
      created_at: now,
      updated_at: now,
    });
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await gotoReady(page, framePath(catalogueId), javaScriptEnabled);
    expect(await wide()).toBe(false);
    await addRow(page, "priorities", "Prioritäten", { Name: "Hoch", Beschreibung: "Viele", "Beispiel für die Auswirkung": "Ausfall" });
    await expect(page.getByTestId("row-priorities")).toHaveCount(1);
    expect(await wide()).toBe(false);
    await gotoReady(page, `${framePath(catalogueId)}/print`, javaScriptEnabled);
    await expect(page.getByTestId("sheet-solutionTimes")).toBeVisible();
    expect(await wide()).toBe(false);
  });
});
