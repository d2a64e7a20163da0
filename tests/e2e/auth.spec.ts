import { DEMO_PASSWORD, expect, loginWithForm, SERVER_CHECK, test } from "../support/fixtures";

test.describe("sign-in", () => {
  test("the sign-in page comes without scripts and works; the dashboard after it has them", async ({ page, javaScriptEnabled }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("data-static-page", "");
    await expect(page.getByRole("textbox", { name: /E-Mail/ })).toBeFocused();
    expect(scripts).toEqual([]);
    await loginWithForm(page, "superadmin@example.com", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator("html")).not.toHaveAttribute("data-static-page");
    if (javaScriptEnabled) {
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect(scripts.length).toBeGreaterThan(0);
    }
  });

  test("demo superadmin signs in and sees the German shell", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
    await loginWithForm(page, "superadmin@example.com", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByTestId("welcome")).toHaveText("Willkommen, Sabine Superadmin");
    await expect(page.getByTestId("app-version")).toHaveText(/^Version: \d+\.\d+\.\d+$/);
    await page.getByTestId("user-menu").locator("summary").click();
    await expect(page.getByText("Eingeloggt als: Sabine Superadmin")).toBeVisible();
    await expect(page.getByTestId("role-chip")).toHaveText("Superadmin");
  });

  test("wrong credentials give one message that does not say which part was wrong", SERVER_CHECK, async ({ page, make }) => {
    const user = await make.user("user");
    await page.goto("/login");
    await loginWithForm(page, user.email, "wrong-password");
    await expect(page.getByTestId("form-error")).toHaveText("E-Mail oder Passwort ist falsch.");
    await loginWithForm(page, "nobody-here@example.com", "whatever-123");
    await expect(page.getByTestId("form-error")).toHaveText("E-Mail oder Passwort ist falsch.");
    await expect(page).toHaveURL(/\/login/);
  });

  test("invalid e-mail is reported beside the field, by the server", async ({ page }) => {
    await page.goto("/login");
    // Forms validate on the server only (decision 0063): with JS too the post goes out, and the reply marks the field.
    const posted = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/login"));
    await loginWithForm(page, "not-an-email", "x");
    await posted;
    await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
    await expect(page.getByLabel(/^E-Mail/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(/^E-Mail/)).toHaveValue("not-an-email");
  });

  test("five failures lock the e-mail for a browser that never signed in to it: even the right password is refused with 429", SERVER_CHECK, async ({ page, make }) => {
    const user = await make.user("keyuser");
    await page.goto("/login");
    const loginPost = () => page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/login"));
    for (let i = 0; i < 5; i++) {
      const response = loginPost();
      await loginWithForm(page, user.email, `wrong-${i}`);
      expect((await response).status()).toBe(401);
      await expect(page.getByTestId("form-error")).toHaveText("E-Mail oder Passwort ist falsch.");
    }
    const response = loginPost();
    await loginWithForm(page, user.email, user.password);
    expect((await response).status()).toBe(429);
    await expect(page.getByTestId("form-error")).toContainText("Zu viele fehlgeschlagene Anmeldeversuche");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });

  test("logout ends the session on the server: the old cookie no longer works", async ({ page, make, context }) => {
    const user = await make.user("user");
    await page.goto("/login");
    await loginWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const before = (await context.cookies()).find((c) => c.name === "sh_session");
    expect(before).toBeTruthy();
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("toast")).toContainText("Sie wurden abgemeldet.");
    // The sign-in page has no scripts: the notice offers no close button that could not work.
    await expect(page.getByTestId("toast").getByRole("button")).toHaveCount(0);
    // Put the old cookie back: the session row is gone, so it must not sign anybody in.
    await context.addCookies([before!]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("change password: the server checks the old password and the confirmation", async ({ page, login }) => {
    const user = await login("user");
    await page.goto("/dashboard");
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByRole("link", { name: "Passwort ändern" }).click();
    const dialog = page.getByRole("dialog", { name: "Passwort ändern" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Altes Passwort").fill("not-my-password");
    await dialog.getByLabel("Neues Passwort").fill("brand-new-pass-1");
    await dialog.getByLabel("Passwort bestätigen").fill("brand-new-pass-1");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Das alte Passwort ist falsch.")).toBeVisible();

    await dialog.getByLabel("Altes Passwort").fill(user.password);
    await dialog.getByLabel("Neues Passwort").fill("brand-new-pass-1");
    await dialog.getByLabel("Passwort bestätigen").fill("different-pass-2");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();

    await dialog.getByLabel("Altes Passwort").fill(user.password);
    await dialog.getByLabel("Neues Passwort").fill("brand-new-pass-1");
    await dialog.getByLabel("Passwort bestätigen").fill("brand-new-pass-1");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByTestId("toast")).toContainText("Passwort geändert");
    await expect(page).toHaveURL(/\/dashboard$/);

    // The new password is the one that works now.
    await page.context().clearCookies();
    await page.goto("/login");
    await loginWithForm(page, user.email, user.password);
    await expect(page.getByTestId("form-error")).toBeVisible();
    await loginWithForm(page, user.email, "brand-new-pass-1");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
