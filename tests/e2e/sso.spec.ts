import { addSessionCookie, expect, gotoReady, loginWithForm, SERVER_CHECK, test, unique } from "../support/fixtures";
import { azureEnv, startIdentityProvider, type IdentityProvider } from "../support/identity-provider";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";

/**
 * Single sign-on with Entra ID (issue 14), against a real OpenID Connect server on loopback and a
 * ServiceHub of its own started in Azure mode (the shared instance stays in local mode).
 */
let idp: IdentityProvider;
let app: SecondInstance;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  idp = await startIdentityProvider();
  app = await startSecondInstance("sso", (baseURL) => azureEnv(idp, baseURL));
});
test.afterAll(async () => {
  await app?.stop();
  await idp?.stop();
});

const person = (roles: string[]) => {
  const id = unique("p").replace(" ", "");
  return { oid: `oid-${id}`, email: `${id}@contoso.example`, name: `Erika ${id}`, roles };
};

async function signInWithMicrosoft(page: import("@playwright/test").Page) {
  await page.goto(`${app.baseURL}/login`);
  await page.getByTestId("sso-login").click();
  await expect(page).toHaveURL(`${app.baseURL}/dashboard`);
}

test("the first sign-in creates the account with the mapped role; a role change at the identity provider applies at the next", async ({ page }) => {
  const erika = person(["ServiceHub.KeyUser"]);
  idp.signInAs(erika);
  await signInWithMicrosoft(page);
  const user = await app.db.selectFrom("users").select(["id", "role", "azure_user", "name"]).where("email", "=", erika.email).executeTakeFirstOrThrow();
  expect(user).toMatchObject({ role: "keyuser", azure_user: 1, name: erika.name });
  const link = await app.db.selectFrom("authenticated_users").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
  expect(link.azure_id).toBe(erika.oid);
  expect(JSON.parse(link.azure_roles!)).toEqual([{ roleValue: "ServiceHub.KeyUser" }]);
  expect(link.last_login).toBeTruthy();

  // Logout passes through the identity provider's front-channel logout and ends on /login.
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(`${app.baseURL}/login`);
  expect(await app.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);

  // The tenant makes her an admin: the next sign-in carries it, and the log says so.
  idp.signInAs({ ...erika, roles: ["ServiceHub.Admin"] });
  await signInWithMicrosoft(page);
  expect((await app.db.selectFrom("users").select("role").where("id", "=", user.id).executeTakeFirstOrThrow()).role).toBe("keysuperuser");
  const change = await app.db.selectFrom("activities").select(["old_values", "new_values"]).where("subject_type", "=", "user").where("subject_id", "=", String(user.id)).where("event", "=", "role_from_idp").executeTakeFirstOrThrow();
  expect([JSON.parse(change.old_values!), JSON.parse(change.new_values!)]).toEqual([{ role: "keyuser" }, { role: "keysuperuser" }]);
  // No app role at all: reading only.
  await page.context().clearCookies();
  idp.signInAs({ ...erika, roles: [] });
  await signInWithMicrosoft(page);
  expect((await app.db.selectFrom("users").select("role").where("id", "=", user.id).executeTakeFirstOrThrow()).role).toBe("client");
});

test("an existing local account with the same e-mail is linked after its password is typed once, not duplicated", async ({ page }) => {
  const local = await app.make.user("user");
  idp.signInAs({ oid: `oid-${unique().trim()}`, email: local.email.toUpperCase(), name: local.name, roles: ["ServiceHub.User"] });
  await page.goto(`${app.baseURL}/login`);
  await page.getByTestId("sso-login").click();
  // Linking by the e-mail claim alone would let a tenant's admin take any account (decision 0047).
  await expect(page).toHaveURL(`${app.baseURL}/auth/azure/link`);
  await page.getByLabel(/^Passwort/).first().fill(local.password);
  await page.getByTestId("sso-link-submit").click();
  await expect(page).toHaveURL(`${app.baseURL}/dashboard`);
  const rows = await app.db.selectFrom("users").select(["id", "azure_user"]).where("email", "=", local.email).execute();
  expect(rows).toEqual([{ id: local.id, azure_user: 1 }]);
  expect(await app.db.selectFrom("authenticated_users").select("user_id").where("user_id", "=", local.id).execute()).toHaveLength(1);
});

test("a forged or replayed callback is refused with a way back to the sign-in", SERVER_CHECK, async ({ page, browser }) => {
  await page.goto(`${app.baseURL}/auth/azure/callback?code=forged&state=forged`);
  await expect(page.getByTestId("sso-error")).toContainText("abgelaufen oder wurde schon verwendet");
  await expect(page.getByRole("link", { name: "Zurück zur Anmeldung" })).toHaveAttribute("href", "/login");

  // A real callback, captured on its way back, opens nothing a second time.
  const erika = person(["ServiceHub.User"]);
  idp.signInAs(erika);
  let callback = "";
  page.on("request", (request) => {
    if (request.url().includes("/auth/azure/callback?")) callback = request.url();
  });
  await signInWithMicrosoft(page);
  expect(callback).toContain("state=");
  const replay = await browser.newContext();
  const other = await replay.newPage();
  const answer = await other.goto(callback);
  expect(answer?.status()).toBe(400);
  await expect(other.getByTestId("sso-error")).toBeVisible();
  expect((await replay.cookies()).filter((c) => c.name === "sh_session")).toEqual([]);
  await replay.close();
});

test("in Azure mode change password is hidden and its route refuses, also for local accounts", async ({ page, context, javaScriptEnabled }) => {
  const local = await app.make.user("keyuser");
  await addSessionCookie(app.db, context, app.baseURL, local.id);
  await gotoReady(page, `${app.baseURL}/settings`, javaScriptEnabled);
  await expect(page.getByRole("link", { name: "Passwort ändern" })).toHaveCount(0);
  await page.getByTestId("user-menu").click();
  await expect(page.getByRole("link", { name: "Passwort ändern" })).toHaveCount(0);
  expect((await page.request.get(`${app.baseURL}/settings/password`)).status()).toBe(404);
  const post = await page.request.post(`${app.baseURL}/settings/password`, { form: { old_password: local.password, new_password: "ein-neues-passwort", new_password_confirmation: "ein-neues-passwort" }, maxRedirects: 0 });
  expect(post.status()).toBe(403);
});

test("with password sign-in switched off a keyuser is refused but a superadmin gets in", async ({ page, context, browser, javaScriptEnabled }) => {
  const superadmin = await app.make.user("superadmin");
  const keyuser = await app.make.user("keyuser");
  // Only a superadmin may switch it: an Admin's POST is refused and changes nothing.
  const admin = await app.make.user("keysuperuser");
  await addSessionCookie(app.db, context, app.baseURL, admin.id);
  const refused = await page.request.post(`${app.baseURL}/admin/usermanagement`, { form: { intent: "local-login", enabled: "false" }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(await app.db.selectFrom("settings").select("key").where("key", "=", "local_login").execute()).toEqual([]);
  await context.clearCookies();
  await addSessionCookie(app.db, context, app.baseURL, superadmin.id);
  await gotoReady(page, `${app.baseURL}/admin/usermanagement`, javaScriptEnabled);
  const toggle = page.getByTestId("local-login");
  await expect(toggle).toContainText("für alle eingeschaltet");
  await toggle.getByRole("button", { name: "Nur noch für Superadmins" }).click();
  await expect(page.getByTestId("local-login")).toContainText("nur für Superadmins");
  try {
    const fresh = await browser.newContext({ locale: "de-DE", javaScriptEnabled });
    const login = await fresh.newPage();
    await login.goto(`${app.baseURL}/login`);
    await loginWithForm(login, keyuser.email, keyuser.password);
    await expect(login.getByText("Die Anmeldung mit Passwort ist abgeschaltet.")).toBeVisible();
    await expect(login).toHaveURL(/\/login/);
    await loginWithForm(login, superadmin.email, superadmin.password);
    await expect(login).toHaveURL(`${app.baseURL}/dashboard`);
    await fresh.close();
  } finally {
    await app.db.deleteFrom("settings").where("key", "=", "local_login").execute();
  }
});
