import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveCustomerData } from "~/modules/basedata/customer-data.server";
import { OrderSchema } from "~/modules/credits/credits-schema";
import {
  creditStats,
  getConfiguration,
  monthlyUsage,
  releaseTokens,
  reserveTokens,
  saveConfiguration,
  settleTokens,
  tokensAvailable,
} from "~/modules/credits/credits.server";
import { OrderClosedError, PendingOrderError, customerComplete, placeOrder, setOrderStatus } from "~/modules/credits/orders.server";
import { listActivitiesFor, type Causer } from "~/server/audit.server";
import { createDb, dialectOf, type DB } from "~/server/db/db.server";
import { StaleRecordError, ValidationError } from "~/server/errors.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/**
 * Credits (issue 19 §5) on SQLite and Postgres: the availability rule, the monthly contingent per
 * Berlin month, bought credits for 12 months, reserve → settle/release (also under concurrency),
 * and the order rules (amount, company details, one pending order, completing once).
 */

const t = useTestDb();
let causer: Causer;
const postgres = dialectOf(process.env.DATABASE_URL) === "postgres";

beforeAll(async () => {
  const user = await factories(t.db).user("superadmin", { name: "Cleo Credits" });
  causer = { id: user.id, name: user.name };
});

const ACME = { company: "ACME GmbH", street: "Hauptstraße 5", zipcode: "10115", city: "Berlin", country: "Deutschland" };

beforeEach(async () => {
  for (const table of ["token_usage", "token_reservations", "token_orders", "customer_data", "activities"] as const) await t.db.deleteFrom(table).execute();
  await t.db.updateTable("token_configuration").set({ is_active: 0, current_mode: "contingent", monthly_contingent: 0 }).execute();
});

async function configure(values: { active?: boolean; mode?: "unlimitedUse" | "contingent"; monthly?: number }) {
  await t.db
    .updateTable("token_configuration")
    .set({ is_active: values.active === false ? 0 : 1, current_mode: values.mode ?? "contingent", monthly_contingent: values.monthly ?? 0 })
    .execute();
}

async function withCustomer() {
  await saveCustomerData(t.db, ACME, null, causer);
}

/** A completed order of `value` credits, completed at `at`. */
async function bought(value: number, at: Date) {
  const row = await t.db.selectFrom("customer_data").select("id").executeTakeFirst();
  if (!row) await withCustomer();
  const order = await placeOrder(t.db, { amount: value }, causer, at);
  await setOrderStatus(t.db, order.id, "completed", { causer }, at);
  return order.id;
}

/** Reserve and settle in one go, as an AI call does. */
async function spend(tokens: number, at: Date) {
  const reserved = await reserveTokens(t.db, { userId: causer.id, estimate: tokens }, at);
  if (!reserved.ok) throw new Error(`refused: ${reserved.reason}`);
  return settleTokens(t.db, reserved.reservation, { tokens, kind: "generate" }, at);
}

const JAN_15 = new Date("2026-01-15T10:00:00Z");

describe("availability (spec 02 §3)", () => {
  it("switched off: nothing is available and a reservation is refused as inactive", async () => {
    await t.db.updateTable("token_configuration").set({ is_active: 0, current_mode: "unlimitedUse", monthly_contingent: 1000 }).execute();
    expect(await tokensAvailable(t.db, JAN_15)).toBe(false);
    expect(await reserveTokens(t.db, { userId: causer.id, estimate: 10 }, JAN_15)).toEqual({ ok: false, reason: "inactive" });
    expect(await t.db.selectFrom("token_reservations").select("id").execute()).toHaveLength(0);
  });

  it("unlimited use: available with no contingent and no bought credits; usage is recorded but charged to neither", async () => {
    await configure({ mode: "unlimitedUse" });
    expect(await tokensAvailable(t.db, JAN_15)).toBe(true);
    expect(await spend(5000, JAN_15)).toEqual({ charged: true, tokens: 5000, monthlyTokens: 0, boughtTokens: 0 });
    const stats = await creditStats(t.db, JAN_15);
    expect(stats.usage).toMatchObject({ total_used_tokens: 5000, used_this_month: 5000, remaining_monthly_contingent: 0 });
    expect(stats.available).toBe(true);
  });

  it("monthly contingent only: available until it is used up", async () => {
    await configure({ monthly: 1000 });
    expect(await tokensAvailable(t.db, JAN_15)).toBe(true);
    await spend(400, JAN_15);
    expect((await creditStats(t.db, JAN_15)).usage).toMatchObject({ monthly_contingent: 1000, remaining_monthly_contingent: 600, used_this_month: 400 });
    await spend(600, JAN_15);
    expect(await tokensAvailable(t.db, JAN_15)).toBe(false);
    expect(await reserveTokens(t.db, { userId: causer.id, estimate: 1 }, JAN_15)).toEqual({ ok: false, reason: "exhausted" });
  });

  it("bought credits only: available until they are used up", async () => {
    await configure({ monthly: 0 });
    expect(await tokensAvailable(t.db, JAN_15)).toBe(false);
    await bought(500, JAN_15);
    expect((await creditStats(t.db, JAN_15)).bought_tokens).toEqual({ total: 500, remaining: 500 });
    expect(await tokensAvailable(t.db, JAN_15)).toBe(true);
    await spend(500, JAN_15);
    expect((await creditStats(t.db, JAN_15)).bought_tokens).toEqual({ total: 500, remaining: 0 });
    expect(await tokensAvailable(t.db, JAN_15)).toBe(false);
  });

  it("bought credits expire 12 months after completion", async () => {
    await configure({ monthly: 0 });
    await bought(500, JAN_15);
    const order = await t.db.selectFrom("token_orders").select(["expires_at", "completed_at"]).executeTakeFirstOrThrow();
    expect(order).toEqual({ completed_at: "2026-01-15T10:00:00.000Z", expires_at: "2027-01-15T10:00:00.000Z" });
    expect(await tokensAvailable(t.db, new Date("2027-01-15T09:59:00Z"))).toBe(true);
    const after = await creditStats(t.db, new Date("2027-01-15T10:01:00Z"));
    expect(after.bought_tokens).toEqual({ total: 0, remaining: 0 });
    expect(after.available).toBe(false);
    expect(await reserveTokens(t.db, { userId: causer.id, estimate: 1 }, new Date("2027-01-16T00:00:00Z"))).toEqual({ ok: false, reason: "exhausted" });
  });

  it("the monthly contingent starts afresh at midnight on the 1st, Berlin time", async () => {
    await configure({ monthly: 1000 });
    // 31 January 23:30 in Berlin (UTC+1) is still January.
    const lateJanuary = new Date("2026-01-31T22:30:00Z");
    await spend(1000, lateJanuary);
    expect(await tokensAvailable(t.db, lateJanuary)).toBe(false);
    // 1 February 00:30 in Berlin, although still 31 January in UTC.
    const earlyFebruary = new Date("2026-01-31T23:30:00Z");
    const stats = await creditStats(t.db, earlyFebruary);
    expect(stats.usage).toMatchObject({ remaining_monthly_contingent: 1000, used_this_month: 0, total_used_tokens: 1000 });
    expect(stats.available).toBe(true);
    // Summer time: 1 April 00:00 in Berlin is 31 March 22:00 UTC.
    await spend(700, new Date("2026-03-31T21:59:00Z"));
    expect((await creditStats(t.db, new Date("2026-03-31T22:00:00Z"))).usage.remaining_monthly_contingent).toBe(1000);
  });
});

describe("settling and releasing", () => {
  it("charges the monthly contingent first, then bought credits, the earliest-expiring order first", async () => {
    await configure({ monthly: 100 });
    const older = await bought(50, new Date("2025-12-01T10:00:00Z"));
    const newer = await bought(50, new Date("2026-01-10T10:00:00Z"));
    expect(await spend(120, JAN_15)).toEqual({ charged: true, tokens: 120, monthlyTokens: 100, boughtTokens: 20 });
    expect(await spend(60, JAN_15)).toEqual({ charged: true, tokens: 60, monthlyTokens: 0, boughtTokens: 60 });
    const consumed = Object.fromEntries((await t.db.selectFrom("token_orders").select(["id", "consumed"]).execute()).map((o) => [o.id, Number(o.consumed)]));
    expect(consumed).toEqual({ [older]: 50, [newer]: 30 });
    const stats = await creditStats(t.db, JAN_15);
    expect(stats.bought_tokens).toEqual({ total: 100, remaining: 20 });
    expect(stats.usage).toMatchObject({ remaining_monthly_contingent: 0, used_this_month: 180, total_used_tokens: 180 });
  });

  it("counts every token of a call larger than what was left, and then nothing is available", async () => {
    await configure({ monthly: 100 });
    const reserved = await reserveTokens(t.db, { userId: causer.id, estimate: 50 }, JAN_15);
    expect(reserved.ok).toBe(true);
    if (!reserved.ok) return;
    expect(await settleTokens(t.db, reserved.reservation, { tokens: 130, kind: "generate" }, JAN_15)).toEqual({ charged: true, tokens: 130, monthlyTokens: 130, boughtTokens: 0 });
    const stats = await creditStats(t.db, JAN_15);
    expect(stats.usage).toMatchObject({ used_this_month: 130, remaining_monthly_contingent: 0 });
    expect(stats.available).toBe(false);
  });

  it("records the provider's usage with user, service and kind; settling twice charges once", async () => {
    await configure({ monthly: 1000 });
    const serviceId = await factories(t.db).service(null, null);
    const reserved = await reserveTokens(t.db, { userId: causer.id, estimate: 300 }, JAN_15);
    if (!reserved.ok) throw new Error("refused");
    await settleTokens(t.db, reserved.reservation, { tokens: 321, kind: "refine", serviceId }, JAN_15);
    expect(await settleTokens(t.db, reserved.reservation, { tokens: 321, kind: "refine", serviceId }, JAN_15)).toMatchObject({ charged: false });
    const usage = await t.db.selectFrom("token_usage").selectAll().execute();
    expect(usage).toEqual([expect.objectContaining({ user_id: causer.id, service_id: serviceId, tokens: 321, kind: "refine", monthly_tokens: 321, bought_tokens: 0 })]);
    const reservation = await t.db.selectFrom("token_reservations").selectAll().executeTakeFirstOrThrow();
    expect(reservation.closed_at).not.toBeNull();
  });

  it("a released reservation charges nothing and frees what it held; settling it afterwards charges nothing", async () => {
    await configure({ monthly: 100 });
    const first = await reserveTokens(t.db, { userId: causer.id, estimate: 100 }, JAN_15);
    if (!first.ok) throw new Error("refused");
    expect(await reserveTokens(t.db, { userId: causer.id, estimate: 10 }, JAN_15)).toEqual({ ok: false, reason: "exhausted" });
    await releaseTokens(t.db, first.reservation, JAN_15);
    await releaseTokens(t.db, first.reservation, JAN_15);
    expect(await settleTokens(t.db, first.reservation, { tokens: 100, kind: "generate" }, JAN_15)).toMatchObject({ charged: false });
    expect(await t.db.selectFrom("token_usage").select("id").execute()).toHaveLength(0);
    expect((await creditStats(t.db, JAN_15)).usage.remaining_monthly_contingent).toBe(100);
    expect((await reserveTokens(t.db, { userId: causer.id, estimate: 10 }, JAN_15)).ok).toBe(true);
  });

  it("a reservation older than 10 minutes (a crashed request) no longer holds tokens", async () => {
    await configure({ monthly: 100 });
    expect((await reserveTokens(t.db, { userId: causer.id, estimate: 100 }, JAN_15)).ok).toBe(true);
    expect((await reserveTokens(t.db, { userId: causer.id, estimate: 1 }, new Date(JAN_15.getTime() + 9 * 60_000))).ok).toBe(false);
    expect((await reserveTokens(t.db, { userId: causer.id, estimate: 1 }, new Date(JAN_15.getTime() + 11 * 60_000))).ok).toBe(true);
  });

  it("shows usage per Berlin month, the last 12 months", async () => {
    await configure({ mode: "unlimitedUse" });
    await spend(10, new Date("2025-02-10T10:00:00Z"));
    await spend(20, new Date("2025-12-31T23:30:00Z")); // 1 January 2026 in Berlin
    await spend(30, JAN_15);
    const months = await monthlyUsage(t.db, 12, JAN_15);
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({ key: "2025-02", tokens: 10 });
    expect(months[10]).toMatchObject({ key: "2025-12", tokens: 0 });
    expect(months[11]).toMatchObject({ key: "2026-01", year: 2026, month: 1, tokens: 50 });
  });
});

describe("concurrent reservations never overdraw", () => {
  const handles: DB[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.destroy()));
  });

  it("20 parallel reservations with room for 5: exactly 5 succeed", async () => {
    await configure({ monthly: 5000 });
    // Postgres: four pools, i.e. real parallel connections. SQLite: its writes are serialised.
    if (postgres && !handles.length) for (let i = 0; i < 4; i++) handles.push(createDb(t.url));
    const pick = (i: number) => (postgres ? handles[i % handles.length] : t.db);
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reserveTokens(pick(i), { userId: causer.id, estimate: 1000 }, now)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "exhausted")).toBe(true);
    const held = await t.db.selectFrom("token_reservations").select("tokens").where("closed_at", "is", null).execute();
    expect(held.reduce((sum, r) => sum + r.tokens, 0)).toBe(5000);
  });

  it("parallel settlements of bought credits consume each credit once", async () => {
    await configure({ monthly: 0 });
    const now = new Date();
    await bought(1000, now);
    if (postgres && !handles.length) for (let i = 0; i < 4; i++) handles.push(createDb(t.url));
    const pick = (i: number) => (postgres ? handles[i % handles.length] : t.db);
    const reservations = [];
    for (let i = 0; i < 10; i++) {
      const r = await reserveTokens(t.db, { userId: causer.id, estimate: 100 }, now);
      if (!r.ok) throw new Error("refused");
      reservations.push(r.reservation);
    }
    await Promise.all(reservations.map((r, i) => settleTokens(pick(i), r, { tokens: 100, kind: "generate" }, now)));
    const order = await t.db.selectFrom("token_orders").select("consumed").executeTakeFirstOrThrow();
    expect(Number(order.consumed)).toBe(1000);
    expect((await creditStats(t.db, now)).bought_tokens.remaining).toBe(0);
  });
});

describe("orders (spec 02 §4, §5)", () => {
  const parse = (amount?: string) => {
    const form = new FormData();
    if (amount !== undefined) form.set("amount", amount);
    const submission = parseWithZod(form, { schema: OrderSchema });
    return submission.status === "success" ? { status: "success" as const, error: undefined } : { status: submission.status, error: submission.error };
  };

  it("the form needs an amount of at least 10 whole credits", () => {
    expect(parse().error).toEqual({ amount: ["credits.errors.amountRequired"] });
    expect(parse("").error).toEqual({ amount: ["credits.errors.amountRequired"] });
    expect(parse("9").error).toEqual({ amount: ["credits.errors.amountMinimum"] });
    expect(parse("12.5").error).toEqual({ amount: ["credits.errors.amountInvalid"] });
    expect(parse("zehn").error).toEqual({ amount: ["credits.errors.amountInvalid"] });
    expect(parse("10").status).toBe("success");
  });

  it("the model refuses an amount below 10 and incomplete company details", async () => {
    await expect(placeOrder(t.db, { amount: 9 }, causer)).rejects.toThrow(ValidationError);
    expect(await customerComplete(t.db)).toBe(false);
    await saveCustomerData(t.db, { ...ACME, city: "" }, null, causer);
    const refusal = await placeOrder(t.db, { amount: 100 }, causer).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).errors).toEqual({ _form: "credits.errors.companyIncomplete" });
    expect(await t.db.selectFrom("token_orders").select("id").execute()).toHaveLength(0);
  });

  it("places a pending order with the company details of that moment, audited", async () => {
    await withCustomer();
    const order = await placeOrder(t.db, { amount: 500_000, package: "professional" }, causer);
    expect(order).toMatchObject({ value: 500_000, status: "pending", package: "professional", user_name: "Cleo Credits", completed_at: null, expires_at: null });
    const row = await t.db.selectFrom("token_orders").select("customer").executeTakeFirstOrThrow();
    expect(JSON.parse(row.customer!)).toMatchObject(ACME);
    expect(await listActivitiesFor(t.db, "token_order", order.id)).toEqual([expect.objectContaining({ event: "created", causer_id: causer.id })]);
  });

  it("only one pending order: the second is refused with the pending one", async () => {
    await withCustomer();
    const first = await placeOrder(t.db, { amount: 100 }, causer);
    const refusal = await placeOrder(t.db, { amount: 200 }, causer).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PendingOrderError);
    expect((refusal as PendingOrderError).order?.id).toBe(first.id);
    expect((refusal as PendingOrderError).message).toBe("There is already a pending order");
  });

  it("the unique index decides a race: of parallel orders exactly one is placed", async () => {
    await withCustomer();
    // Postgres: a second pool, a real race. SQLite: one handle (a second one in this process would block it in busy waits).
    const second = postgres ? createDb(t.url) : t.db;
    try {
      const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => placeOrder(i % 2 ? second : t.db, { amount: 100 + i }, causer)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(PendingOrderError);
      expect(await t.db.selectFrom("token_orders").select("id").where("status", "=", "pending").execute()).toHaveLength(1);
    } finally {
      if (second !== t.db) await second.destroy();
    }
    // The index itself, whoever writes past the model.
    await expect(t.db.insertInto("token_orders").values({ value: 10, status: "pending" }).execute()).rejects.toThrow();
  });

  it("completing adds the credits once; completing again changes nothing; another outcome is refused", async () => {
    await withCustomer();
    await configure({ monthly: 0 });
    const order = await placeOrder(t.db, { amount: 300 }, causer, JAN_15);
    expect((await creditStats(t.db, JAN_15)).bought_tokens.total).toBe(0);
    expect(await setOrderStatus(t.db, order.id, "completed", { billing: true }, JAN_15)).toMatchObject({ changed: true, order: { status: "completed" } });
    expect(await setOrderStatus(t.db, order.id, "completed", { causer }, JAN_15)).toMatchObject({ changed: false });
    await expect(setOrderStatus(t.db, order.id, "failed", { causer }, JAN_15)).rejects.toThrow(OrderClosedError);
    expect((await creditStats(t.db, JAN_15)).bought_tokens).toEqual({ total: 300, remaining: 300 });
    const activities = await listActivitiesFor(t.db, "token_order", order.id);
    expect(activities.map((a) => a.event)).toEqual(["status_changed", "created"]);
    expect(activities[0]).toMatchObject({ causer_id: null, description: "billing API" });
  });

  it("parallel completions of one order add its credits once", async () => {
    await withCustomer();
    const order = await placeOrder(t.db, { amount: 400 }, causer, JAN_15);
    const second = postgres ? createDb(t.url) : t.db;
    try {
      const results = await Promise.all([0, 1, 2, 3].map((i) => setOrderStatus(i % 2 ? second : t.db, order.id, "completed", { causer }, JAN_15)));
      expect(results.filter((r) => r.changed)).toHaveLength(1);
    } finally {
      if (second !== t.db) await second.destroy();
    }
    expect((await creditStats(t.db, JAN_15)).bought_tokens.total).toBe(400);
    expect((await listActivitiesFor(t.db, "token_order", order.id)).filter((a) => a.event === "status_changed")).toHaveLength(1);
  });

  it("a failed or cancelled order adds nothing, and a new order may be placed", async () => {
    await withCustomer();
    const failed = await placeOrder(t.db, { amount: 100 }, causer);
    await setOrderStatus(t.db, failed.id, "failed", { causer });
    const cancelled = await placeOrder(t.db, { amount: 100 }, causer);
    await setOrderStatus(t.db, cancelled.id, "cancelled", { causer });
    expect((await creditStats(t.db)).bought_tokens.total).toBe(0);
    expect((await placeOrder(t.db, { amount: 100 }, causer)).status).toBe("pending");
  });
});

describe("configuration", () => {
  it("is saved by a superadmin, audited, and refused when it changed since the form was loaded", async () => {
    const before = await getConfiguration(t.db);
    expect(await saveConfiguration(t.db, { is_active: true, current_mode: "contingent", monthly_contingent: 2500 }, before.updated_at, causer)).toBe(true);
    const after = await getConfiguration(t.db);
    expect(after).toMatchObject({ is_active: true, current_mode: "contingent", monthly_contingent: 2500 });
    await expect(saveConfiguration(t.db, { is_active: false, current_mode: "contingent", monthly_contingent: 0 }, before.updated_at, causer)).rejects.toThrow(StaleRecordError);
    expect(await saveConfiguration(t.db, { is_active: true, current_mode: "contingent", monthly_contingent: 2500 }, after.updated_at, causer)).toBe(false);
    const [activity] = await listActivitiesFor(t.db, "token_configuration", 1);
    expect(JSON.parse(activity.new_values!)).toEqual({ is_active: true, monthly_contingent: 2500 });
  });
});
