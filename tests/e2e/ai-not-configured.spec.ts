import { addSessionCookie, expect, gotoReady, test } from "../support/fixtures";
import { toast } from "../support/helpers";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";

/**
 * The AI assistant without a provider (issue 32 §5). The shared instance has one (scripts/e2e.mjs),
 * so this is a ServiceHub of its own with AI_BASE_URL and AI_MODEL empty: one calm line with the
 * next step instead of a dead form — the settings and the guide for admins, "ask your
 * administrator" for everyone else — and the credits page says that switching it on changes
 * nothing until the provider is configured.
 */
let bare: SecondInstance;
test.beforeAll(async () => {
  bare = await startSecondInstance("no-ai", () => ({ AI_BASE_URL: "", AI_MODEL: "" }));
});
test.afterAll(async () => {
  await bare?.stop();
});

const SETTINGS = ["AI_BASE_URL", "AI_MODEL", "AI_API_KEY"];

test("not configured: admins read which settings and where the guide is, others to ask; no dead form; enabling says it has no effect yet", async ({ page, context, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const at = (path: string) => `${bare.baseURL}${path}`;
  const {
    serviceIds: [id],
  } = await bare.make.catalogueWithServices(1, { service: { status: "open", short_description: "<p>Kurz.</p>" } });
  const admin = await bare.make.user("superadmin");
  await addSessionCookie(bare.db, context, bare.baseURL, admin.id);

  // The admin on the service page: one line below the content, the settings, the guide; no form.
  await gotoReady(page, at(`/servicecatalog/service/${id}`), javaScriptEnabled);
  const panel = page.getByTestId("ai-panel");
  const line = panel.getByTestId("ai-blocked");
  await expect(line).toBeVisible();
  await expect(line).toContainText("Der KI-Assistent ist nicht eingerichtet.");
  for (const name of SETTINGS) await expect(line).toContainText(name);
  await expect(panel.locator("form, input, textarea, button, [role=switch]")).toHaveCount(0);
  expect((await panel.boundingBox())!.y).toBeGreaterThan((await page.locator("#relations").boundingBox())!.y);
  await line.getByRole("link", { name: "Anleitung: KI-Assistent einrichten" }).click();
  await expect(page).toHaveURL(at("/documentation/ai-assistant"));
  await expect(page.getByRole("heading", { name: "Einrichten", level: 2 })).toBeVisible();
  await expect(page.getByRole("cell", { name: "AI_BASE_URL", exact: true })).toBeVisible();

  // Switching it on under credits says plainly that nothing changes until the provider is set up.
  await gotoReady(page, at("/admin/credits"), javaScriptEnabled);
  await expect(page.getByTestId("credits-ai-not-configured")).toContainText("Der KI-Anbieter ist nicht eingerichtet (AI_BASE_URL, AI_MODEL).");
  await page.getByLabel("Freigeschaltet").check();
  await page.getByTestId("save-configuration").click();
  await expect(toast(page)).toContainText("Nutzbar wird der KI-Assistent erst, wenn der KI-Anbieter eingerichtet ist.");
  expect((await bare.db.selectFrom("token_configuration").select("is_active").executeTakeFirstOrThrow()).is_active).toBe(1);

  // A keyuser (switched on now, still not configured): asked to turn to the administration, no settings.
  await context.clearCookies();
  const keyuser = await bare.make.user("keyuser");
  await addSessionCookie(bare.db, context, bare.baseURL, keyuser.id);
  await gotoReady(page, at(`/servicecatalog/service/${id}`), javaScriptEnabled);
  await expect(panel.getByTestId("ai-blocked")).toHaveText("Der KI-Assistent ist nicht eingerichtet. Bitte wenden Sie sich an Ihre Administration, um ihn einrichten zu lassen.");
  await expect(panel.locator("form, a, button")).toHaveCount(0);

  // The create page: the same line instead of a disabled "Generieren" and a delay field.
  await gotoReady(page, at("/servicecatalog/ai"), javaScriptEnabled);
  await expect(page.getByTestId("ai-blocked")).toContainText("Bitte wenden Sie sich an Ihre Administration");
  await expect(page.getByRole("button", { name: "Generieren" })).toHaveCount(0);
  await expect(page.getByLabel("Verzögerung (Sekunden)")).toHaveCount(0);
  await expect(page.getByTestId("ai-request-form")).toHaveCount(0);
});
