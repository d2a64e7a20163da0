import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { hex, openEditor, serviceOfItsOwn, servicePage, toast } from "../support/helpers";

// The service page's own sections (/servicecatalog/service/:id, decision 0009): basics, rich text,
// details, personal data, optimistic locking, access, history. Runs in the JS and the no-JS
// project against one shared database: every test makes its own service in a catalogue of its own.

const row = (db: DB, id: number) => db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Opens a section's "Bearbeiten" disclosure and returns its form. */
async function openEdit(page: Page, sectionId: string) {
  await expect(page.getByTestId(`edit-${sectionId}`)).toHaveText(/^(Bearbeiten|Hinzufügen)$/);
  await openEditor(page.locator(`section#${sectionId}`));
  const form = page.locator(`section#${sectionId} details form`);
  await expect(form).toBeVisible();
  return form;
}

test.describe("as keyuser", () => {
  test.beforeEach(async ({ login }) => {
    await login("keyuser");
  });

  test("edits the basics and sees the change in the history", async ({ page, db, make, javaScriptEnabled }) => {
    const oldName = unique("Seiten-Service");
    const id = await serviceOfItsOwn(make, { name: oldName });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const form = await openEdit(page, "basics");
    const newName = unique("Umbenannt");
    await form.getByLabel("Name").fill(newName);
    await form.locator('select[name="status"]').selectOption("checking");
    await form.locator('input[name="statuspercent"]').fill("55");
    await form.getByRole("button", { name: "Speichern" }).click();

    await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
    await expect(page.getByTestId("service-name")).toHaveText(newName);
    await expect(page.getByTestId("service-status")).toHaveText("Überprüfung · 55 %");
    await expect.poll(async () => row(db, id)).toMatchObject({ name: newName, status: "checking", statuspercent: 55 });

    await page.getByTestId("tab-history").click();
    await expect(page).toHaveURL(/tab=history/);
    const change = page.getByTestId("history").locator("tr", { hasText: "Name" }).first();
    await expect(change.locator("td").nth(1)).toHaveText(oldName);
    await expect(change.locator("td").nth(2)).toHaveText(newName);
    // Values read as on the page: the status by its label, not its stored value.
    await expect(page.getByTestId("history").locator("tr", { hasText: "Status" }).first()).toContainText("In Bearbeitung");
  });

  test("an approved service says before and after a save that the approval is taken back, and the history shows it (issue 32 §3)", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make, { status: "closed" });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    await expect(page.getByTestId("approved-note")).toHaveText("Dieser Service ist abgenommen. Speichern einer inhaltlichen Änderung setzt ihn auf „In Bearbeitung“ zurück.");
    const details = await openEdit(page, "cost");
    await details.getByLabel("Kosten").fill("99 € im Jahr");
    await details.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("die Abnahme ist zurückgenommen, der Status ist wieder „In Bearbeitung“");
    await expect(page.getByTestId("approved-note")).toHaveCount(0);
    await expect.poll(async () => (await row(db, id)).status).toBe("open");
    await page.getByTestId("tab-history").click();
    await expect(page).toHaveURL(/tab=history/);
    const status = page.getByTestId("history").locator("tr", { hasText: "Status" }).first();
    await expect(status.locator("td").nth(1)).toHaveText("Abgenommen");
    await expect(status.locator("td").nth(2)).toHaveText("In Bearbeitung");
  });

  test("edits the details and the personal-data section", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    await gotoReady(page, servicePage(id), javaScriptEnabled);

    const details = await openEdit(page, "cost");
    await details.getByLabel("Kosten").fill("12,50 € pro Monat");
    await details.getByLabel("Artikelnummer").fill("ART-42");
    await details.getByLabel("Kundenspezifisch").check();
    await details.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
    const shown = page.getByTestId("fields-cost");
    await expect(shown).toContainText("12,50 € pro Monat");
    await expect(shown).toContainText("ART-42");
    await expect(shown.locator("div", { hasText: "Kundenspezifisch" }).locator("dd")).toHaveText("Ja");

    const personal = await openEdit(page, "personaldata");
    await personal.getByLabel("Verarbeitet personenbezogene Daten").check();
    await personal.getByLabel("Art der personenbezogenen Daten").fill("Name, E-Mail");
    await personal.getByLabel("Speicherdauer").fill("90 Tage");
    await personal.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
    await expect(page.getByTestId("fields-personaldata")).toContainText("Name, E-Mail");
    await expect(page.getByTestId("fields-personaldata")).toContainText("90 Tage");

    const stored = await row(db, id);
    expect(stored).toMatchObject({
      costs: "12,50 € pro Monat",
      art_nr: "ART-42",
      customerspecific: 1,
      processingpersonaldata: 1,
      processingsensitivpersonaldata: 0,
      personaldata: "Name, E-Mail",
      personaldatastorageduration: "90 Tage",
    });
  });

  test("rich text: HTML without JS, the editor with JS", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const form = await openEdit(page, "short_description");
    if (!javaScriptEnabled) {
      await form.getByLabel("Kurzbeschreibung").fill('<p><strong>fett</strong></p><ul><li>eins</li></ul><script>alert(1)</script>');
    } else {
      // The editor's code loads once the field is on screen.
      await form.scrollIntoViewIfNeeded();
      const editor = page.locator("#short_description").getByTestId("editor-value");
      await expect(editor).toBeVisible();
      const content = editor.locator("[contenteditable=true]");
      await content.click();
      await page.keyboard.type("normal ");
      await page.keyboard.press("Control+B");
      await page.keyboard.type("fett");
      await expect(content.locator("strong")).toHaveText("fett");
    }
    await form.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
    const rendered = page.getByTestId("rich-short_description");
    await expect(rendered.locator("strong")).toHaveText("fett");
    if (!javaScriptEnabled) await expect(rendered.locator("ul > li")).toHaveText("eins");
    const stored = (await row(db, id)).short_description ?? "";
    expect(stored).toContain("<strong>fett</strong>");
    expect(stored).not.toContain("script");
    if (javaScriptEnabled) return;

    // Without JS, paragraphs and bullets need no HTML (issue 32 §12): bold text stays HTML in the
    // field, so saving loses nothing; light markup becomes paragraphs and a list, escaped and sanitised.
    let again = await openEdit(page, "short_description");
    await expect(again.getByLabel("Kurzbeschreibung")).toHaveValue(stored);
    await again.getByLabel("Kurzbeschreibung").fill("Wir liefern:\n- Notebook\n- Maus & <Tasche>\n\nInnerhalb einer Woche.");
    await again.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
    await expect(rendered.locator("ul > li")).toHaveText(["Notebook", "Maus & <Tasche>"]);
    await expect(rendered.locator("p")).toHaveText(["Wir liefern:", "Innerhalb einer Woche."]);
    expect((await row(db, id)).short_description).toBe("<p>Wir liefern:</p><ul><li>Notebook</li><li>Maus &amp; &lt;Tasche&gt;</li></ul><p>Innerhalb einer Woche.</p>");
    // Such text comes back as the markup it was typed in.
    again = await openEdit(page, "short_description");
    await expect(again.getByLabel("Kurzbeschreibung")).toHaveValue("Wir liefern:\n\n- Notebook\n- Maus & <Tasche>\n\nInnerhalb einer Woche.");
  });

  test("a stale save is refused and changes nothing", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const form = await openEdit(page, "cost");
    await form.getByLabel("Kosten").fill("überschreibt nichts");
    // someone else saves meanwhile
    await db.updateTable("services").set({ updated_at: new Date(Date.now() + 60_000).toISOString(), system: "fremd" }).where("id", "=", id).execute();
    await form.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByTestId("stale-notice")).toBeVisible();
    await expect(page.getByTestId("stale-notice")).toContainText("Jemand anderes hat diesen Service gespeichert");
    const stored = await row(db, id);
    expect(stored.costs).toBeNull();
    expect(stored.system).toBe("fremd");
  });

  test("relation pickers: a search keeps what is ticked, and both are saved", async ({ page, db, make, javaScriptEnabled }) => {
    const id = await serviceOfItsOwn(make);
    const tag = hex();
    // More owners than a picker shows, so the second one has to be searched for.
    for (let i = 0; i < 30; i++) await make.owner({ name: `Aaa Picker ${tag} ${String(i).padStart(2, "0")}` });
    const wanted = `Zzz Gesucht ${tag}`;
    await make.owner({ name: wanted });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const form = await openEdit(page, "relations");
    const owners = page.getByTestId("picker-owners");
    await expect(owners.getByLabel(wanted)).toHaveCount(0);
    const search = page.getByTestId("relq-search");
    await search.fill(`Picker ${tag} 0`);
    await search.press("Enter");
    await expect(owners.getByRole("checkbox")).toHaveCount(10);
    await owners.getByLabel(`Aaa Picker ${tag} 00`).check();
    await search.fill(`Gesucht ${tag}`);
    await search.press("Enter");
    await expect(page).toHaveURL(/relq=/);
    await expect(owners.getByLabel(`Aaa Picker ${tag} 00`)).toBeChecked();
    await owners.getByLabel(wanted).check();
    await form.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toBeVisible();
    const saved = await db
      .selectFrom("service_owners as j")
      .innerJoin("owners as o", "o.id", "j.owner_id")
      .select("o.name")
      .where("j.service_id", "=", id)
      .orderBy("o.name")
      .execute();
    expect(saved.map((o) => o.name)).toEqual([`Aaa Picker ${tag} 00`, wanted]);
  });

  test("an unknown service id is a 404", SERVER_CHECK, async ({ page }) => {
    const response = await page.goto(servicePage(999_999));
    expect(response?.status()).toBe(404);
  });
});

test.describe("as user without a grant", () => {
  test("sees no edit controls and a POST answers 403 with nothing changed", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("user");
    const name = unique("Seiten-Service");
    const id = await serviceOfItsOwn(make, { name });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    await expect(page.getByTestId("service-name")).toHaveText(name);
    await expect(page.locator("summary", { hasText: "Bearbeiten" })).toHaveCount(0);
    await expect(page.getByTestId("edit-basics")).toHaveCount(0);
    // One line says why (issue 32 §12): the role may edit, but not this service.
    await expect(page.getByTestId("read-only-note")).toHaveText(
      "Sie können diesen Service nur lesen: Sie haben keine Freigabe für seine Kategorie oder für ihn selbst. Eine Freigabe erteilt Ihre Administration.",
    );

    const before = await row(db, id);
    const response = await page.request.post(servicePage(id), {
      form: { intent: "details", updated_at: before.updated_at, costs: "gehackt" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await row(db, id)).toEqual(before);
  });
});
