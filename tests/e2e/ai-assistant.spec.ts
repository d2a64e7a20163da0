import type { Page } from "@playwright/test";
import type { DB } from "~/server/db/db.server";
import { mockCalls } from "../support/ai-provider";
import { expect, gotoReady, test } from "../support/fixtures";
import { hex, serviceOfItsOwn, servicePage, toast, withAiCredits } from "../support/helpers";
import { violations } from "../support/sweeps";

/**
 * The AI assistant on the service page (issue 19 §2, §3), against the run's OpenAI-compatible
 * mock provider (tests/support/ai-provider.ts, wired through AI_BASE_URL): generate → review the
 * diff → accept part of it, saved through the normal save (the page and its history show it);
 * refused before any provider call when out of credits; who may use it. With JS and without. The
 * credit configuration is global: every test holds the "credits" lock and restores it.
 */

// Tests wait for each other's "credits" lock.
test.describe.configure({ timeout: 60_000 });

/** Opens edit mode: one press on the closed box's summary, with JS and without (issue 32 §5). */
async function openEdit(page: Page, javaScriptEnabled: boolean) {
  const panel = page.getByTestId("ai-panel");
  await panel.getByTestId("ai-summary").click();
  await expect(panel.getByTestId("ai-form")).toBeVisible();
  // Without JS the browser opens the <details>; the server's mode attribute stays as it was written.
  if (javaScriptEnabled) await expect(panel).toHaveAttribute("data-mode", "edit");
  return panel;
}

const usageOf = (db: DB, serviceId: number) => db.selectFrom("token_usage").select(["tokens", "kind"]).where("service_id", "=", serviceId).execute();

test("generate → diff → accept part: the page and its history show what was accepted, the rest is discarded", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const id = await serviceOfItsOwn(make, { short_description: "<p>Bisherige Kurzbeschreibung.</p>" });
  const marker = `ai-${hex()}`;
  await withAiCredits(db, async () => {
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    // The service comes first (issue 32 §5): the box is closed and below the content.
    const closed = page.getByTestId("ai-panel");
    await expect(closed).not.toHaveAttribute("open");
    await expect(closed.getByTestId("ai-generate")).toBeHidden();
    const below = async (anchor: string) => (await closed.boundingBox())!.y > (await page.locator(anchor).boundingBox())!.y;
    expect(await below("#basics")).toBe(true);
    expect(await below("#relations")).toBe(true);
    const panel = await openEdit(page, javaScriptEnabled);
    await panel.getByLabel("Kurzbeschreibung").check();
    await panel.getByLabel("Optionen").check();
    await panel.getByLabel("Zusätzliche Anweisungen").fill(`Für Schulen ${marker}`);
    await panel.getByTestId("ai-generate").click();

    const review = panel.getByTestId("ai-review");
    await expect(review).toBeVisible();
    await expect(panel).toHaveAttribute("data-mode", "generated");
    // Outside edit mode the choice, the input and the buttons are gone.
    await expect(panel.getByTestId("ai-form")).toHaveCount(0);
    const short = review.locator('[data-item="short_description"]');
    await expect(short.getByTestId("ai-change")).toHaveText("geändert");
    await expect(short).toContainText("Bisherige Kurzbeschreibung.");
    await expect(short.getByTestId("ai-new-short_description")).toHaveText("Kurzbeschreibung vom Assistenten.");
    const options = review.locator('[data-item^="options:"]');
    await expect(options).toHaveCount(2);
    await expect(options.first().getByTestId("ai-change")).toHaveText("neu");
    await expect(options.first()).toContainText("Kosten: 0");
    expect((await mockCalls(marker)).count).toBe(1);

    // Accept the short description: saved at once through the page's save.
    await short.getByTestId("ai-accept").click();
    await expect(toast(page)).toContainText("Übernommen und gespeichert.");
    await expect(page.getByTestId("rich-short_description")).toHaveText("Kurzbeschreibung vom Assistenten.");
    await expect(review.locator('[data-item="short_description"]')).toHaveCount(0);
    // Discard option A, accept option B: nothing remains, default mode returns.
    await review.locator('[data-item^="options:"]', { hasText: "Option A" }).getByTestId("ai-discard").click();
    await expect(review.locator('[data-item^="options:"]')).toHaveCount(1);
    await review.locator('[data-item^="options:"]', { hasText: "Option B" }).getByTestId("ai-accept").click();
    await expect(panel).toHaveAttribute("data-mode", "default");
    await expect(panel.getByTestId("ai-review")).toHaveCount(0);
    await expect(panel).not.toHaveAttribute("open");
    await expect(page.getByTestId("section-options")).toContainText("Option B");
    await expect(page.getByTestId("section-options")).not.toContainText("Option A");

    const service = await db.selectFrom("services").select("short_description").where("id", "=", id).executeTakeFirstOrThrow();
    expect(service.short_description).toBe("<p>Kurzbeschreibung vom Assistenten.</p>");
    expect(await db.selectFrom("service_options").select(["name", "costs"]).where("service_id", "=", id).execute()).toEqual([{ name: "Option B", costs: 0 }]);
    // The call was charged exactly what the provider reported.
    expect(await usageOf(db, id)).toEqual([{ tokens: (await mockCalls(marker)).tokens, kind: "ai.update" }]);

    await gotoReady(page, `${servicePage(id)}?tab=history`, javaScriptEnabled);
    const history = page.getByTestId("history");
    await expect(history).toContainText("Kurzbeschreibung vom Assistenten.");
    await expect(history).toContainText("Option B");
  });
});

test("while it generates the panel says so; an unusable answer is an error shown and nothing is kept", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const id = await serviceOfItsOwn(make, { description: "<p>Bleibt.</p>" });
  await withAiCredits(db, async () => {
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const panel = await openEdit(page, javaScriptEnabled);
    await panel.getByLabel("Beschreibung", { exact: true }).check();
    await panel.getByLabel("Zusätzliche Anweisungen").fill(`[mock:malformed] ${hex()}`);
    await panel.getByTestId("ai-add").click();
    await expect(panel.getByTestId("ai-error")).toHaveText("Die Antwort des KI-Anbieters war ungültig und wurde verworfen; es wurde nichts gespeichert.");
    // The form stays open with what was chosen and typed.
    await expect(panel.getByLabel("Beschreibung", { exact: true })).toBeChecked();
    await expect(panel.getByLabel("Zusätzliche Anweisungen")).toHaveValue(/\[mock:malformed\]/);
    expect(await db.selectFrom("ai_drafts").select("id").where("service_id", "=", id).execute()).toEqual([]);

    if (javaScriptEnabled) {
      await panel.getByLabel("Zusätzliche Anweisungen").fill(`[mock:slow] ${hex()}`);
      await panel.getByTestId("ai-generate").click();
      await expect(panel.getByTestId("ai-loading")).toHaveText("Generiere Inhalte...");
      await expect(panel).toHaveAttribute("data-mode", "generated", { timeout: 10_000 });
      await panel.getByTestId("ai-discard-all").click();
      await expect(panel).toHaveAttribute("data-mode", "default");
    }
    expect((await db.selectFrom("services").select("description").where("id", "=", id).executeTakeFirstOrThrow()).description).toBe("<p>Bleibt.</p>");
  });
});

test("out of credits: refused before any provider call, the panel says so", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const id = await serviceOfItsOwn(make);
  const marker = `broke-${hex()}`;
  await withAiCredits(db, async () => {
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    const panel = await openEdit(page, javaScriptEnabled);
    await panel.getByLabel("Vorteile").check();
    await panel.getByLabel("Zusätzliche Anweisungen").fill(marker);
    // Meanwhile the month's contingent is used up.
    await db.updateTable("token_configuration").set({ monthly_contingent: 0 }).execute();
    await panel.getByTestId("ai-generate").click();
    await expect(panel.getByTestId("ai-error")).toContainText("Keine Credits mehr verfügbar.");
    expect((await mockCalls(marker)).count).toBe(0);
    expect(await usageOf(db, id)).toEqual([]);
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    await expect(page.getByTestId("ai-blocked")).toContainText("Keine Credits mehr verfügbar.");
  });
});

test("only keyusers and above who may edit get the assistant: others see no panel and get 403", async ({ page, db, make, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "server checks: once is enough");
  const id = await serviceOfItsOwn(make);
  const category = (await db.selectFrom("services").select("category_id").where("id", "=", id).executeTakeFirstOrThrow()).category_id!;
  const version = async () => (await db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;
  const marker = `role-${hex()}`;
  await withAiCredits(db, async () => {
    // A user granted this category edits the service, but the assistant is keyuser and above.
    const user = await login("user");
    await make.grant(user.id, { categoryId: category });
    await gotoReady(page, servicePage(id), javaScriptEnabled);
    await expect(page.getByTestId("section-basics")).toBeVisible();
    await expect(page.getByTestId("ai-panel")).toHaveCount(0);
    const form = { intent: "ai-generate", mode: "update", types: "description", instructions: marker };
    expect((await page.request.post(servicePage(id), { form: { ...form, updated_at: await version() }, maxRedirects: 0 })).status()).toBe(403);
    expect((await page.request.post("/servicecatalog/ai", { form: { intent: "generate", description: marker }, maxRedirects: 0 })).status()).toBe(403);
    await gotoReady(page, "/servicecatalog/ai", javaScriptEnabled);
    await expect(page).toHaveURL(/\/unauthorized$/);

    await page.context().clearCookies();
    await login("client");
    expect((await page.request.post(servicePage(id), { form: { ...form, updated_at: await version() }, maxRedirects: 0 })).status()).toBe(403);
    const status = await page.request.get("/ai/status");
    expect(await status.json()).toEqual({ configured: true, active: true, available: true, reason: null, allowed: false });
    expect((await mockCalls(marker)).count).toBe(0);

    await page.context().clearCookies();
    expect((await page.request.get("/ai/status")).status()).toBe(401);
    await login("admin");
    expect(await (await page.request.get("/ai/status")).json()).toMatchObject({ configured: true, allowed: true });
  });
});

test("at 390 px wide, in edit and generated mode: no sideways scrolling, no axe violations, usable by keyboard", async ({ page, db, make, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page (the no-JS screens are in screen-sweep.spec.ts)");
  await page.setViewportSize({ width: 390, height: 800 });
  await login("keyuser");
  const id = await serviceOfItsOwn(make, { short_description: "<p>Alt.</p>" });
  const axe = async () => (await violations(page, "[data-testid=ai-panel]")).map((v) => v.rule);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await withAiCredits(db, async () => {
    await gotoReady(page, servicePage(id), true);
    const panel = page.getByTestId("ai-panel");
    // By keyboard: the summary, the boxes, the input, the button.
    await panel.getByTestId("ai-summary").focus();
    await page.keyboard.press("Enter");
    await expect(panel).toHaveAttribute("data-mode", "edit");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(panel.getByLabel("Kurzbeschreibung")).toBeChecked();
    expect(await fits()).toBe(true);
    expect(await axe()).toEqual([]);
    // Leaving edit mode clears the choice and the input.
    await panel.getByLabel("Zusätzliche Anweisungen").fill("verworfen");
    await panel.getByTestId("ai-summary").click();
    await expect(panel).toHaveAttribute("data-mode", "default");
    await panel.getByTestId("ai-summary").click();
    await expect(panel.getByLabel("Kurzbeschreibung")).not.toBeChecked();
    await expect(panel.getByLabel("Zusätzliche Anweisungen")).toHaveValue("");
    await panel.getByLabel("Verantwortlichkeiten").check();
    await panel.getByLabel("Zusätzliche Anweisungen").fill(`mobil ${hex()}`);
    await panel.getByTestId("ai-generate").press("Enter");
    await expect(panel.getByTestId("ai-review")).toBeVisible();
    expect(await fits()).toBe(true);
    expect(await axe()).toEqual([]);
    // Nothing left: default mode returns, the choice and the input are cleared.
    await panel.getByTestId("ai-discard-all").click();
    await expect(panel).toHaveAttribute("data-mode", "default");
    await panel.getByTestId("ai-summary").click();
    await expect(panel.getByLabel("Verantwortlichkeiten")).not.toBeChecked();
    await expect(panel.getByLabel("Zusätzliche Anweisungen")).toHaveValue("");
  });
});
