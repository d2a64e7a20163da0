import { addSessionCookie, expect, gotoReady, test, unique } from "../support/fixtures";
import mammoth from "mammoth";
import { mockCalls, scriptAnswer } from "../support/ai-provider";
import { hex, openEditor, servicePage, toast, withAiCredits, withLicence } from "../support/helpers";
import { PHONE, violations } from "../support/sweeps";

/**
 * Content in more than one language (issue 37, decision 0081), with JavaScript and without: an
 * admin adds English to a catalogue; an editor translates a field on the service page (the same
 * editor, switched by the content-language links); an English reader sees English; after the
 * German source changes the translation is marked outdated with the words that changed.
 */
test("add English, translate a field, read it in English, see it outdated after a source edit", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
  const tag = unique("Sprache");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const id = await make.service(catalogueId, category, { name: `Dienst ${tag}`, short_description: "<p>Drucken im Haus</p>" });
  await make.service(catalogueId, category, { name: `Zweiter ${tag}` });

  // The superadmin offers English besides the German original.
  await login("superadmin");
  await gotoReady(page, "/servicecatalog/catalogues", javaScriptEnabled);
  // The list on offer: an unknown code is refused beside the field and nothing changes; a known one is added.
  const codes = page.getByTestId("language-list-form").getByLabel("Sprachen, die Kataloge anbieten können");
  const before = await codes.inputValue();
  await codes.fill(`${before}, xx`);
  await page.getByRole("button", { name: "Liste speichern" }).click();
  await expect(page.getByTestId("language-list-form").getByRole("alert")).toHaveText("Bitte geben Sie bekannte Sprachcodes nach ISO 639-1 ein, z. B. de, en, fr.");
  await gotoReady(page, "/servicecatalog/catalogues", javaScriptEnabled);
  await codes.fill(`${await codes.inputValue()}, pt`);
  await page.getByRole("button", { name: "Liste speichern" }).click();
  await expect(toast(page)).toContainText(/Sprachliste gespeichert\.|Nichts geändert\./);
  expect(JSON.parse((await db.selectFrom("settings").select("value").where("key", "=", "content_languages").executeTakeFirstOrThrow()).value)).toContain("pt");
  await page.getByRole("link", { name: `Inhaltssprachen von Katalog ${tag}` }).click();
  const form = page.getByRole("form", { name: `Inhaltssprachen von Katalog ${tag}` });
  await form.getByRole("checkbox", { name: "Englisch" }).check();
  await form.getByRole("button", { name: "Sprachen speichern" }).click();
  await expect(toast(page)).toContainText("Inhaltssprachen gespeichert.");
  await expect(page.getByRole("row").filter({ hasText: `Katalog ${tag}` }).getByTestId("catalogue-languages")).toHaveText("Deutsch, Englisch");
  // axe runs inside the page: with JS (the screen sweep covers pages without).
  if (javaScriptEnabled) expect(await violations(page, '[data-testid="content-languages"]')).toEqual([]);
  expect(await db.selectFrom("catalogue_languages").select("language").where("catalogue_id", "=", catalogueId).execute()).toEqual([{ language: "en" }]);

  // The editor switches the content to English: the field shows the original, marked.
  await login("keyuser");
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await page.getByTestId("content-language").getByRole("link", { name: "Englisch" }).click();
  await expect(page.getByTestId("content-language").getByRole("link", { name: "Englisch" })).toHaveAttribute("aria-current", "true");
  const section = page.locator("section#short_description");
  await expect(section.getByTestId("not-translated")).toHaveText("nicht übersetzt");
  await expect(section.getByTestId("rich-short_description")).toHaveText("Drucken im Haus");
  await openEditor(section);
  if (javaScriptEnabled) {
    await section.scrollIntoViewIfNeeded();
    const content = section.getByTestId("editor-value").locator("[contenteditable=true]");
    await content.click();
    await page.keyboard.type("Printing in the building");
  } else {
    await section.getByLabel("Kurzbeschreibung (Englisch)").fill("Printing in the building");
  }
  await section.locator("details form").getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung gespeichert.");
  await expect(section.getByTestId("rich-short_description")).toHaveText("Printing in the building");
  await expect(section.getByTestId("not-translated")).toHaveCount(0);
  expect((await db.selectFrom("services").select("short_description").where("id", "=", id).executeTakeFirstOrThrow()).short_description).toBe("<p>Drucken im Haus</p>");
  // And the name.
  const name = page.locator("section#name-translation");
  await expect(name.getByTestId("not-translated")).toBeVisible();
  await openEditor(name);
  await name.getByLabel("Name (Englisch)").fill(`Printing ${tag}`);
  await name.locator("details form").getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung gespeichert.");
  await expect(page.getByTestId("service-name")).toHaveText(`Printing ${tag}`);

  // A reader whose interface is English reads English.
  const reader = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-GB" });
  const client = await make.user("client", { wordExport: true });
  await addSessionCookie(db, reader, baseURL!, client.id);
  const readerPage = await reader.newPage();
  await gotoReady(readerPage, servicePage(id), javaScriptEnabled);
  await expect(readerPage.getByTestId("rich-short_description")).toHaveText("Printing in the building");
  await expect(readerPage.getByTestId("service-name")).toHaveText(`Printing ${tag}`);
  await expect(readerPage.locator("section#name-translation")).toHaveCount(0);
  await expect(readerPage.getByTestId("content-language").getByRole("link", { name: /English/ })).toHaveAttribute("aria-current", "true");
  // The Word export of the service is English too.
  await withLicence(db, true, async () => {
    const file = await readerPage.request.get(`/servicecatalog/service/${id}/export.docx`, { headers: { "Accept-Language": "en-GB,en" } });
    expect(file.status()).toBe(200);
    const html = (await mammoth.convertToHtml({ buffer: await file.body() })).value;
    expect(html).toContain(`Printing ${tag}`);
    expect(html).toContain("Printing in the building");
    expect(html).not.toContain("Drucken im Haus");
  });
  // The catalogue list too: the translated name, the untranslated one marked as the German original.
  await gotoReady(readerPage, `/servicecatalog?view=0&catalogue=${catalogueId}`, javaScriptEnabled);
  await expect(readerPage.getByRole("link", { name: `Printing ${tag}` })).toBeVisible();
  const second = readerPage.getByRole("row").filter({ hasText: `Zweiter ${tag}` });
  await expect(second.getByTestId("name-original")).toHaveText("DE");
  await expect(readerPage.getByRole("row").filter({ hasText: `Printing ${tag}` }).getByTestId("name-original")).toHaveCount(0);

  // The German source changes: the English translation is outdated, with the words that changed.
  await db
    .updateTable("services")
    .set({ short_description: "<p>Drucken und Scannen im Haus</p>", updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
  await gotoReady(readerPage, servicePage(id), javaScriptEnabled);
  const outdated = readerPage.getByTestId("translation-outdated");
  await expect(outdated).toContainText("Translation outdated");
  await outdated.locator("summary").click();
  await expect(outdated.getByTestId("source-diff").locator("ins")).toHaveText(["und Scannen "]);
  // The switch, the markers and the diff pass axe and fit a phone.
  if (javaScriptEnabled) expect(await violations(readerPage)).toEqual([]);
  await readerPage.setViewportSize(PHONE);
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await reader.close();

  // Everyone sees which translations are missing or outdated: the report, and from it the browser.
  await gotoReady(page, `/reports?catalogue=${catalogueId}`, javaScriptEnabled);
  const coverage = page.getByTestId("translation-coverage-en");
  await expect(coverage.getByTestId("translation-row")).toHaveCount(1);
  await expect(coverage.getByTestId("translation-row").locator("td")).toHaveText(["0", "1", "1"]);
  await coverage.getByTestId("translation-row").locator("td").nth(1).getByRole("link").click();
  await page.waitForURL(/\/servicecatalog\?.*tr=en-outdated/);
  await expect(page.getByTestId("reports-page")).toHaveCount(0);
  // The editor chose English on the service page: the list names it in English too.
  await expect(page.getByRole("link", { name: `Printing ${tag}` })).toBeVisible();
});

test("translate with the assistant: proposals as a diff, accepted or discarded per field, the call charged", async ({ page, db, make, login, javaScriptEnabled }) => {
  const marker = `tr-${hex()}`;
  const catalogueId = await make.catalogue({ title: `Katalog ${marker}` });
  const category = await make.category(catalogueId);
  await db.insertInto("catalogue_languages").values({ catalogue_id: catalogueId, language: "en" }).execute();
  const id = await make.service(catalogueId, category, { name: `Drucken ${marker}`, short_description: "<p>Drucken im Haus</p>" });
  await scriptAnswer(marker, { ServiceName: `Printing ${marker}`, Kurzbeschreibung: "Printing in the house" });
  await login("keyuser");
  await withAiCredits(db, async () => {
    // In the original language there is nothing to translate.
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    await expect(page.getByTestId("translation-assist")).toHaveCount(0);
    await page.getByTestId("content-language").getByRole("link", { name: "Englisch" }).click();
    const assist = page.getByTestId("translation-assist");
    await assist.getByRole("button", { name: "Übersetzen" }).click();
    await expect(toast(page)).toContainText("Übersetzungen vorgeschlagen");
    await expect(assist.getByTestId("translation-proposal")).toHaveCount(2);
    const short = assist.locator('[data-field="short_description"]');
    await expect(short.getByTestId("proposal-diff").locator("ins")).toHaveText("Printing in the house");
    const calls = await mockCalls(marker);
    expect(calls.count).toBe(1);
    expect(await db.selectFrom("token_usage").select(["kind", "tokens"]).where("service_id", "=", id).execute()).toEqual([{ kind: "ai.translate", tokens: calls.tokens }]);
    if (javaScriptEnabled) expect(await violations(page, '[data-testid="translation-assist"]')).toEqual([]);

    // The short description accepted: shown in English and stored beside the original.
    await short.getByRole("button", { name: "Kurzbeschreibung übernehmen" }).click();
    await expect(toast(page)).toContainText("Übersetzung übernommen.");
    await expect(page.locator("section#short_description").getByTestId("rich-short_description")).toHaveText("Printing in the house");
    const stored = await db.selectFrom("content_translations").select(["field", "value"]).where("subject_type", "=", "service").where("subject_id", "=", id).execute();
    expect(stored).toEqual([{ field: "short_description", value: "<p>Printing in the house</p>" }]);

    // The name discarded: no proposal is left and the name stays untranslated.
    await assist.locator('[data-field="name"]').getByRole("button", { name: "Name verwerfen" }).click();
    await expect(toast(page)).toContainText("Vorschlag verworfen.");
    await expect(assist.getByTestId("translation-proposal")).toHaveCount(0);
    await expect(page.locator("section#name-translation").getByTestId("not-translated")).toBeVisible();
    expect(await db.selectFrom("translation_proposals").select("field").where("service_id", "=", id).execute()).toEqual([]);
  });
});

test("translate a selection with the assistant on /tools: one call per service, the proposals waiting on each page", async ({ page, db, make, login, javaScriptEnabled }) => {
  const marker = `trb-${hex()}`;
  const catalogueId = await make.catalogue({ title: `Katalog ${marker}` });
  const category = await make.category(catalogueId);
  await db.insertInto("catalogue_languages").values({ catalogue_id: catalogueId, language: "en" }).execute();
  const first = await make.service(catalogueId, category, { name: `Eins ${marker}` });
  const second = await make.service(catalogueId, category, { name: `Zwei ${marker}` });
  await scriptAnswer(marker, { ServiceName: `Translated ${marker}` });
  await login("keyuser");
  await withAiCredits(db, async () => {
    await gotoReady(page, `/tools?catalogue=${catalogueId}`, javaScriptEnabled);
    await page.getByTestId("tools-translate-link").getByRole("link", { name: "Übersetzen …" }).click();
    const panel = page.getByTestId("tools-translate");
    await panel.getByLabel("Sprache").selectOption("en");
    await panel.getByRole("button", { name: "2 Services übersetzen" }).click();
    const result = page.getByTestId("translate-result");
    await expect(result.getByTestId("translate-done")).toHaveCount(2);
    await expect(result.getByTestId("translate-done").first()).toContainText("1 Feld vorgeschlagen");
    expect((await mockCalls(marker)).count).toBe(2);
    const proposals = await db.selectFrom("translation_proposals").select(["service_id", "value"]).where("service_id", "in", [first, second]).orderBy("service_id").execute();
    expect(proposals).toEqual([
      { service_id: first, value: `Translated ${marker}` },
      { service_id: second, value: `Translated ${marker}` },
    ]);
    // The link leads to the proposal on the service's page in English.
    await result.getByRole("link", { name: `Zwei ${marker}` }).click();
    await expect(page.getByTestId("translation-assist").getByTestId("translation-proposal")).toHaveCount(1);
  });
});

test("areas, categories and glossary terms are translated on their own page, and the browser reads them in English", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
  const tag = hex();
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  await db.insertInto("catalogue_languages").values({ catalogue_id: catalogueId, language: "en" }).execute();
  const area = await make.area(catalogueId, { name: `Bereich ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}`, service_area_id: area });
  const service = await make.service(catalogueId, category, { name: `Dienst ${tag}` });
  const term = await make.term({ term: `Begriff ${tag}` });
  await login("keyuser");

  // From the category's page to its translations.
  await gotoReady(page, `/servicecatalog/category/${category}`, javaScriptEnabled);
  await page.getByTestId("translate-link").click();
  await expect(page).toHaveURL(new RegExp(`/translations/category/${category}`));
  const name = page.locator('[data-field="name"]');
  await expect(name).toContainText(`Kategorie ${tag}`);
  await name.getByLabel("Name (Englisch)").fill(`Category ${tag}`);
  await name.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung gespeichert.");
  const description = page.locator('[data-field="description"]');
  await description.getByLabel("Beschreibung (Englisch)").fill("First paragraph\n\n- one\n- two");
  await description.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung gespeichert.");
  // The first save's toast may still be up: wait for the second row itself.
  const stored = () => db.selectFrom("content_translations").select(["field", "value"]).where("subject_type", "=", "category").where("subject_id", "=", category).orderBy("field").execute();
  await expect.poll(stored).toEqual([
    { field: "description", value: "<p>First paragraph</p><ul><li>one</li><li>two</li></ul>" },
    { field: "name", value: `Category ${tag}` },
  ]);
  if (javaScriptEnabled) expect(await violations(page)).toEqual([]);

  // A content language chosen on a service page holds for the catalogue too, whatever the interface language (issue 37 §4).
  await gotoReady(page, servicePage(service), javaScriptEnabled);
  await page.getByTestId("content-language").getByRole("link", { name: "Englisch" }).click();
  await expect(page.getByTestId("content-language").getByRole("link", { name: "Englisch" })).toHaveAttribute("aria-current", "true");
  await gotoReady(page, `/servicecatalog?view=1&catalogue=${catalogueId}`, javaScriptEnabled);
  await expect(page.getByText(`Category ${tag}`).first()).toBeVisible();
  await gotoReady(page, servicePage(service), javaScriptEnabled);
  await page.getByTestId("content-language").getByRole("link", { name: /Deutsch/ }).click();
  await expect(page.getByTestId("content-language").getByRole("link", { name: /Deutsch/ })).toHaveAttribute("aria-current", "true");
  await gotoReady(page, `/servicecatalog?view=1&catalogue=${catalogueId}`, javaScriptEnabled);
  await expect(page.getByText(`Kategorie ${tag}`).first()).toBeVisible();
  await expect(page.getByText(`Category ${tag}`)).toHaveCount(0);

  // A glossary term, the same way, from its page in the base data.
  await gotoReady(page, `/basedata/termdefinitions/${term}`, javaScriptEnabled);
  await page.getByTestId("translate-link").click();
  await expect(page).toHaveURL(new RegExp(`/translations/term/${term}`));
  await page.locator('[data-field="term"]').getByLabel("Begriff (Englisch)").fill(`Term ${tag}`);
  await page.locator('[data-field="term"]').getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung gespeichert.");
  expect(await db.selectFrom("content_translations").select("value").where("subject_type", "=", "term").where("subject_id", "=", term).execute()).toEqual([{ value: `Term ${tag}` }]);
  // Emptied, the translation is removed, and the message says so.
  await page.locator('[data-field="term"]').getByLabel("Begriff (Englisch)").fill("");
  await page.locator('[data-field="term"]').getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung entfernt.");
  await expect.poll(() => db.selectFrom("content_translations").select("value").where("subject_type", "=", "term").where("subject_id", "=", term).execute()).toEqual([]);

  // An English reader's tree names the translated category; the area keeps its original name.
  const reader = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-GB" });
  const client = await make.user("keyuser", { wordExport: true });
  await addSessionCookie(db, reader, baseURL!, client.id);
  const readerPage = await reader.newPage();
  await gotoReady(readerPage, `/servicecatalog?view=1&catalogue=${catalogueId}`, javaScriptEnabled);
  await expect(readerPage.getByText(`Category ${tag}`).first()).toBeVisible();
  await expect(readerPage.getByText(`Bereich ${tag}`).first()).toBeVisible();
  // The catalogue's Word export in English names the category in English too.
  await withLicence(db, true, async () => {
    const file = await readerPage.request.get("/servicecatalog/export.docx", { headers: { "Accept-Language": "en-GB,en" } });
    expect(file.status()).toBe(200);
    const html = (await mammoth.convertToHtml({ buffer: await file.body() })).value;
    expect(html).toContain(`Category ${tag}`);
    expect(html).not.toContain(`Kategorie ${tag}`);
  });
  await reader.close();
});

test("the cover sheet is translated on one page and printed in English", async ({ page, db, make, login, javaScriptEnabled }) => {
  const tag = hex();
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  await db.insertInto("catalogue_languages").values({ catalogue_id: catalogueId, language: "en" }).execute();
  await make.frame(catalogueId, { title: `Deckblatt ${tag}`, introduction: "<p>Willkommen</p>" });
  const section = await make.section(catalogueId, { name: `Abschnitt ${tag}` });
  const paragraph = await make.paragraph(section, { title: `Absatz ${tag}`, content: "<p>Montag bis Freitag</p>" });
  await login("superadmin");
  await gotoReady(page, `/catalogframe/${catalogueId}`, javaScriptEnabled);
  await page.getByTestId("translate-link").click();
  await expect(page).toHaveURL(new RegExp(`/translations/frame/${catalogueId}`));
  const title = page.locator('[data-field="title"]');
  await title.getByLabel("Titel des Deckblatts (Englisch)").fill(`Cover ${tag}`);
  await title.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung gespeichert.");
  const content = page.locator(`[data-field="paragraph.${paragraph}.content"]`);
  await expect(content).toContainText("Montag bis Freitag");
  await content.getByRole("textbox").fill("Monday to Friday");
  await content.getByRole("button", { name: "Speichern" }).click();
  // The title's toast may still be up: wait for the paragraph's row itself.
  await expect.poll(async () => (await db.selectFrom("content_translations").select("field").where("subject_type", "=", "frame").where("subject_id", "=", catalogueId).execute()).length).toBe(2);

  // Printed in English: the translations, and the original where there is none.
  await gotoReady(page, `/catalogframe/${catalogueId}`, javaScriptEnabled);
  await page.getByTestId("print-view-language").click();
  await expect(page).toHaveURL(new RegExp(`/catalogframe/${catalogueId}/print\\?lang=en`));
  await expect(page.getByText(`Cover ${tag}`).first()).toBeVisible();
  await expect(page.getByText("Monday to Friday")).toBeVisible();
  await expect(page.getByText(`Abschnitt ${tag}`).first()).toBeVisible();
  await gotoReady(page, `/catalogframe/${catalogueId}/print`, javaScriptEnabled);
  await expect(page.getByText("Montag bis Freitag")).toBeVisible();
  await expect(page.getByText("Monday to Friday")).toHaveCount(0);
});

test("a service's options and details are translated on one page and shown to readers in English", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
  const tag = hex();
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId);
  await db.insertInto("catalogue_languages").values({ catalogue_id: catalogueId, language: "en" }).execute();
  const id = await make.service(catalogueId, category, { name: `Drucken ${tag}`, booking: `Im Portal ${tag}` });
  await make.option(id, { name: `Farbdruck ${tag}` });
  await login("keyuser");
  await gotoReady(page, `${servicePage(id)}?lang=en`, javaScriptEnabled);
  await page.getByTestId("translate-parts").click();
  await expect(page).toHaveURL(new RegExp(`/translations/serviceparts/${id}\\?lang=en`));
  const option = page.locator('[data-field^="option."][data-field$=".name"]');
  await option.getByLabel(`Option „Farbdruck ${tag}“: Name (Englisch)`).fill(`Colour printing ${tag}`);
  await option.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Übersetzung gespeichert.");
  const booking = page.locator('[data-field="detail.booking"]');
  await booking.getByRole("textbox").fill(`In the portal ${tag}`);
  await booking.getByRole("button", { name: "Speichern" }).click();
  await expect.poll(async () => (await db.selectFrom("content_translations").select("field").where("subject_type", "=", "serviceparts").where("subject_id", "=", id).execute()).length).toBe(2);
  // The editor's page keeps the originals (its forms start from them).
  await gotoReady(page, `${servicePage(id)}?lang=en`, javaScriptEnabled);
  await expect(page.getByText(`Farbdruck ${tag}`).first()).toBeVisible();

  // A reader of the English content sees the translations.
  const reader = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-GB" });
  const client = await make.user("client");
  await addSessionCookie(db, reader, baseURL!, client.id);
  const readerPage = await reader.newPage();
  await gotoReady(readerPage, servicePage(id), javaScriptEnabled);
  await expect(readerPage.getByText(`Colour printing ${tag}`).first()).toBeVisible();
  await expect(readerPage.getByText(`In the portal ${tag}`).first()).toBeVisible();
  await expect(readerPage.getByText(`Farbdruck ${tag}`)).toHaveCount(0);
  await reader.close();
});
