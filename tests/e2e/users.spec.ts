import { expect, gotoReady, loginWithForm, readMail, SERVER_CHECK, test, unique } from "../support/fixtures";

/** User management (issue 13 §1, §3): accounts from the browser, with JS and without. */

const emailOf = (prefix: string) => `${prefix}-${unique().trim()}@example.com`;
const userRow = (page: import("@playwright/test").Page, email: string) => page.getByTestId("user-row").filter({ hasText: email });

test("an admin creates a user, the user signs in, and a role change ends that session at once", async ({ page, db, login, browser, baseURL, javaScriptEnabled }) => {
  await login("superadmin");
  await gotoReady(page, "/admin/usermanagement", javaScriptEnabled);
  await page.getByTestId("new-user").click();
  await expect(page).toHaveURL(/\/admin\/usermanagement\/new$/);
  const email = emailOf("neu");
  const name = unique("Nora Neu");
  await page.getByRole("dialog").getByLabel(/^Name/).fill(name);
  await page.getByRole("dialog").getByLabel(/^E-Mail/).fill(email);
  await page.getByRole("dialog").getByLabel(/^Rolle/).selectOption("user");
  await page.getByRole("dialog").getByRole("radio", { name: "Anfangspasswort festlegen" }).check();
  await page.getByRole("dialog").getByLabel(/^Anfangspasswort( \*)?$/).fill("erstes-passwort-1");
  await page.getByTestId("create-user").click();
  await expect(page).toHaveURL(/\/admin\/usermanagement$/);
  await expect(page.getByTestId("toast")).toContainText(`${name} ist angelegt.`);
  const created = await db.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
  expect(created.role).toBe("user");

  // The new user signs in in a browser of their own.
  const theirs = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled });
  const them = await theirs.newPage();
  await them.goto("/login");
  await loginWithForm(them, email, "erstes-passwort-1");
  await expect(them).toHaveURL(/\/dashboard$/);

  // The admin makes them a keyuser: their session ends, the next request asks them to sign in.
  await page.getByRole("searchbox", { name: "Benutzer suchen" }).fill(email);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await userRow(page, email).getByRole("link", { name: `${name} bearbeiten` }).click();
  await page.getByRole("dialog").getByLabel(/^Rolle/).selectOption("keyuser");
  await page.getByTestId("save-user").click();
  await expect(page.getByTestId("toast")).toContainText("auf allen Geräten abgemeldet");
  await expect(userRow(page, email).locator("[data-role]")).toHaveText("Keynutzer");
  expect(await db.selectFrom("sessions").select("id").where("user_id", "=", created.id).execute()).toEqual([]);
  await them.goto("/dashboard");
  await expect(them).toHaveURL(/\/login/);
  await theirs.close();
});

test("an invitation mail lets the new user choose a password", async ({ page, login, browser, baseURL, javaScriptEnabled }) => {
  await login("keysuperuser");
  await gotoReady(page, "/admin/usermanagement/new", javaScriptEnabled);
  const email = emailOf("eingeladen");
  const name = unique("Ida Eingeladen");
  await page.getByRole("dialog").getByLabel(/^Name/).fill(name);
  await page.getByRole("dialog").getByLabel(/^E-Mail/).fill(email);
  await page.getByRole("dialog").getByLabel(/^Rolle/).selectOption("client");
  await page.getByTestId("create-user").click();
  await expect(page.getByTestId("toast")).toContainText(`die Einladung ging an ${email}`);
  const mail = await readMail(email);
  expect(mail).toContain("Einladung zu ServiceHub");
  const link = /\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)![0];
  const theirs = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled });
  const them = await theirs.newPage();
  await them.goto(link);
  await them.getByLabel(/^Neues Passwort/).fill("mein-eigenes-pw");
  await them.getByLabel(/^Passwort bestätigen/).fill("mein-eigenes-pw");
  await them.getByRole("button", { name: /speichern|festlegen/i }).click();
  await expect(them).toHaveURL(/\/login$/);
  await loginWithForm(them, email, "mein-eigenes-pw");
  await expect(them).toHaveURL(/\/dashboard$/);
  await theirs.close();
});

test("field errors stay beside the field and nothing is created", async ({ page, db, login, make, javaScriptEnabled }) => {
  await login("superadmin");
  const existing = await make.user("user");
  await gotoReady(page, "/admin/usermanagement/new", javaScriptEnabled);
  await page.getByRole("dialog").getByLabel(/^Name/).fill("Doppelt");
  await page.getByRole("dialog").getByLabel(/^E-Mail/).fill(existing.email.toUpperCase());
  await page.getByRole("dialog").getByRole("radio", { name: "Anfangspasswort festlegen" }).check();
  await page.getByRole("dialog").getByLabel(/^Anfangspasswort( \*)?$/).fill("kurz");
  await page.getByTestId("create-user").click();
  await expect(page.getByText("mindestens 8 Zeichen").first()).toBeVisible();
  await page.getByRole("dialog").getByLabel(/^Anfangspasswort( \*)?$/).fill("lang-genug-123");
  await page.getByTestId("create-user").click();
  await expect(page.getByText("Diese E-Mail-Adresse gehört bereits zu einem Benutzer.")).toBeVisible();
  expect(await db.selectFrom("users").select("id").where("name", "=", "Doppelt").execute()).toEqual([]);
});

test("an admin deletes an account; their own account offers no delete and refuses one", async ({ page, db, login, make, javaScriptEnabled }) => {
  const me = await login("superadmin");
  const doomed = await make.user("user", { name: unique("Otto Weg") });
  await gotoReady(page, `/admin/usermanagement?q=${encodeURIComponent(doomed.email)}`, javaScriptEnabled);
  await userRow(page, doomed.email).getByRole("link", { name: `${doomed.name} löschen` }).click();
  await expect(page.getByRole("dialog")).toContainText("gelöschten Benutzer");
  await page.getByTestId("confirm-delete-user").click();
  await expect(page.getByTestId("toast")).toContainText(`${doomed.name} ist gelöscht.`);
  await expect(page).toHaveURL(new RegExp(`/admin/usermanagement\\?q=`));
  expect(await db.selectFrom("users").select("id").where("id", "=", doomed.id).execute()).toEqual([]);
  const trail = await db.selectFrom("activities").select(["event", "description"]).where("subject_type", "=", "user").where("subject_id", "=", String(doomed.id)).orderBy("id", "desc").execute();
  expect(trail[0]).toEqual({ event: "deleted", description: doomed.name });

  await gotoReady(page, `/admin/usermanagement?q=${encodeURIComponent(me.email)}`, javaScriptEnabled);
  await expect(userRow(page, me.email).getByRole("link", { name: /löschen$/ })).toHaveCount(0);
  const refused = await page.request.post(`/admin/usermanagement/${me.id}/delete`, { form: {}, maxRedirects: 0 });
  expect(refused.status()).toBe(400);
  expect(await db.selectFrom("users").select("id").where("id", "=", me.id).execute()).toHaveLength(1);
});

test("an unknown account is a 404", SERVER_CHECK, async ({ page, login }) => {
  await login("superadmin");
  for (const url of ["/admin/usermanagement/999999999/edit", "/admin/usermanagement/abc/delete"]) {
    expect((await page.request.get(url)).status(), url).toBe(404);
  }
});

for (const role of ["keyuser", "admin"] as const) {
  test(`a ${role} is turned away: pages go to /unauthorized, POSTs answer 403 and change nothing`, SERVER_CHECK, async ({ page, db, login, make }) => {
    await login(role);
    const victim = await make.user("user");
    await page.goto("/admin/usermanagement");
    await expect(page).toHaveURL(/\/unauthorized$/);
    const post = (url: string, form: Record<string, string>) => page.request.post(url, { form, maxRedirects: 0 });
    const email = emailOf("verboten");
    expect((await post("/admin/usermanagement/new", { name: "Verboten", email, role: "superadmin", access: "password", password: "long-enough-1" })).status()).toBe(403);
    expect((await post(`/admin/usermanagement/${victim.id}/edit`, { name: "Verboten", email: victim.email, role: "superadmin" })).status()).toBe(403);
    expect((await post(`/admin/usermanagement/${victim.id}/delete`, {})).status()).toBe(403);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(await db.selectFrom("users").select(["name", "role"]).where("id", "=", victim.id).executeTakeFirst()).toEqual({ name: victim.name, role: "user" });
  });
}

test("a keysuperuser is offered no superadmin role and cannot touch a superadmin account (issue 31 §1)", async ({ page, db, login, make, javaScriptEnabled }) => {
  await login("keysuperuser");
  const boss = await make.user("superadmin", { name: unique("Chefin") });
  const colleague = await make.user("keysuperuser", { name: unique("Kollege") });
  // The role picker offers every role up to their own, not superadmin.
  await gotoReady(page, "/admin/usermanagement/new", javaScriptEnabled);
  const offered = await page.getByRole("dialog").getByLabel(/^Rolle/).locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(offered.sort()).toEqual(["admin", "client", "keysuperuser", "keyuser", "user"]);
  // The superadmin's row offers neither edit nor delete, and says why; a colleague's row does.
  await gotoReady(page, `/admin/usermanagement?q=${encodeURIComponent(boss.email)}`, javaScriptEnabled);
  await expect(userRow(page, boss.email).getByTestId("user-not-manageable")).toHaveText("Nur ein Superadmin ändert dieses Konto.");
  await expect(userRow(page, boss.email).getByRole("link", { name: `${boss.name} bearbeiten` })).toHaveCount(0);
  await gotoReady(page, `/admin/usermanagement?q=${encodeURIComponent(colleague.email)}`, javaScriptEnabled);
  await expect(userRow(page, colleague.email).getByRole("link", { name: `${colleague.name} bearbeiten` })).toBeVisible();
  // The dialog by its address goes to /unauthorized; the permissions page is read-only.
  await page.goto(`/admin/usermanagement/${boss.id}/edit`);
  await expect(page).toHaveURL(/\/unauthorized$/);
  await gotoReady(page, `/admin/usermanagement/user/${boss.id}`, javaScriptEnabled);
  await expect(page.getByTestId("account-read-only")).toBeVisible();
  await expect(page.getByTestId("word-export")).toHaveCount(0);
  await expect(page.getByTestId("grant-all")).toHaveCount(0);
  // The takeover path — the superadmin's e-mail, then "forgot password" — answers 403 and changes nothing.
  const post = (url: string, form: Record<string, string>) => page.request.post(url, { form, maxRedirects: 0 });
  expect((await post(`/admin/usermanagement/${boss.id}/edit`, { name: boss.name, email: emailOf("mine"), role: "superadmin" })).status()).toBe(403);
  expect((await post(`/admin/usermanagement/${colleague.id}/edit`, { name: colleague.name, email: colleague.email, role: "superadmin" })).status()).toBe(403);
  expect(await db.selectFrom("users").select(["email", "role"]).where("id", "in", [boss.id, colleague.id]).orderBy("id").execute()).toEqual([
    { email: boss.email, role: "superadmin" },
    { email: colleague.email, role: "keysuperuser" },
  ]);
});
