import type { Page } from "@playwright/test";
import { creditStats } from "~/modules/credits/credits.server";
import { placeOrder } from "~/modules/credits/orders.server";
import { rotateApiKey } from "~/modules/settings/api-keys.server";
import type { DB } from "~/server/db/db.server";
import { factories } from "../factories";
import { expect, gotoReady, test } from "../support/fixtures";
import { toast, withLock } from "../support/helpers";

/**
 * Credits (issue 19 §5): the order form's refusals with the spec's texts, a pending order shown as
 * awaiting payment, a superadmin or the billing side completing it, the bought credits and the
 * usage chart (an SVG drawn on the server, with a table) — with JS and without. The configuration
 * and the orders are global, so every test holds the "credits" lock and leaves them as it found them.
 */

/** Runs `fn` on a clean slate of orders and configuration; afterwards restores what was there. */
async function withCredits<T>(db: DB, fn: () => Promise<T>): Promise<T> {
  return withLock("credits", async () => {
    const orders = await db.selectFrom("token_orders").selectAll().execute();
    const config = await db.selectFrom("token_configuration").selectAll().executeTakeFirstOrThrow();
    const usage = await db.selectFrom("token_usage").select("id").orderBy("id", "desc").executeTakeFirst();
    await db.deleteFrom("token_orders").execute();
    try {
      return await fn();
    } finally {
      await db.deleteFrom("token_orders").execute();
      for (const order of orders) await factories(db).tokenOrder(order);
      await db.updateTable("token_configuration").set(config).execute();
      await db.deleteFrom("token_usage").where("id", ">", usage?.id ?? 0).execute();
    }
  });
}

async function english(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL }]);
}

test.describe("in English, the spec's texts verbatim", () => {
  test.use({ locale: "en-US" });

  test("the order form needs an amount of at least 10", async ({ page, db, login, baseURL, javaScriptEnabled }) => {
    await login("superadmin");
    await english(page, baseURL!);
    await withCredits(db, async () => {
      await gotoReady(page, "/credits/products", javaScriptEnabled);
      const form = page.getByTestId("order-form");
      await form.getByTestId("order-submit").click();
      await expect(form).toContainText("Please enter an amount");
      await form.getByLabel("Amount (credits)").fill("9");
      await form.getByTestId("order-submit").click();
      await expect(form).toContainText("Minimum amount is 10 credits");
      await expect(form).not.toContainText("Please enter an amount");
      expect(await db.selectFrom("token_orders").select("id").execute()).toHaveLength(0);
    });
  });

  test("an order is pending, shown as awaiting payment; while it is, the form says so and the server refuses another", async ({ page, db, login, baseURL, javaScriptEnabled }) => {
    const admin = await login("keysuperuser");
    await english(page, baseURL!);
    await withCredits(db, async () => {
      await gotoReady(page, "/credits/products", javaScriptEnabled);
      await page.getByTestId("order-form").getByLabel("Amount (credits)").fill("150");
      await page.getByTestId("order-submit").click();
      await expect(page).toHaveURL(/\/credits$/);
      await expect(toast(page)).toContainText("Order of 150 credits placed.");
      const pending = page.getByTestId("pending-order");
      await expect(pending).toContainText("150 credits");
      await expect(pending.getByTestId("order-status")).toHaveText("Awaiting payment");
      expect(await db.selectFrom("token_orders").select(["value", "status", "user_id"]).execute()).toEqual([{ value: 150, status: "pending", user_id: admin.id }]);

      await gotoReady(page, "/credits/products", javaScriptEnabled);
      await expect(page.getByTestId("pending-notice")).toHaveText("You have a pending order. Please wait for it to be processed.");
      await expect(page.getByTestId("order-submit")).toBeDisabled();
      await expect(page.getByTestId("order-starter")).toBeDisabled();

      // Cancelled, the form is open again; meanwhile another admin orders: the server refuses this one.
      await page.getByTestId("cancel-order").click();
      await expect(toast(page)).toContainText("The order was cancelled.");
      await expect(page.getByTestId("no-pending-order")).toBeVisible();
      await expect(page.getByTestId("order-submit")).toBeEnabled();
      const other = await placeOrder(db, { amount: 500 }, { id: admin.id, name: admin.name });
      await page.getByTestId("order-form").getByLabel("Amount (credits)").fill("200");
      await page.getByTestId("order-submit").click();
      await expect(page.getByTestId("order-form").getByTestId("form-error")).toHaveText("There is already a pending order");
      await expect(page.getByTestId("pending-order")).toHaveAttribute("data-order", String(other.id));
      expect(await db.selectFrom("token_orders").select("value").where("status", "=", "pending").execute()).toEqual([{ value: 500 }]);
      await expect(page.getByTestId("pending-notice")).toBeVisible();
    });
  });
});

test("a superadmin completes the pending order: its credits show on the usage page beside the monthly figures and the chart", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("superadmin");
  await withCredits(db, async () => {
    await db.updateTable("token_configuration").set({ is_active: 1, current_mode: "contingent", monthly_contingent: 5000 }).execute();
    await make.tokenUsage({ tokens: 1234, kind: "generate", monthly_tokens: 1234, created_at: new Date().toISOString() });
    await gotoReady(page, "/credits/products", javaScriptEnabled);
    await page.getByTestId("order-starter").click();
    await expect(page).toHaveURL(/\/credits$/);
    await expect(page.getByTestId("pending-order").getByTestId("order-status")).toHaveText("Zahlung ausstehend");

    await page.getByTestId("manage-credits").click();
    await expect(page).toHaveURL(/\/admin\/credits$/);
    await page.getByTestId("complete-order").click();
    await expect(toast(page)).toContainText("100.000 Credits gutgeschrieben");
    await expect(page.getByTestId("no-pending-order")).toBeVisible();
    await expect(page.getByTestId("processed-order").first().getByTestId("order-status")).toHaveText("Abgeschlossen");

    await gotoReady(page, "/credits", javaScriptEnabled);
    await expect(page.getByTestId("monthly-limit-value")).toHaveText("5.000");
    await expect(page.getByTestId("monthly-credits-value")).toHaveText("3.766 verbleibend");
    await expect(page.getByTestId("monthly-credits")).toContainText("1.234 in diesem Monat verbraucht");
    await expect(page.getByTestId("bought-credits-value")).toHaveText("100.000 verbleibend");
    await expect(page.getByTestId("bought-credits")).toContainText("von 100.000");
    const row = page.getByTestId("processed-order");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Starter");
    // The chart is drawn on the server: an SVG with a bar per month, the numbers in a table beside it.
    const svg = page.getByTestId("usage-chart-svg");
    await expect(svg).toHaveJSProperty("tagName", "svg");
    await expect(svg).toHaveAttribute("role", "img");
    await expect(svg.locator("rect")).toHaveCount(12);
    const table = page.getByTestId("usage-table");
    await expect(table.locator("tbody tr")).toHaveCount(12);
    await expect(table.locator("tbody tr").last()).toContainText("1.234");
    expect((await creditStats(db)).bought_tokens).toEqual({ total: 100_000, remaining: 100_000 });
  });
});

test("without complete company details no order is placed; the page links to the organisation settings", async ({ page, db, login, javaScriptEnabled }) => {
  await login("superadmin");
  await withCredits(db, async () => {
    await withLock("customer-data", async () => {
      const stored = await db.selectFrom("customer_data").select(["city"]).where("id", "=", 1).executeTakeFirstOrThrow();
      await db.updateTable("customer_data").set({ city: null }).where("id", "=", 1).execute();
      try {
        await gotoReady(page, "/credits/products", javaScriptEnabled);
        await expect(page.getByTestId("company-incomplete")).toContainText("Firmendaten vollständig");
        await expect(page.getByTestId("order-submit")).toBeDisabled();
        // The server refuses it too.
        const answer = await page.request.post("/credits/products", { form: { intent: "order", amount: "100" }, maxRedirects: 0 });
        expect(answer.status()).toBe(400);
        expect(await db.selectFrom("token_orders").select("id").execute()).toHaveLength(0);
        await page.getByTestId("company-link").click();
        await expect(page).toHaveURL(/\/settings\/organization$/);
      } finally {
        await db.updateTable("customer_data").set({ city: stored.city }).where("id", "=", 1).execute();
      }
    });
  });
});

test("who may see and order: keyusers see the usage, admins order, superadmins settle", async ({ page, db, make, login, javaScriptEnabled }) => {
  await withCredits(db, async () => {
    const buyer = await make.user("keysuperuser");
    const order = await placeOrder(db, { amount: 100 }, { id: buyer.id, name: buyer.name });
    await login("keyuser");
    await gotoReady(page, "/credits", javaScriptEnabled);
    await expect(page.getByTestId("pending-order")).toBeVisible();
    await expect(page.getByTestId("order-credits")).toHaveCount(0);
    await gotoReady(page, "/credits/products", javaScriptEnabled);
    await expect(page).toHaveURL(/\/unauthorized$/);
    expect((await page.request.post("/credits/products", { form: { intent: "cancel", orderId: String(order.id) }, maxRedirects: 0 })).status()).toBe(403);

    await page.context().clearCookies();
    await login("keysuperuser");
    await gotoReady(page, "/admin/credits", javaScriptEnabled);
    await expect(page).toHaveURL(/\/unauthorized$/);
    expect((await page.request.post("/admin/credits", { form: { intent: "status", orderId: String(order.id), status: "completed" }, maxRedirects: 0 })).status()).toBe(403);
    expect((await db.selectFrom("token_orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("pending");

    await page.context().clearCookies();
    await login("client");
    await gotoReady(page, "/credits", javaScriptEnabled);
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});

test("the billing endpoint: 401 without the billing key or with the organisation's API key; with it, completes a pending order once", async ({ request, db, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "plain HTTP: once is enough");
  const billingKey = process.env.BILLING_API_KEY!;
  await withCredits(db, async () => {
    await withLock("api-key", async () => {
      const admin = await make.user("superadmin");
      const organisationKey = await rotateApiKey(db, admin);
      const order = await placeOrder(db, { amount: 250 }, { id: admin.id, name: admin.name });
      const url = `/api/billing/orders/${order.id}`;
      const post = (body: unknown, headers: Record<string, string> = {}) => request.post(url, { data: body, headers });

      for (const headers of [{}, { "X-Api-Key": "shk_wrong" }, { "X-Api-Key": organisationKey }] as Record<string, string>[]) {
        const refused = await post({ status: "completed" }, headers);
        expect(refused.status()).toBe(401);
        expect(await refused.json()).toEqual({ message: "Unauthenticated." });
        expect((await request.get(url, { headers })).status()).toBe(401);
      }
      expect((await db.selectFrom("token_orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("pending");

      const withKey = { "X-Api-Key": billingKey };
      expect((await post({ status: "paid" }, withKey)).status()).toBe(422);
      expect((await request.post("/api/billing/orders/999999999", { data: { status: "completed" }, headers: withKey })).status()).toBe(404);
      const read = await request.get(url, { headers: withKey });
      expect(await read.json()).toMatchObject({ order: { id: order.id, value: 250, status: "pending" } });

      const done = await post({ status: "completed" }, withKey);
      expect(done.status()).toBe(200);
      const body = (await done.json()) as { changed: boolean; order: { status: string; expires_at: string } };
      expect(body).toMatchObject({ changed: true, order: { status: "completed" } });
      expect(Date.parse(body.order.expires_at) - Date.now()).toBeGreaterThan(360 * 86_400_000);
      const again = await post({ status: "completed" }, withKey);
      expect(await again.json()).toMatchObject({ changed: false });
      expect((await post({ status: "failed" }, withKey)).status()).toBe(409);
      expect((await creditStats(db)).bought_tokens).toEqual({ total: 250, remaining: 250 });
    });
  });
});
