import { DEMO_PASSWORD, expect, loginWithForm, SERVER_CHECK, test } from "../support/fixtures";

test.describe("without a session", () => {
  test("every app path redirects to /login and returns there after sign-in", SERVER_CHECK, async ({ page }) => {
    await page.goto("/settings/sidebar?tab=sidebar");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings%2Fsidebar%3Ftab%3Dsidebar$/);
    await loginWithForm(page, "keyuser@example.com", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/settings\/sidebar\?tab=sidebar$/);
  });

  test("/ and unknown paths redirect to /login", SERVER_CHECK, async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/does/not/exist");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("the public paths are reachable", SERVER_CHECK, async ({ page }) => {
    for (const path of ["/login", "/reset-password", "/reset-password/some-token"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await expect(page.getByTestId("reset-invalid")).toBeVisible();
    await page.goto("/auth/azure/callback");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("toast")).toContainText("Microsoft");
  });
});

test.describe("with a session", () => {
  test("/login and / lead to the dashboard", SERVER_CHECK, async ({ page, login }) => {
    await login("client");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a user opening an admin page lands on /unauthorized with the spec's text", SERVER_CHECK, async ({ page, login }) => {
    await login("user");
    await page.goto("/admin/tags");
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole("heading", { name: "Keine Berechtigung" })).toBeVisible();
    await expect(page.getByTestId("unauthorized-message")).toHaveText(
      "Sie haben nicht die erforderlichen Berechtigungen, um auf diese Seite zuzugreifen.",
    );
  });

  test("keyuser is refused admin pages, admin guard passes keysuperuser", SERVER_CHECK, async ({ page, login, context }) => {
    await login("keyuser");
    await page.goto("/bin");
    await expect(page).toHaveURL(/\/unauthorized$/);
    await context.clearCookies();
    await login("keysuperuser");
    await page.goto("/admin/tags");
    await expect(page).toHaveURL(/\/admin\/tags$/);
    await expect(page.getByRole("heading", { name: "Tags" })).toBeVisible();
    await page.goto("/factory/catalog");
    await expect(page.getByRole("heading", { name: "Vorlagen-Katalog", level: 1 })).toBeVisible();
  });

  test("plain admin passes isAdmin but not the admin guard", SERVER_CHECK, async ({ page, login }) => {
    await login("admin");
    await page.goto("/admin/usermanagement");
    await expect(page).toHaveURL(/\/unauthorized$/);
    await page.goto("/basedata/owner");
    await expect(page.getByRole("heading", { name: "Service-Owner", level: 1 })).toBeVisible();
  });

  test("client and user are refused base data", SERVER_CHECK, async ({ page, login }) => {
    await login("client");
    await page.goto("/basedata/kpis");
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test("a forbidden POST answers 403", SERVER_CHECK, async ({ page, login }) => {
    await login("user");
    const response = await page.request.post("/admin/tags", { form: { name: "Neu" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
  });

  test("a cross-site POST is refused and changes nothing", SERVER_CHECK, async ({ page, login }) => {
    await login("user");
    const response = await page.request.post("/logout", {
      form: {},
      headers: { Origin: "http://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    // The session survived the forged logout.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an unknown path shows the 404 page with a link home", async ({ page, login }) => {
    await login("user");
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Diese Seite wurde nicht gefunden")).toBeVisible();
    await page.getByTestId("error-page").getByRole("link").click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("every response carries the security headers", SERVER_CHECK, async ({ request }) => {
  for (const path of ["/login", "/favicon.svg"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
});

test("other errors show status and message with a link home, never a stack trace", SERVER_CHECK, async ({ page, login }) => {
  await login("superadmin");
  // A POST to a screen that has no form yet: allowed for the role, but no such action (405).
  const response = await page.request.post("/admin/logs", { form: { name: "x" }, maxRedirects: 0 });
  expect(response.status()).toBe(405);
  const html = await response.text();
  // The reader's words (decision 0053), not the protocol's.
  expect(html).toContain("Aktion nicht möglich");
  expect(html).toContain('href="/"');
  expect(html).not.toMatch(/\bat .+\.(js|ts):\d+/);
});
