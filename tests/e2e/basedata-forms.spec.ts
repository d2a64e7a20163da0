import type { Page } from "@playwright/test";
import type { Role } from "~/modules/access/roles";
import type { DB } from "~/server/db/db.server";
import type { Factories } from "../factories";
import { expect, gotoReady, test } from "../support/fixtures";
import { anyDb, hex, ownerWithRepresentatives, representativesOf, withLock } from "../support/helpers";

// The full forms (dialog routes; plain pages without JS), list features, detail page, in-use
// deletion and stale edits of every base-data entity. Runs in both projects.

type Table = "owners" | "kpis" | "providers" | "term_definitions" | "tags";

interface Case {
  key: string;
  base: string;
  role: Role;
  table: Table;
  nameField: "name" | "term";
  nameLabel: string;
  title: string;
  newTitle: string;
  editTitle: string;
  created: string;
  updated: string;
  deleted: string;
  deletedKind: "success" | "error";
  /** Further fields of the full form: label → [column, typed value]. */
  extra: Record<string, [string, string]>;
  /** The field the edit test changes besides the name. */
  editField: [label: string, column: string, value: string];
  /** How services link to it: the join table and its column, and the factory's service-spec key. */
  join?: { table: "service_owners" | "service_kpis" | "service_providers" | "service_tags"; fk: string; relation: "owners" | "kpis" | "providers" | "tags" };
}

const CASES: Case[] = [
  {
    key: "owner",
    base: "/basedata/owner",
    role: "keyuser",
    table: "owners",
    nameField: "name",
    nameLabel: "Name",
    title: "Service-Owner",
    newTitle: "Neuer Service-Owner",
    editTitle: "Service-Owner bearbeiten",
    created: "Service-Owner erfolgreich erstellt",
    updated: "Service-Owner gespeichert",
    deleted: "Service-Owner gelöscht",
    deletedKind: "error",
    extra: {},
    editField: ["Vertreter", "representatives", "Vera Vertreterin"],
    join: { table: "service_owners", fk: "owner_id", relation: "owners" },
  },
  {
    key: "kpis",
    base: "/basedata/kpis",
    role: "admin",
    table: "kpis",
    nameField: "name",
    nameLabel: "Name",
    title: "Service-Level",
    newTitle: "Neues Service-Level",
    editTitle: "Service-Level bearbeiten",
    created: "Kpi erstellt",
    updated: "Kpi gespeichert",
    deleted: "Kpi gelöscht",
    deletedKind: "success",
    extra: {
      Definition: ["definition", "Zeit bis zur Bereitstellung"],
      Berechnung: ["calculation", "Ende minus Start"],
      Messpunkte: ["measuring_points", "Ticketsystem"],
    },
    editField: ["Definition", "definition", "Neue Definition"],
    join: { table: "service_kpis", fk: "kpi_id", relation: "kpis" },
  },
  {
    key: "provider",
    base: "/basedata/provider",
    role: "keyuser",
    table: "providers",
    nameField: "name",
    nameLabel: "Name",
    title: "Service-Provider",
    newTitle: "Neuer Service-Provider",
    editTitle: "Service-Provider bearbeiten",
    created: "Provider angelegt",
    updated: "Provider gespeichert",
    deleted: "Provider gelöscht",
    deletedKind: "success",
    extra: {
      Beschreibung: ["description", "Ein externer Dienstleister"],
      Straße: ["street", "Hauptstraße 1"],
      PLZ: ["zipcode", "12345"],
      Ort: ["city", "Musterstadt"],
      Land: ["country", "Deutschland"],
      Ansprechpartner: ["contact_person", "Paula Partner"],
      "E-Mail-Kontakt": ["email_contact", "kontakt@provider.example"],
      Website: ["website_link", "https://provider.example/"],
      Unternehmensprofil: ["company_profile", "Seit 1999"],
    },
    editField: ["Ort", "city", "Neustadt"],
    join: { table: "service_providers", fk: "provider_id", relation: "providers" },
  },
  {
    key: "termdefinitions",
    base: "/basedata/termdefinitions",
    role: "keyuser",
    table: "term_definitions",
    nameField: "term",
    nameLabel: "Begriff",
    title: "Glossar",
    newTitle: "Neuer Begriff",
    editTitle: "Begriff bearbeiten",
    created: "Begriff angelegt",
    updated: "Begriff gespeichert",
    deleted: "Begriff gelöscht",
    deletedKind: "success",
    extra: {
      Definition: ["definition", "Eine Erklärung"],
      Link: ["link", "https://glossar.example/begriff"],
    },
    editField: ["Definition", "definition", "Eine bessere Erklärung"],
  },
  {
    key: "tags",
    base: "/admin/tags",
    role: "keysuperuser",
    table: "tags",
    nameField: "name",
    nameLabel: "Name",
    title: "Tags",
    newTitle: "Neuer Tag",
    editTitle: "Tag bearbeiten",
    created: "Tag angelegt",
    updated: "Tag gespeichert",
    deleted: "Tag gelöscht",
    deletedKind: "success",
    extra: { Beschreibung: ["description", "Ein Schlagwort"] },
    editField: ["Beschreibung", "description", "Ein anderes Schlagwort"],
    join: { table: "service_tags", fk: "tag_id", relation: "tags" },
  },
];

/** A record of the case's entity, through its factory. */
function insertRecord(make: Factories, c: Case, name: string): Promise<number> {
  const create = { owners: make.owner, kpis: make.kpi, providers: make.provider, term_definitions: make.term, tags: make.tag }[c.table];
  return create({ [c.nameField]: name });
}

async function readRecord(db: DB, c: Case, id: number): Promise<Record<string, unknown> | undefined> {
  return anyDb(db).selectFrom(c.table).selectAll().where("id", "=", id).executeTakeFirst();
}

async function findByName(db: DB, c: Case, name: string): Promise<Record<string, unknown>[]> {
  return anyDb(db).selectFrom(c.table).selectAll().where(c.nameField, "=", name).execute();
}

async function expectToast(page: Page, text: string, kind: "success" | "error") {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(text);
  await expect(toast).toHaveAttribute("data-kind", kind);
}

/** A form field by its accessible name (the visible label; the required asterisk is aria-hidden). */
const field = (scope: Page | ReturnType<Page["getByRole"]>, label: string) => scope.getByRole("textbox", { name: label, exact: true });
const names = async (page: Page) => (await page.getByTestId("record-row").locator("td:first-child").allInnerTexts()).map((t) => t.trim());

for (const c of CASES) {
  test.describe(`${c.title} (${c.base})`, () => {
    test.beforeEach(async ({ login }) => {
      await login(c.role, { name: "Frieda Formular" });
    });

    test("create with the full form, edit via Bearbeiten, delete via Löschen", async ({ page, db, javaScriptEnabled }) => {
      const s = hex();
      const name = `Formular ${s}`;
      const renamed = `Formular ${s} neu`;
      const listUrl = `${c.base}?q=${s}`;
      await gotoReady(page, listUrl, javaScriptEnabled);
      await expect(page.getByRole("heading", { name: c.title, level: 1 })).toBeVisible();
      await expect(page.getByTestId("record-row")).toHaveCount(0);
      await expect(page.getByText("Keine Treffer für diese Suche.")).toBeVisible();

      // Create.
      await page.getByTestId("new-record").click();
      await expect(page).toHaveURL(new RegExp(`${c.base}/new\\?q=${s}$`));
      let dialog = page.getByRole("dialog", { name: c.newTitle });
      await expect(dialog).toBeVisible();
      await field(dialog, c.nameLabel).fill(name);
      for (const [label, [, value]] of Object.entries(c.extra)) await field(dialog, label).fill(value);
      if (c.key === "owner") await field(dialog, "Vertreter").fill("Anna Anfang\nBerta Beispiel\n anna anfang ");
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await expectToast(page, c.created, "success");
      await expect(page).toHaveURL(new RegExp(`${c.base}\\?q=${s}$`));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const row = page.getByTestId("record-row").filter({ hasText: name });
      await expect(row).toHaveCount(1);

      const created = await findByName(db, c, name);
      expect(created).toHaveLength(1);
      const id = Number(created[0].id);
      for (const [label, [column, value]] of Object.entries(c.extra)) expect(created[0][column], label).toBe(value);
      if (c.key === "owner") {
        expect(await representativesOf(db, id)).toEqual(["Anna Anfang", "Berta Beispiel"]);
        await expect(row).toContainText("Anna Anfang, Berta Beispiel");
      }

      // Edit: the form shows the stored values.
      await row.getByRole("link", { name: "Bearbeiten" }).click();
      await expect(page).toHaveURL(new RegExp(`${c.base}/${id}/edit\\?q=${s}$`));
      dialog = page.getByRole("dialog", { name: c.editTitle });
      await expect(dialog).toBeVisible();
      await expect(field(dialog, c.nameLabel)).toHaveValue(name);
      for (const [label, [, value]] of Object.entries(c.extra)) await expect(field(dialog, label)).toHaveValue(value);
      await field(dialog, c.nameLabel).fill(renamed);
      const [editLabel, editColumn, editValue] = c.editField;
      await field(dialog, editLabel).fill(editValue);
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await expectToast(page, c.updated, "success");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const renamedRow = page.getByTestId("record-row").filter({ hasText: renamed });
      await expect(renamedRow).toHaveCount(1);
      await expect(page.getByTestId("record-row")).toHaveCount(1);
      const edited = await readRecord(db, c, id);
      expect(edited?.[c.nameField]).toBe(renamed);
      if (editColumn === "representatives") expect(await representativesOf(db, id)).toEqual([editValue]);
      else expect(edited?.[editColumn]).toBe(editValue);

      // Delete with confirmation.
      await renamedRow.getByRole("link", { name: "Löschen" }).click();
      await expect(page).toHaveURL(new RegExp(`${c.base}/${id}/delete\\?q=${s}$`));
      dialog = page.getByRole("dialog", { name: `„${renamed}“ löschen` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Möchten Sie „${renamed}“ wirklich löschen?`);
      await expect(dialog.getByTestId("in-use")).toHaveCount(0);
      await dialog.getByTestId("confirm-delete").click();
      await expectToast(page, c.deleted, c.deletedKind);
      await expect(page).toHaveURL(new RegExp(`${c.base}\\?q=${s}$`));
      await expect(page.getByTestId("record-row")).toHaveCount(0);
      expect(await readRecord(db, c, id)).toBeUndefined();
      if (c.key === "owner") expect(await representativesOf(db, id)).toEqual([]);
    });

    test("cancel leaves the record as it was", async ({ page, db, make, javaScriptEnabled }) => {
      const s = hex();
      const name = `Abbruch ${s}`;
      const id = await insertRecord(make, c, name);
      await gotoReady(page, `${c.base}?q=${s}`, javaScriptEnabled);
      const row = page.getByTestId("record-row").filter({ hasText: name });
      await row.getByRole("link", { name: "Bearbeiten" }).click();
      const dialog = page.getByRole("dialog", { name: c.editTitle });
      await field(dialog, c.nameLabel).fill(`${name} verworfen`);
      await dialog.getByRole("link", { name: "Abbrechen" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${c.base}\\?q=${s}$`));
      await row.getByRole("link", { name: "Löschen" }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Abbrechen" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect((await readRecord(db, c, id))?.[c.nameField]).toBe(name);
    });

    test("stale edit: a change saved meanwhile is not overwritten", async ({ page, db, make, javaScriptEnabled }) => {
      const s = hex();
      const name = `Veraltet ${s}`;
      const id = await insertRecord(make, c, name);
      await gotoReady(page, `${c.base}/${id}/edit`, javaScriptEnabled);
      const dialog = page.getByRole("dialog", { name: c.editTitle });
      await expect(field(dialog, c.nameLabel)).toHaveValue(name);
      // Someone else saves meanwhile.
      const theirs = `Veraltet ${s} von anderen`;
      await anyDb(db)
        .updateTable(c.table)
        .set({ [c.nameField]: theirs, updated_at: new Date(Date.now() + 5_000).toISOString() })
        .where("id", "=", id)
        .execute();
      await field(dialog, c.nameLabel).fill(`Veraltet ${s} von mir`);
      await dialog.getByRole("button", { name: "Speichern" }).click();
      const notice = page.getByTestId("stale-notice");
      await expect(notice).toBeVisible();
      await expect(notice).toContainText("Inzwischen geändert");
      await expect(notice).toContainText(theirs);
      await expect(page.getByTestId("toast")).toHaveCount(0);
      expect((await readRecord(db, c, id))?.[c.nameField]).toBe(theirs);

      // "Aktuellen Stand laden" shows their version; saving on top of it works.
      await notice.getByRole("link", { name: "Aktuellen Stand laden" }).click();
      await expect(page.getByTestId("stale-notice")).toHaveCount(0);
      const reloaded = page.getByRole("dialog", { name: c.editTitle });
      await expect(field(reloaded, c.nameLabel)).toHaveValue(theirs);
      await field(reloaded, c.nameLabel).fill(`Veraltet ${s} zusammengeführt`);
      await reloaded.getByRole("button", { name: "Speichern" }).click();
      await expectToast(page, c.updated, "success");
      expect((await readRecord(db, c, id))?.[c.nameField]).toBe(`Veraltet ${s} zusammengeführt`);
    });

    if (c.join) {
      const join = c.join;
      test("in use: detail lists the services; delete needs the tick and removes the links", async ({ page, db, make, javaScriptEnabled }) => {
        const s = hex();
        const name = `Verwendet ${s}`;
        const id = await insertRecord(make, c, name);
        const serviceA = `Service ${s} A`;
        const serviceB = `Service ${s} B`;
        const binned = `Service ${s} im Papierkorb`;
        const catalogue = await make.catalogue();
        const services = [
          await make.service(catalogue, null, { name: serviceB, [join.relation]: [id] }),
          await make.service(catalogue, null, { name: serviceA, [join.relation]: [id] }),
          await make.service(catalogue, null, { name: binned, deleted_at: new Date().toISOString(), [join.relation]: [id] }),
        ];
        const links = () => anyDb(db).selectFrom(join.table).select("service_id").where(join.fk, "=", id).execute();

        // The list's usage column counts the services (not the one in the bin).
        await gotoReady(page, `${c.base}?q=${s}`, javaScriptEnabled);
        const row = page.getByTestId("record-row").filter({ hasText: name });
        await expect(row.getByTestId("usage")).toHaveText("2");

        // The detail page lists them.
        await row.getByRole("link", { name }).click();
        await expect(page).toHaveURL(new RegExp(`${c.base}/${id}$`));
        await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Verwendet von 2 Services" })).toBeVisible();
        const usedBy = page.getByTestId("used-by");
        await expect(usedBy.getByRole("listitem")).toHaveText([serviceA, serviceB]);
        await expect(usedBy).not.toContainText(binned);

        // Delete without the tick is refused.
        await page.goto(`${c.base}/${id}/delete?q=${s}`);
        const dialog = page.getByRole("dialog");
        const inUse = dialog.getByTestId("in-use");
        await expect(inUse).toContainText("Wird von 2 Services verwendet");
        await expect(inUse.getByRole("listitem")).toHaveText([serviceA, serviceB]);
        const tick = dialog.getByLabel("Ja, löschen und die Verknüpfungen mit 2 Services entfernen");
        await expect(tick).not.toBeChecked();
        await dialog.getByTestId("confirm-delete").click();
        await expect(dialog.getByTestId("form-error")).toHaveText(
          "Bitte bestätigen Sie, dass die Verknüpfungen mit den Services entfernt werden sollen.",
        );
        await expect(page.getByTestId("toast")).toHaveCount(0);
        expect(await readRecord(db, c, id)).toBeDefined();
        expect(await links()).toHaveLength(3);

        // With the tick it goes, and so do its links.
        await dialog.getByLabel("Ja, löschen und die Verknüpfungen mit 2 Services entfernen").check();
        await dialog.getByTestId("confirm-delete").click();
        await expectToast(page, c.deleted, c.deletedKind);
        await expect(page.getByTestId("record-row").filter({ hasText: name })).toHaveCount(0);
        expect(await readRecord(db, c, id)).toBeUndefined();
        expect(await links()).toHaveLength(0);
        // The services themselves stay.
        expect(await db.selectFrom("services").select("id").where("id", "in", services).execute()).toHaveLength(3);
      });
    }
  });
}

test.describe("validation and duplicates", () => {
  test("provider: invalid e-mail and website are reported beside their fields", async ({ page, db, login, javaScriptEnabled }) => {
    await login("keyuser");
    const name = `Prüfung ${hex()}`;
    const dialog = page.getByRole("dialog", { name: "Neuer Service-Provider" });
    const submit = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) await field(dialog, label).fill(value);
      await dialog.getByRole("button", { name: "Speichern" }).click();
    };
    const none = async () => expect(await db.selectFrom("providers").select("id").where("name", "=", name).execute()).toHaveLength(0);
    await gotoReady(page, "/basedata/provider/new", javaScriptEnabled);
    await submit({ Name: name, "E-Mail-Kontakt": "keine-adresse", Website: "www.provider.example" });
    await expect(field(dialog, "E-Mail-Kontakt")).toHaveAccessibleDescription("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    await expect(field(dialog, "Website")).toHaveAccessibleDescription(
      "Bitte geben Sie eine gültige Adresse ein, die mit http:// oder https:// beginnt.",
    );
    await expect(field(dialog, "E-Mail-Kontakt")).toHaveAttribute("aria-invalid", "true");
    await expect(field(dialog, "Name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await none();

    // Only http(s) addresses count as websites.
    await submit({ Name: name, "E-Mail-Kontakt": "info@provider.example", Website: "ftp://provider.example" });
    await expect(dialog.getByText("Bitte geben Sie eine gültige Adresse ein, die mit http:// oder https:// beginnt.")).toBeVisible();
    await expect(dialog.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toHaveCount(0);
    await none();

    // An empty name is refused as well.
    await submit({ Name: "   ", "E-Mail-Kontakt": "info@provider.example", Website: "https://provider.example" });
    await expect(field(dialog, "Name")).toHaveAccessibleDescription("Bitte füllen Sie dieses Feld aus.");
    await none();

    await submit({ Name: name, "E-Mail-Kontakt": "info@provider.example", Website: "https://provider.example" });
    await expectToast(page, "Provider angelegt", "success");
    const stored = await db.selectFrom("providers").selectAll().where("name", "=", name).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].email_contact).toBe("info@provider.example");
    expect(stored[0].website_link).toBe("https://provider.example");
  });

  test("a refused form keeps what was typed (new and edit, with and without JS)", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("keyuser");
    const s = hex();
    const typed = { Name: `Behalten ${s}`, Ort: "Bremen", Ansprechpartner: "Karl Kontakt", "E-Mail-Kontakt": "kaputt" };
    await gotoReady(page, "/basedata/provider/new", javaScriptEnabled);
    let dialog = page.getByRole("dialog", { name: "Neuer Service-Provider" });
    for (const [label, value] of Object.entries(typed)) await field(dialog, label).fill(value);
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
    for (const [label, value] of Object.entries(typed)) await expect(field(dialog, label), label).toHaveValue(value);

    const id = await make.provider({ name: `Gespeichert ${s}`, city: "Kiel" });
    await gotoReady(page, `/basedata/provider/${id}/edit`, javaScriptEnabled);
    dialog = page.getByRole("dialog", { name: "Service-Provider bearbeiten" });
    await field(dialog, "Ort").fill("Lübeck");
    await field(dialog, "Website").fill("kein-link");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Bitte geben Sie eine gültige Adresse ein, die mit http:// oder https:// beginnt.")).toBeVisible();
    await expect(field(dialog, "Ort")).toHaveValue("Lübeck");
    await expect(field(dialog, "Website")).toHaveValue("kein-link");
    expect((await db.selectFrom("providers").select("city").where("id", "=", id).executeTakeFirst())?.city).toBe("Kiel");
  });

  test("KPI: a name that exists in another case is refused, on create and on rename", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("keyuser");
    const s = hex();
    const existing = `Doppelt ${s} KPI`;
    await make.kpi({ name: existing });
    const otherId = await make.kpi({ name: `Anders ${s}` });

    await gotoReady(page, `/basedata/kpis/new?q=${s}`, javaScriptEnabled);
    let dialog = page.getByRole("dialog", { name: "Neues Service-Level" });
    await field(dialog, "Name").fill(existing.toUpperCase());
    await field(dialog, "Definition").fill("Doppelt");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(field(dialog, "Name")).toHaveAccessibleDescription("Kpi mit diesem Namen existiert bereits.");
    await expect(page.getByTestId("toast")).toHaveCount(0);
    const clash = await db
      .selectFrom("kpis")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", existing.toLowerCase()))
      .execute();
    expect(clash).toHaveLength(1);

    await gotoReady(page, `/basedata/kpis/${otherId}/edit?q=${s}`, javaScriptEnabled);
    dialog = page.getByRole("dialog", { name: "Service-Level bearbeiten" });
    await field(dialog, "Name").fill(` ${existing.toLowerCase()} `);
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Kpi mit diesem Namen existiert bereits.", { exact: true })).toBeVisible();
    expect((await db.selectFrom("kpis").select("name").where("id", "=", Number(otherId)).executeTakeFirst())?.name).toBe(`Anders ${s}`);
  });
});

test.describe("list features", () => {
  test("search narrows the list, case-insensitively", async ({ page, make, login, javaScriptEnabled }) => {
    await login("keyuser");
    const s = hex();
    const owners = CASES[0];
    await insertRecord(make, owners, `Suchtreffer ${s} Apfel`);
    await insertRecord(make, owners, `Suchtreffer ${s} Birne`);
    await insertRecord(make, owners, `Daneben ${s}`);
    await gotoReady(page, `/basedata/owner?q=${s}`, javaScriptEnabled);
    await expect(page.getByTestId("record-row")).toHaveCount(3);
    const search = page.getByRole("searchbox", { name: "Suche" });
    await search.fill(`SUCHTREFFER ${s}`);
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/[?&]q=SUCHTREFFER/);
    await expect(page.getByTestId("record-row")).toHaveCount(2);
    expect(await names(page)).toEqual([`Suchtreffer ${s} Apfel`, `Suchtreffer ${s} Birne`]);
    await expect(search).toHaveValue(`SUCHTREFFER ${s}`);
    await expect(page.getByText("2 Einträge")).toBeVisible();

    await search.fill("");
    await search.press("Enter");
    // An empty search lists everything again (the seed's owners too).
    await expect(page).toHaveURL(/[?&]q=(&|$)/);
    await expect(page.getByTestId("record-row").filter({ hasText: "Anwendungsbetreuung" }).first()).toBeVisible();
    expect(await page.getByTestId("record-row").count()).toBeGreaterThan(3);

    await search.fill(`nichts-${s}`);
    await search.press("Enter");
    await expect(page.getByTestId("record-row")).toHaveCount(0);
    await expect(page.getByText("Keine Treffer für diese Suche.")).toBeVisible();

    // Wildcards are searched literally.
    await search.fill("%");
    await search.press("Enter");
    await expect(page).toHaveURL(/[?&]q=%25/);
    await expect(page.getByTestId("record-row").filter({ hasText: "Anwendungsbetreuung" })).toHaveCount(0);
  });

  test("sorting by name desc reverses the order; the header says so", async ({ page, make, login, javaScriptEnabled }) => {
    await login("keyuser");
    const s = hex();
    const kpis = CASES[1];
    for (const n of ["b", "C", "a"]) await insertRecord(make, kpis, `Sortierung ${s} ${n}`);
    await gotoReady(page, `/basedata/kpis?q=${s}`, javaScriptEnabled);
    const header = page.locator("th").filter({ has: page.getByTestId("sort-name") });
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByTestId("record-row")).toHaveCount(3);
    const ascending = [`Sortierung ${s} a`, `Sortierung ${s} b`, `Sortierung ${s} C`];
    expect(await names(page)).toEqual(ascending);

    await page.getByTestId("sort-name").click();
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByTestId("record-row").first()).toContainText(`Sortierung ${s} C`);
    expect(await names(page)).toEqual([...ascending].reverse());
    // The search survived the sort.
    await expect(page).toHaveURL(new RegExp(`[?&]q=${s}`));

    await page.getByTestId("sort-name").click();
    await expect(page).toHaveURL(/[?&]dir=asc/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByTestId("record-row").first()).toContainText(`Sortierung ${s} a`);
    expect(await names(page)).toEqual(ascending);

    // Another column: the name header loses its aria-sort.
    await page.getByTestId("sort-definition").click();
    await expect(page.locator("th").filter({ has: page.getByTestId("sort-definition") })).toHaveAttribute("aria-sort", "ascending");
    await expect(header).not.toHaveAttribute("aria-sort", /.+/);
  });

  test("pagination: 60 matching tags give 50 on page 1 and 10 on page 2", async ({ page, make, login, javaScriptEnabled }) => {
    await login("superadmin");
    const prefix = `Seite${hex()}`;
    for (let i = 1; i <= 60; i++) await make.tag({ name: `${prefix} ${String(i).padStart(3, "0")}` });
    await gotoReady(page, `/admin/tags`, javaScriptEnabled);
    const search = page.getByRole("searchbox", { name: "Suche" });
    await search.fill(prefix);
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
    const rows = page.getByTestId("record-row");
    await expect(rows).toHaveCount(50);
    await expect(page.getByText("60 Einträge")).toBeVisible();
    await expect(rows.first()).toContainText(`${prefix} 001`);
    await expect(rows.last()).toContainText(`${prefix} 050`);
    const pager = page.getByRole("navigation", { name: "Seiten" });
    await expect(pager.getByRole("link", { name: "Seite 1" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "Seite 3" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Seite 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText(`${prefix} 051`);
    await expect(rows.last()).toContainText(`${prefix} 060`);
    await expect(pager.getByRole("link", { name: "Seite 2" })).toHaveAttribute("aria-current", "page");

    await pager.getByRole("link", { name: "Zurück" }).click();
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText(`${prefix} 001`);
    await pager.getByRole("link", { name: "Weiter" }).click();
    await expect(rows).toHaveCount(10);

    // Sorting starts again on page 1.
    await page.getByTestId("sort-name").click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText(`${prefix} 060`);
  });
});

test("detail page: fields, services using the record and the change history after an edit", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("keyuser", { name: "Heike Historie" });
  const s = hex();
  const name = `Detail ${s}`;
  const renamed = `Detail ${s} umbenannt`;
  const id = await ownerWithRepresentatives(make, db, name, ["Rolf Rep"]);
  const service = `Service ${s} Detail`;
  const serviceId = await make.service(await make.catalogue(), null, { name: service, owners: [id] });

  await gotoReady(page, `/basedata/owner/${id}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Rolf Rep" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verwendet von 1 Service" })).toBeVisible();
  await expect(page.getByTestId("used-by").getByRole("link", { name: service })).toHaveAttribute("href", `/servicecatalog/service/${serviceId}`);
  await expect(page.getByRole("heading", { name: "Änderungsverlauf" })).toBeVisible();
  await expect(page.getByText("Noch keine Änderungen aufgezeichnet.")).toBeVisible();

  await page.getByRole("link", { name: "Bearbeiten" }).click();
  const dialog = page.getByRole("dialog", { name: "Service-Owner bearbeiten" });
  await expect(field(dialog, "Name")).toHaveValue(name);
  await field(dialog, "Name").fill(renamed);
  await field(dialog, "Vertreter").fill("Rolf Rep\nNina Neu");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectToast(page, "Service-Owner gespeichert", "success");

  await gotoReady(page, `/basedata/owner/${id}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  const history = page.getByTestId("history");
  await expect(history.getByText("Geändert", { exact: true })).toBeVisible();
  await expect(history).toContainText("Heike Historie");
  const nameChange = history.getByRole("row").filter({ has: page.getByRole("cell", { name: "Name", exact: true }) });
  await expect(nameChange.getByRole("cell")).toHaveText(["Name", name, renamed]);
  const repChange = history.getByRole("row").filter({ has: page.getByRole("cell", { name: "Vertreter", exact: true }) });
  await expect(repChange.getByRole("cell")).toHaveText(["Vertreter", "Rolf Rep", "Rolf Rep, Nina Neu"]);

  // The glossary is not linked to services: no usage section there.
  const termId = await insertRecord(make, CASES[3], `Begriff ${s}`);
  await gotoReady(page, `/basedata/termdefinitions/${termId}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: `Begriff ${s}`, level: 1 })).toBeVisible();
  await expect(page.getByText(/Verwendet von/)).toHaveCount(0);
});

test("customer data: save round-trip and stale notice", async ({ page, db, login, javaScriptEnabled }) => {
  await login("keyuser");
  const s = hex();
  const values: Record<string, [string, string]> = {
    Firma: ["company", `Firma ${s} GmbH`],
    Firmenzusatz: ["companyadditional", `Abteilung ${s}`],
    Straße: ["street", "Am Markt 5"],
    PLZ: ["zipcode", "54321"],
    Ort: ["city", `Ort ${s}`],
    Land: ["country", "Österreich"],
  };
  await withLock("customer-data", async () => {
    await gotoReady(page, "/basedata/customerdata", javaScriptEnabled);
    await expect(page.getByRole("heading", { name: "Kundendaten", level: 1 })).toBeVisible();
    for (const [label, [, value]] of Object.entries(values)) await field(page, label).fill(value);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expectToast(page, "Kundendaten gespeichert", "success");
    for (const [label, [, value]] of Object.entries(values)) await expect(field(page, label)).toHaveValue(value);
    const row = await db.selectFrom("customer_data").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    for (const [label, [column, value]] of Object.entries(values)) expect(row[column as keyof typeof row], label).toBe(value);

    await gotoReady(page, "/basedata/customerdata", javaScriptEnabled);
    for (const [label, [, value]] of Object.entries(values)) await expect(field(page, label)).toHaveValue(value);

    // Emptying a field stores nothing for it.
    await field(page, "Firmenzusatz").fill("");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expectToast(page, "Kundendaten gespeichert", "success");
    await expect(field(page, "Firmenzusatz")).toHaveValue("");
    const cleared = await db.selectFrom("customer_data").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    expect(cleared.companyadditional).toBeNull();
    expect(cleared.company).toBe(values.Firma[1]);

    // Someone else saves meanwhile: nothing is overwritten.
    await gotoReady(page, "/basedata/customerdata", javaScriptEnabled);
    await db
      .updateTable("customer_data")
      .set({ city: `Anderswo ${s}`, updated_at: new Date(Date.now() + 5_000).toISOString() })
      .where("id", "=", 1)
      .execute();
    await field(page, "Ort").fill(`Hier ${s}`);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByTestId("stale-notice")).toContainText(`Anderswo ${s}`);
    const after = await db.selectFrom("customer_data").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    expect(after.city).toBe(`Anderswo ${s}`);
  });
});
