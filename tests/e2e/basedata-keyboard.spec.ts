import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, test } from "../support/fixtures";
import { anyDb, hex, ownerWithRepresentatives, representativesOf } from "../support/helpers";

// Keyboard entry on the base-data lists (JS only). In the no-JS project every test checks instead
// that the same page offers the plain "Neu" link and that the shortcut keys change nothing.

async function ownersNamed(db: DB, name: string) {
  return db.selectFrom("owners").select(["id", "name", "updated_at"]).where("name", "=", name).execute();
}

/** Without JS: the plain "Neu" link is there and the shortcut keys neither open an entry row nor navigate. */
async function expectPlainFallback(page: Page, listPath: string) {
  const newLink = page.getByTestId("new-record");
  await expect(newLink).toBeVisible();
  await expect(newLink).toHaveText("Neu");
  expect(new URL(await newLink.getAttribute("href") ?? "", "http://x").pathname).toBe(`${listPath}/new`);
  const before = page.url();
  for (const key of ["n", "Alt+n", "e", "Delete", "/", "?"]) await page.keyboard.press(key);
  await expect(page.getByTestId("entry-row")).toHaveCount(0);
  await expect(page.getByTestId("edit-row")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("shortcut-help")).toBeHidden();
  expect(page.url()).toBe(before);
  // The link itself works: it leads to the full form as a page.
  await newLink.click();
  await expect(page).toHaveURL(new RegExp(`${listPath}/new`));
  await expect(page.getByRole("dialog", { name: "Neuer Service-Owner" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Speichern" })).toBeVisible();
}

test.describe("base data keyboard entry", () => {
  test.beforeEach(async ({ login }) => {
    await login("keyuser");
  });

  test("three owners typed in a row with the keyboard only", async ({ page, db, javaScriptEnabled }) => {
    const s = hex();
    const owners = [
      { name: `Tastatur ${s} Eins`, reps: [`Anna ${s}`, `Bernd ${s}`] },
      { name: `Tastatur ${s} Zwei`, reps: [`Carla ${s}`, `Dirk ${s}`] },
      { name: `Tastatur ${s} Drei`, reps: [`Erika ${s}`, `Fritz ${s}`] },
    ];
    await gotoReady(page, "/basedata/owner", javaScriptEnabled);
    await expect(page.getByRole("heading", { name: "Service-Owner", level: 1 })).toBeVisible();
    if (!javaScriptEnabled) {
      await expectPlainFallback(page, "/basedata/owner");
      expect(await ownersNamed(db, owners[0].name)).toHaveLength(0);
      return;
    }

    await page.keyboard.press("n");
    for (const [i, owner] of owners.entries()) {
      const entry = page.getByTestId("entry-row");
      await expect(entry).toHaveCount(1);
      const first = entry.getByLabel("Name", { exact: true });
      // The fresh row is empty and has the focus in its first field.
      await expect(first).toBeFocused();
      await expect(first).toHaveValue("");
      await page.keyboard.type(owner.name);
      await page.keyboard.press("Tab");
      await expect(entry.getByLabel("Vertreter", { exact: true })).toBeFocused();
      await page.keyboard.type(owner.reps.join("; "));
      await page.keyboard.press("Enter");
      // Saved: it shows up in the list, and the next empty row is ready at once.
      const row = page.getByTestId("record-row").filter({ hasText: owner.name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(owner.reps.join(", "));
      await expect(page.getByTestId("entry-row")).toHaveCount(1);
      await expect(page.getByTestId("entry-row").getByLabel("Name", { exact: true })).toBeFocused();
      await expect(page.getByTestId("entry-row").getByLabel("Name", { exact: true })).toHaveValue("");
      if (i === 0) {
        await expect(page.getByTestId("toast")).toContainText("Service-Owner erfolgreich erstellt");
        await expect(page.getByTestId("toast")).toHaveAttribute("data-kind", "success");
      }
    }

    for (const owner of owners) {
      const rows = await ownersNamed(db, owner.name);
      expect(rows, owner.name).toHaveLength(1);
      expect(await representativesOf(db, rows[0].id)).toEqual(owner.reps);
    }
    // The entry row stays open and empty; nothing else was created from it.
    await expect(page.getByTestId("entry-row").getByLabel("Name", { exact: true })).toBeFocused();
  });

  test("Escape cancels the entry row, nothing is saved, the table takes the focus", async ({ page, db, javaScriptEnabled }) => {
    const name = `Abgebrochen ${hex()}`;
    await gotoReady(page, "/basedata/owner", javaScriptEnabled);
    if (!javaScriptEnabled) {
      await expectPlainFallback(page, "/basedata/owner");
      return;
    }
    await page.keyboard.press("n");
    const entry = page.getByTestId("entry-row");
    await expect(entry.getByLabel("Name", { exact: true })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Escape");
    await expect(entry).toHaveCount(0);
    await expect(page.getByTestId("records")).toBeFocused();
    await expect(page.getByTestId("record-row").filter({ hasText: name })).toHaveCount(0);

    // Alt+N opens it as well; Escape from the second field cancels too.
    await page.keyboard.press("Alt+n");
    await expect(entry.getByLabel("Name", { exact: true })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(entry).toHaveCount(0);
    await expect(page.getByTestId("records")).toBeFocused();
    await page.reload();
    await expect(page.getByTestId("record-row").first()).toBeVisible();
    expect(await ownersNamed(db, name)).toHaveLength(0);
  });

  test("a duplicate name is reported beside the field, which keeps the focus", async ({ page, db, javaScriptEnabled }) => {
    await gotoReady(page, "/basedata/owner", javaScriptEnabled);
    if (!javaScriptEnabled) {
      await expectPlainFallback(page, "/basedata/owner");
      return;
    }
    await page.keyboard.press("n");
    const entry = page.getByTestId("entry-row");
    const nameField = entry.getByLabel("Name", { exact: true });
    await expect(nameField).toBeFocused();
    await page.keyboard.type("anwendungsbetreuung");
    await page.keyboard.press("Tab");
    await page.keyboard.type(`Dublette ${hex()}`);
    await page.keyboard.press("Enter");

    const message = entry.getByText("Ein Service-Owner mit diesem Namen existiert bereits", { exact: true });
    await expect(message).toBeVisible();
    await expect(nameField).toHaveAttribute("aria-invalid", "true");
    await expect(nameField).toHaveAccessibleDescription(/Ein Service-Owner mit diesem Namen existiert bereits/);
    // The focus went back to the field in error and the typed values are kept.
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveValue("anwendungsbetreuung");
    await expect(page.getByTestId("toast")).toHaveCount(0);

    const clash = await db
      .selectFrom("owners")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", "anwendungsbetreuung"))
      .execute();
    expect(clash).toHaveLength(1);

    // Correcting the name saves it and opens the next empty row.
    const fixed = `Anwendungsbetreuung ${hex()}`;
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(fixed);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("record-row").filter({ hasText: fixed })).toHaveCount(1);
    await expect(page.getByTestId("entry-row").getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByTestId("entry-row").getByLabel("Name", { exact: true })).toBeFocused();
    await expect(page.getByTestId("entry-row").getByText("Ein Service-Owner mit diesem Namen existiert bereits")).toHaveCount(0);
    expect(await ownersNamed(db, fixed)).toHaveLength(1);
  });

  for (const entity of [
    { base: "/basedata/owner", table: "owners", nameField: "name", fields: { Name: "name", Vertreter: "" }, created: "Service-Owner erfolgreich erstellt" },
    { base: "/basedata/kpis", table: "kpis", nameField: "name", fields: { Name: "name", Definition: "definition" }, created: "Kpi erstellt" },
    {
      base: "/basedata/provider",
      table: "providers",
      nameField: "name",
      fields: { Name: "name", Ort: "city", "E-Mail-Kontakt": "email_contact" },
      created: "Provider angelegt",
    },
    { base: "/basedata/termdefinitions", table: "term_definitions", nameField: "term", fields: { Begriff: "term", Definition: "definition" }, created: "Begriff angelegt" },
    { base: "/admin/tags", table: "tags", nameField: "name", fields: { Name: "name", Beschreibung: "description" }, created: "Tag angelegt" },
  ] as const) {
    test(`entry row on ${entity.base}: Tab through the inline fields, Enter creates the record`, async ({ page, db, login, javaScriptEnabled }) => {
      if (entity.base.startsWith("/admin")) await login("keysuperuser");
      const s = hex();
      const typed: Record<string, string> = {};
      for (const [label, column] of Object.entries(entity.fields)) {
        typed[label] = column === "email_contact" ? `kontakt-${s}@example.com` : `${label} ${s}`;
      }
      const name = Object.values(typed)[0];
      await gotoReady(page, entity.base, javaScriptEnabled);
      if (!javaScriptEnabled) {
        await expect(page.getByTestId("new-record")).toHaveAttribute("href", `${entity.base}/new`);
        await page.keyboard.press("n");
        await expect(page.getByTestId("entry-row")).toHaveCount(0);
        await expect(page).toHaveURL(new RegExp(`${entity.base}$`));
        return;
      }
      await page.keyboard.press("n");
      const entry = page.getByTestId("entry-row");
      for (const [i, [label, value]] of Object.entries(typed).entries()) {
        if (i > 0) await page.keyboard.press("Tab");
        await expect(entry.getByLabel(label, { exact: true })).toBeFocused();
        await page.keyboard.type(value);
      }
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("toast")).toContainText(entity.created);
      await expect(page.getByTestId("entry-row").getByLabel(Object.keys(typed)[0], { exact: true })).toHaveValue("");
      await expect(page.getByTestId("entry-row").getByLabel(Object.keys(typed)[0], { exact: true })).toBeFocused();
      const stored = await anyDb(db).selectFrom(entity.table).selectAll().where(entity.nameField, "=", name).execute();
      expect(stored).toHaveLength(1);
      for (const [label, column] of Object.entries(entity.fields)) if (column) expect(stored[0][column], label).toBe(typed[label]);
    });
  }

  test("provider entry row: an invalid e-mail moves the focus to that field", async ({ page, db, javaScriptEnabled }) => {
    const name = `Tastenprovider ${hex()}`;
    await gotoReady(page, "/basedata/provider", javaScriptEnabled);
    if (!javaScriptEnabled) {
      await expect(page.getByTestId("new-record")).toHaveAttribute("href", "/basedata/provider/new");
      await page.keyboard.press("n");
      await expect(page.getByTestId("entry-row")).toHaveCount(0);
      return;
    }
    await page.keyboard.press("n");
    const entry = page.getByTestId("entry-row");
    await expect(entry.getByLabel("Name", { exact: true })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await expect(entry.getByLabel("Ort", { exact: true })).toBeFocused();
    await page.keyboard.type("Hamburg");
    await page.keyboard.press("Tab");
    const mail = entry.getByLabel("E-Mail-Kontakt", { exact: true });
    await expect(mail).toBeFocused();
    await page.keyboard.type("nicht-gueltig");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(entry.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
    await expect(mail).toBeFocused();
    expect(await db.selectFrom("providers").select("id").where("name", "=", name).execute()).toHaveLength(0);

    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("info@hamburg.example");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("record-row").filter({ hasText: name })).toContainText("info@hamburg.example");
    await expect(page.getByTestId("toast")).toContainText("Provider angelegt");
    const stored = await db.selectFrom("providers").selectAll().where("name", "=", name).execute();
    expect(stored).toEqual([expect.objectContaining({ city: "Hamburg", email_contact: "info@hamburg.example" })]);
  });

  test("inline edit of a record changed meanwhile overwrites nothing", async ({ page, db, make, javaScriptEnabled }) => {
    const s = hex();
    const name = `Inline ${s}`;
    const id = await make.owner({ name });
    await gotoReady(page, `/basedata/owner?q=${encodeURIComponent(name)}`, javaScriptEnabled);
    await expect(page.getByTestId("record-row")).toHaveCount(1);
    if (!javaScriptEnabled) {
      await expectPlainFallback(page, "/basedata/owner");
      return;
    }
    await page.getByTestId("records").focus();
    await page.keyboard.press("e");
    const nameField = page.getByTestId("edit-row").getByLabel("Name", { exact: true });
    await expect(nameField).toBeFocused();
    const theirs = `Inline ${s} von anderen`;
    await db.updateTable("owners").set({ name: theirs, updated_at: new Date(Date.now() + 5_000).toISOString() }).where("id", "=", id).execute();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(`Inline ${s} von mir`);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "Jemand anderes hat diesen Datensatz gespeichert" })).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    expect((await db.selectFrom("owners").select("name").where("id", "=", id).executeTakeFirst())?.name).toBe(theirs);
  });

  test("arrows select a row, e edits it inline, Enter saves and the change is audited", async ({ page, db, make, javaScriptEnabled }) => {
    const s = hex();
    const alpha = `Pfeil ${s} Alpha`;
    const beta = `Pfeil ${s} Beta`;
    const gamma = `Pfeil ${s} Gamma`;
    const alphaId = await ownerWithRepresentatives(make, db, alpha, ["Rita Alpha"]);
    const betaId = await ownerWithRepresentatives(make, db, beta, ["Rolf Beta"]);
    await gotoReady(page, `/basedata/owner?q=${encodeURIComponent(`Pfeil ${s}`)}`, javaScriptEnabled);
    const rows = page.getByTestId("record-row");
    await expect(rows).toHaveCount(2);
    if (!javaScriptEnabled) {
      await expectPlainFallback(page, "/basedata/owner");
      expect((await ownersNamed(db, beta))[0]?.id).toBe(betaId);
      return;
    }

    await page.getByTestId("records").focus();
    await expect(rows.nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(rows.nth(0)).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("ArrowDown"); // stays on the last row
    await expect(rows.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowUp");
    await expect(rows.nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("records")).toHaveAttribute("aria-activedescendant", `row-${betaId}`);

    await page.keyboard.press("e");
    const edit = page.getByTestId("edit-row");
    await expect(edit).toHaveCount(1);
    const nameField = edit.getByLabel("Name", { exact: true });
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveValue(beta);
    await expect(edit.getByLabel("Vertreter", { exact: true })).toHaveValue("Rolf Beta");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(gamma);
    await page.keyboard.press("Enter");

    await expect(edit).toHaveCount(0);
    await expect(rows.filter({ hasText: gamma })).toHaveCount(1);
    await expect(rows.filter({ hasText: beta })).toHaveCount(0);
    await expect(page.getByTestId("records")).toBeFocused();
    await expect(page.getByTestId("toast")).toContainText("Service-Owner gespeichert");
    expect(await ownersNamed(db, gamma)).toEqual([expect.objectContaining({ id: betaId })]);
    // The other row and the representatives are untouched.
    expect((await ownersNamed(db, alpha))[0]?.id).toBe(alphaId);
    expect(await representativesOf(db, betaId)).toEqual(["Rolf Beta"]);

    // Enter on the table edits the selected row as well; Escape leaves it unchanged.
    await page.keyboard.press("ArrowUp");
    await expect(rows.nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("edit-row").getByLabel("Name", { exact: true })).toHaveValue(alpha);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("edit-row")).toHaveCount(0);
    await expect(page.getByTestId("records")).toBeFocused();

    await page.goto(`/basedata/owner/${betaId}`);
    await expect(page.getByRole("heading", { name: gamma, level: 1 })).toBeVisible();
    const history = page.getByTestId("history");
    await expect(history.getByText("Geändert", { exact: true })).toBeVisible();
    const change = history.getByRole("row").filter({ hasText: "Name" });
    await expect(change).toContainText(beta);
    await expect(change).toContainText(gamma);
  });

  test("Delete opens the confirmation with the focus on confirm; Enter deletes an unused owner", async ({ page, db, make, javaScriptEnabled }) => {
    const s = hex();
    const name = `Entfernen ${s}`;
    const id = await make.owner({ name });
    const keep = await make.owner({ name: `Entfernen ${s} Bleibt` });
    const listUrl = `/basedata/owner?q=${encodeURIComponent(`Entfernen ${s}`)}`;
    await gotoReady(page, listUrl, javaScriptEnabled);
    const rows = page.getByTestId("record-row");
    await expect(rows).toHaveCount(2);
    if (!javaScriptEnabled) {
      await expectPlainFallback(page, "/basedata/owner");
      expect(await ownersNamed(db, name)).toHaveLength(1);
      return;
    }

    await page.getByTestId("records").focus();
    await expect(rows.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(rows.nth(0)).toContainText(name);
    await page.keyboard.press("Delete");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Möchten Sie „${name}“ wirklich löschen?`);
    await expect(page).toHaveURL(new RegExp(`/basedata/owner/${id}/delete\\?q=`));
    await expect(dialog.getByTestId("in-use")).toHaveCount(0);
    await expect(dialog.getByTestId("confirm-delete")).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(dialog).toHaveCount(0);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Service-Owner gelöscht");
    await expect(toast).toHaveAttribute("data-kind", "error");
    await expect(page).toHaveURL(new RegExp(`/basedata/owner\\?q=`));
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(`Entfernen ${s} Bleibt`);
    await expect(page.getByTestId("records")).toBeFocused();
    expect(await ownersNamed(db, name)).toHaveLength(0);
    expect(await db.selectFrom("owners").select("id").where("id", "=", keep).execute()).toHaveLength(1);
  });

  test("Escape closes the delete dialog without deleting and the table gets the focus back", async ({ page, db, make, javaScriptEnabled }) => {
    const s = hex();
    const name = `Behalten ${s}`;
    await make.owner({ name });
    await gotoReady(page, `/basedata/owner?q=${encodeURIComponent(name)}`, javaScriptEnabled);
    if (!javaScriptEnabled) {
      await expectPlainFallback(page, "/basedata/owner");
      return;
    }
    await page.getByTestId("records").focus();
    await page.keyboard.press("Delete");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByTestId("confirm-delete")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("records")).toBeFocused();
    expect(await ownersNamed(db, name)).toHaveLength(1);
  });

  test("/ focuses the search and ? toggles the shortcut help", async ({ page, javaScriptEnabled }) => {
    await gotoReady(page, "/basedata/kpis", javaScriptEnabled);
    const search = page.getByRole("searchbox", { name: "Suche" });
    await expect(search).toBeVisible();
    if (!javaScriptEnabled) {
      await expect(search).toHaveAttribute("aria-keyshortcuts", "/");
      await page.keyboard.press("/");
      await page.keyboard.press("?");
      await expect(page.getByTestId("shortcut-help")).toBeHidden();
      await expect(page.getByTestId("new-record")).toHaveAttribute("href", "/basedata/kpis/new");
      // The list itself opens by click, without JS too.
      await page.getByRole("button", { name: "Tastenkürzel" }).click();
      await expect(page.getByTestId("shortcut-help")).toContainText("Suche fokussieren");
      return;
    }
    await page.keyboard.press("/");
    await expect(search).toBeFocused();
    // The slash itself is not typed into the field.
    await expect(search).toHaveValue("");
    await page.keyboard.type("Verf");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]q=Verf/);
    await expect(page.getByTestId("record-row").first()).toContainText("Verfügbarkeit");

    await page.getByTestId("records").focus();
    await page.keyboard.press("?");
    const help = page.getByTestId("shortcut-help");
    await expect(help).toBeVisible();
    await expect(help).toContainText("Neue Zeile oben öffnen");
    await expect(help).toContainText("Suche fokussieren");
    await page.keyboard.press("?");
    await expect(help).toBeHidden();
  });
});
