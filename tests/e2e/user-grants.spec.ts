import type { APIRequestContext, Browser } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { addSessionCookie, expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { withLock } from "../support/helpers";

// One user's permissions page (issue 13 §2, §3): grants per category and service take effect on
// the grantee's next request; grant all / remove all after a confirmation; the word-export flag;
// the export licence's state (switched in the settings, superadmin only); guards. Runs with JS on and off. Every test makes its own
// catalogue and accounts; "grant all" touches every category of the shared database, so it is
// checked against the categories that existed before, not against fixed numbers.

const pageOf = (userId: number) => `/admin/usermanagement/user/${userId}`;

const categoryGrants = (db: DB, userId: number) => db.selectFrom("user_category_permissions").select("category_id").where("user_id", "=", userId).execute();
const serviceGrants = (db: DB, userId: number) => db.selectFrom("user_service_permissions").select("service_id").where("user_id", "=", userId).execute();
const serviceRow = (db: DB, id: number) => db.selectFrom("services").select(["costs", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
const wordExport = async (db: DB, userId: number) => (await db.selectFrom("users").select("word_export").where("id", "=", userId).executeTakeFirstOrThrow()).word_export;
const licence = async (db: DB) => (await db.selectFrom("settings").select("value").where("key", "=", "export_active").executeTakeFirst())?.value;

/** The grantee's own browser session: its requests are what the grants must allow or refuse. */
async function sessionOf(browser: Browser, db: DB, baseURL: string, userId: number) {
  const context = await browser.newContext({ baseURL, locale: "de-DE" });
  await addSessionCookie(db, context, baseURL, userId);
  return context;
}

/** The grantee saves the service's details: 302 when allowed, 403 (nothing changed) when not. */
async function saveDetails(request: APIRequestContext, db: DB, serviceId: number, costs: string) {
  const { updated_at } = await serviceRow(db, serviceId);
  const response = await request.post(`/servicecatalog/service/${serviceId}`, { form: { intent: "details", updated_at, costs }, maxRedirects: 0 });
  return response.status();
}

test.describe("as superadmin", () => {
  test("granting a category lets the user edit its services; revoking it answers 403", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
    await login("superadmin");
    const user = await make.user("user", { name: "Grant Nutzerin" });
    const { categoryId, serviceIds } = await make.catalogueWithServices(1);
    const [serviceId] = serviceIds;
    const grantee = await sessionOf(browser, db, baseURL!, user.id);
    try {
      expect(await saveDetails(grantee.request, db, serviceId, "vorher")).toBe(403);

      await gotoReady(page, pageOf(user.id), javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Berechtigungen von Grant Nutzerin");
      await expect(page.getByTestId("user-role")).toHaveText("Rolle: Nutzer");
      // The scope line follows the access policy's reach of the role (issue 33 §2).
      await expect(page.getByText("Als Nutzer darf Grant Nutzerin nur die unten freigegebenen Kategorien und Services bearbeiten.")).toBeVisible();
      await expect(page).toHaveTitle("Grant Nutzerin · ServiceHub");
      const toggle = page.getByTestId(`toggle-category-${categoryId}`);
      await expect(toggle).toHaveAttribute("data-on", "false");
      await toggle.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0); // the new catalogue comes last
      await toggle.getByRole("button", { name: /^Freigeben/ }).click();
      await expect(toggle).toHaveAttribute("data-on", "true");
      await expect(toggle.getByRole("button")).toHaveText(/^Entziehen/);
      await expect.poll(() => categoryGrants(db, user.id)).toEqual([{ category_id: categoryId }]);
      // The page does not jump: with JS it stays put, without JS it reloads at the row.
      await expect(toggle).toBeInViewport();
      if (javaScriptEnabled) expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

      // The grant counts on the user's next request, through the service page's own form too.
      expect(await saveDetails(grantee.request, db, serviceId, "erlaubt")).toBe(302);
      expect((await serviceRow(db, serviceId)).costs).toBe("erlaubt");
      const granteePage = await grantee.newPage();
      await granteePage.goto(`/servicecatalog/service/${serviceId}`);
      await expect(granteePage.getByTestId("edit-basics")).toHaveText("Bearbeiten");

      await toggle.getByRole("button", { name: /^Entziehen/ }).click();
      await expect(toggle).toHaveAttribute("data-on", "false");
      await expect.poll(() => categoryGrants(db, user.id)).toEqual([]);
      const before = await serviceRow(db, serviceId);
      expect(await saveDetails(grantee.request, db, serviceId, "verboten")).toBe(403);
      expect(await serviceRow(db, serviceId)).toEqual(before);

      // Each change is in the user's activity log, naming the category.
      const events = await db.selectFrom("activities").select(["event", "new_values", "old_values"]).where("subject_type", "=", "user").where("subject_id", "=", String(user.id)).orderBy("id").execute();
      expect(events.map((e) => e.event)).toEqual(["created", "permission_granted", "permission_revoked"]);
      expect(JSON.parse(events[1].new_values!)).toMatchObject({ category_id: categoryId });
    } finally {
      await grantee.close();
    }
  });

  test("a category opens to its services, each granted on its own", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
    await login("superadmin");
    const user = await make.user("user");
    const { categoryId, serviceIds } = await make.catalogueWithServices(2);
    const [granted, other] = serviceIds;
    await make.service(null, categoryId, { deleted_at: new Date().toISOString(), name: "Weggeworfen" });
    await gotoReady(page, pageOf(user.id), javaScriptEnabled);
    await expect(page.getByTestId("opened-services")).toHaveCount(0);

    const row = page.getByTestId(`category-${categoryId}`);
    await row.getByRole("link", { name: /^Services zeigen/ }).click();
    await expect(page).toHaveURL(new RegExp(`\\?category=${categoryId}`));
    const services = row.getByTestId("opened-services");
    await expect(services.getByRole("listitem")).toHaveCount(2);
    await expect(services.getByText("Weggeworfen")).toHaveCount(0);

    await services.getByTestId(`toggle-service-${granted}`).getByRole("button", { name: /^Freigeben/ }).click();
    await expect(services.getByTestId(`toggle-service-${granted}`)).toHaveAttribute("data-on", "true");
    await expect.poll(() => serviceGrants(db, user.id)).toEqual([{ service_id: granted }]);
    // The category stays open after the save, with or without JS.
    await expect(page).toHaveURL(new RegExp(`\\?category=${categoryId}`));
    await expect(row).toContainText("1 Service einzeln freigegeben");

    const grantee = await sessionOf(browser, db, baseURL!, user.id);
    try {
      expect(await saveDetails(grantee.request, db, granted, "einzeln")).toBe(302);
      expect(await saveDetails(grantee.request, db, other, "nein")).toBe(403);
      await services.getByTestId(`toggle-service-${granted}`).getByRole("button", { name: /^Entziehen/ }).click();
      await expect.poll(() => serviceGrants(db, user.id)).toEqual([]);
      expect(await saveDetails(grantee.request, db, granted, "wieder nein")).toBe(403);
    } finally {
      await grantee.close();
    }

    await row.getByRole("link", { name: /^Services ausblenden/ }).click();
    await expect(page.getByTestId("opened-services")).toHaveCount(0);
  });

  test("grant all and remove all go through a confirmation", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("superadmin");
    const user = await make.user("user", { name: "Alles Nutzer" });
    const { serviceIds } = await make.catalogueWithServices(1);
    await make.grant(user.id, { serviceId: serviceIds[0] });
    const existing = (await db.selectFrom("service_categories as k").innerJoin("service_catalogues as c", "c.id", "k.service_catalogue_id").select("k.id").execute()).map((k) => k.id);

    await gotoReady(page, pageOf(user.id), javaScriptEnabled);
    await page.getByTestId("grant-all").click();
    await expect(page).toHaveURL(new RegExp(`${pageOf(user.id)}/grant-all$`));
    const dialog = page.getByRole("dialog", { name: "Alle Berechtigungen erteilen" });
    await expect(dialog.getByTestId("bulk-question")).toContainText("Alles Nutzer erhält die Berechtigung für alle");
    // Cancel changes nothing.
    await dialog.getByRole("link", { name: "Abbrechen" }).click();
    await expect(page).toHaveURL(new RegExp(`${pageOf(user.id)}$`));
    expect(await categoryGrants(db, user.id)).toEqual([]);

    await page.getByTestId("grant-all").click();
    await page.getByTestId("confirm-bulk").click();
    await expect(page).toHaveURL(new RegExp(`${pageOf(user.id)}$`));
    await expect.poll(async () => (await categoryGrants(db, user.id)).length).toBeGreaterThanOrEqual(existing.length);
    const granted = new Set((await categoryGrants(db, user.id)).map((g) => g.category_id));
    expect(existing.filter((id) => !granted.has(id))).toEqual([]);
    await expect(page.getByTestId("grants-summary")).toContainText(`${granted.size} von`);

    await gotoReady(page, `${pageOf(user.id)}/remove-all`, javaScriptEnabled);
    const removeDialog = page.getByRole("dialog", { name: "Alle Berechtigungen entfernen" });
    await expect(removeDialog.getByTestId("bulk-question")).toContainText(`(Kategorien: ${granted.size}, einzeln freigegebene Services: 1)`);
    await removeDialog.getByTestId("confirm-bulk").click();
    await expect(page).toHaveURL(new RegExp(`${pageOf(user.id)}$`));
    await expect.poll(() => categoryGrants(db, user.id)).toEqual([]);
    expect(await serviceGrants(db, user.id)).toEqual([]);
    await expect(page.getByTestId("grants-summary")).toContainText("0 von");
    const events = await db.selectFrom("activities").select("event").where("subject_type", "=", "user").where("subject_id", "=", String(user.id)).orderBy("id").execute();
    expect(events.map((e) => e.event)).toEqual(["created", "permissions_granted_all", "permissions_revoked_all"]);
  });

  test("the word-export flag is switched per user", async ({ page, db, make, login, javaScriptEnabled }) => {
    await login("superadmin");
    const user = await make.user("keyuser");
    await gotoReady(page, pageOf(user.id), javaScriptEnabled);
    const toggle = page.getByTestId("word-export");
    await expect(toggle).toHaveAttribute("data-on", "false");
    await toggle.getByRole("button", { name: "Word-Export erlauben" }).click();
    await expect(toggle).toHaveAttribute("data-on", "true");
    await expect.poll(() => wordExport(db, user.id)).toBe(1);
    // Saved and reloaded: the button is no longer marked busy (as a user would wait for it).
    await expect(toggle.getByRole("button")).not.toHaveAttribute("aria-disabled", "true");
    await toggle.getByRole("button", { name: "Word-Export entziehen" }).click();
    await expect(toggle).toHaveAttribute("data-on", "false");
    await expect.poll(() => wordExport(db, user.id)).toBe(0);
    // A repeated POST changes nothing and records nothing.
    const response = await page.request.post(pageOf(user.id), { form: { intent: "set-word-export", active: "0" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const events = await db.selectFrom("activities").select("event").where("subject_id", "=", String(user.id)).where("event", "=", "word_export_changed").execute();
    expect(events).toHaveLength(2);
  });

  test("unknown ids, categories and services are 404s (bad ones 400), never 500", SERVER_CHECK, async ({ page, make, login }) => {
    await login("superadmin");
    for (const path of [pageOf(999_999_999), "/admin/usermanagement/user/abc", "/admin/usermanagement/user/-3", `${pageOf(999_999_999)}/grant-all`, `${pageOf(999_999_999)}/remove-all`]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
    expect((await page.request.post(pageOf(999_999_999), { form: { intent: "grant-category", categoryId: "1" }, maxRedirects: 0 })).status()).toBe(404);
    const user = await make.user("user");
    const post = (form: Record<string, string>) => page.request.post(pageOf(user.id), { form, maxRedirects: 0 });
    expect((await post({ intent: "grant-category", categoryId: "999999999" })).status()).toBe(404);
    expect((await post({ intent: "grant-service", serviceId: "999999999" })).status()).toBe(404);
    expect((await post({ intent: "revoke-service", serviceId: "999999999" })).status()).toBe(404);
    expect((await post({ intent: "grant-category", categoryId: "abc" })).status()).toBe(400);
    expect((await post({ intent: "set-word-export", active: "maybe" })).status()).toBe(400);
    expect((await post({ intent: "no-such-intent" })).status()).toBe(400);
    // Without JS the page says why.
    const response = await page.request.post(pageOf(user.id), { form: { intent: "grant-category", categoryId: "999999999" }, maxRedirects: 0 });
    expect(await response.text()).toContain("Diese Kategorie gibt es nicht (mehr).");
  });
});

test("the export licence is the organisation's: switched in the settings only with a confirmation that says it affects everyone; the user page shows its state", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
  test.slow(); // holds the shared licence (the other project's run of this test waits for it)
  await login("superadmin");
  const user = await make.user("user");
  const keysuperuser = await make.user("keysuperuser");
  const panel = page.getByTestId("export-licence-panel");
  const submit = async (confirm: boolean) => {
    if (confirm) await panel.getByTestId("export-licence-confirm").check();
    await panel.getByTestId("export-licence-submit").click();
  };
  await withLock("export-licence", async () => {
    const original = await licence(db);
    try {
      // The permissions page no longer switches it (one click there used to turn it off for everyone).
      await gotoReady(page, pageOf(user.id), javaScriptEnabled);
      await expect(page.getByTestId("export-licence")).toHaveCount(0);
      await page.getByTestId("export-licence-settings").click();
      await expect(page).toHaveURL(/\/settings\/export-licence$/);
      if ((await panel.getByTestId("export-licence-state").getAttribute("data-active")) === "false") {
        await submit(true);
        await expect(panel.getByTestId("export-licence-state")).toHaveAttribute("data-active", "true");
      }
      // Without the confirmation nothing changes, and the reason stands beside the checkbox.
      await expect(panel.getByLabel(/Das schaltet den Word-Export für alle Benutzer aus/)).toBeVisible();
      await submit(false);
      await expect(panel).toContainText("Bitte bestätigen Sie, dass die Änderung für alle Benutzer gilt.");
      expect(await licence(db)).not.toBe("false");
      await submit(true);
      await expect(page.getByTestId("toast")).toContainText("Export-Lizenz deaktiviert");
      await expect(panel.getByTestId("export-licence-state")).toHaveAttribute("data-active", "false");
      await expect.poll(() => licence(db)).toBe("false");
      await gotoReady(page, pageOf(user.id), javaScriptEnabled);
      await expect(page.getByTestId("export-licence-state")).toContainText("Inaktiv");

      const other = await sessionOf(browser, db, baseURL!, keysuperuser.id);
      try {
        // A keysuperuser reads the state, without the switch (the server's page; no browser needed).
        const html = await (await other.request.get("/settings/export-licence")).text();
        expect(html).toContain("Inaktiv: Niemand kann nach Word exportieren.");
        expect(html).toContain("Nur ein Superadmin kann die Export-Lizenz umschalten.");
        expect(html).not.toContain('data-testid="export-licence-submit"');
        const response = await other.request.post("/settings/export-licence", { form: { active: "1", confirm: "on" }, maxRedirects: 0 });
        expect(response.status()).toBe(403);
        expect(await licence(db)).toBe("false");
      } finally {
        await other.close();
      }

      await gotoReady(page, "/settings/export-licence", javaScriptEnabled);
      await submit(true);
      await expect.poll(() => licence(db)).toBe("true");
      const log = await db.selectFrom("activities").select(["event", "causer_id"]).where("subject_type", "=", "setting").where("subject_id", "=", "export_active").orderBy("id", "desc").limit(2).execute();
      expect(log.map((a) => a.event)).toEqual(["updated", "updated"]);
    } finally {
      // Leave the licence as the run had it.
      if (original === undefined) await db.deleteFrom("settings").where("key", "=", "export_active").execute();
      else await db.updateTable("settings").set({ value: original }).where("key", "=", "export_active").execute();
    }
  });
});

test("a keyuser is sent to /unauthorized, and every POST of the page answers 403 and changes nothing", SERVER_CHECK, async ({ page, db, make, login }) => {
  await login("keyuser");
  const user = await make.user("user");
  const { categoryId, serviceIds } = await make.catalogueWithServices(1);
  await make.grant(user.id, { serviceId: serviceIds[0] });
  for (const path of [pageOf(user.id), `${pageOf(user.id)}?category=${categoryId}`, `${pageOf(user.id)}/grant-all`, `${pageOf(user.id)}/remove-all`, pageOf(999_999_999)]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/unauthorized$/);
  }
  const state = async () => ({ categories: await categoryGrants(db, user.id), services: await serviceGrants(db, user.id), wordExport: await wordExport(db, user.id) });
  const posts: [string, Record<string, string>][] = [
    [pageOf(user.id), { intent: "grant-category", categoryId: String(categoryId) }],
    [pageOf(user.id), { intent: "revoke-category", categoryId: String(categoryId) }],
    [pageOf(user.id), { intent: "grant-service", serviceId: String(serviceIds[0]) }],
    [pageOf(user.id), { intent: "revoke-service", serviceId: String(serviceIds[0]) }],
    [pageOf(user.id), { intent: "set-word-export", active: "1" }],
    [`${pageOf(user.id)}/grant-all`, {}],
    [`${pageOf(user.id)}/remove-all`, {}],
  ];
  // The licence's switch (/settings/export-licence) is refused to every role but superadmin in the route matrix.
  const before = await state();
  for (const [url, form] of posts) {
    expect((await page.request.post(url, { form, maxRedirects: 0 })).status(), `${url} ${form.intent ?? ""}`).toBe(403);
  }
  expect(await state()).toEqual(before);
});
