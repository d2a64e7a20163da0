import { sql, type Transaction } from "kysely";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction, isPostgresDb, nextTimestamp } from "~/server/db-helpers.server";
import type { Database, TokenMode } from "~/server/db/schema";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import { RESERVATION_LIFETIME_MS, type CreditStats, type MonthUsage } from "./credits";
import { lastMonths, monthOf } from "./months";

/**
 * Credits (spec 02 §3 "Credits", issue 19 §5): the configuration, what is left, and the one way
 * AI calls spend tokens — reserve before the provider is called, then settle with the provider's
 * real `usage` or release when the call failed. Reservations and settlements lock the
 * configuration row (Postgres: FOR UPDATE; SQLite: the write lock its first statement takes), so
 * concurrent calls see each other's reservations and never overdraw together.
 *
 * Where tokens come from: the monthly contingent first (it starts afresh each Berlin month), then
 * bought credits, the earliest-expiring completed order first; unlimited use charges neither.
 * token_usage is the ledger of consumption (who, when, how much, for what); configuration changes
 * and orders are audit activities.
 */

const CONFIG_ID = 1;

export interface TokenConfiguration {
  is_active: boolean;
  current_mode: TokenMode;
  monthly_contingent: number;
  updated_at: string;
}

export async function getConfiguration(db: Executor): Promise<TokenConfiguration> {
  const row = await db.selectFrom("token_configuration").selectAll().where("id", "=", CONFIG_ID).executeTakeFirst();
  if (!row) throw new NotFoundError("token configuration");
  return { is_active: row.is_active === 1, current_mode: row.current_mode, monthly_contingent: Number(row.monthly_contingent), updated_at: row.updated_at };
}

/** Changes the configuration (superadmins); refused when it changed since the form was loaded. False when nothing changed. */
export async function saveConfiguration(db: Executor, values: Omit<TokenConfiguration, "updated_at">, expectedUpdatedAt: string, causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await lockConfiguration(trx);
    const before = await getConfiguration(trx);
    const changed = (["is_active", "current_mode", "monthly_contingent"] as const).filter((k) => before[k] !== values[k]);
    if (before.updated_at !== expectedUpdatedAt) throw new StaleRecordError({ ...before }, changed);
    if (!changed.length) return false;
    await trx
      .updateTable("token_configuration")
      .set({ is_active: values.is_active ? 1 : 0, current_mode: values.current_mode, monthly_contingent: values.monthly_contingent, updated_at: nextTimestamp(before.updated_at) })
      .where("id", "=", CONFIG_ID)
      .execute();
    await recordActivity(trx, {
      subjectType: "token_configuration",
      subjectId: CONFIG_ID,
      event: "updated",
      causer,
      oldValues: Object.fromEntries(changed.map((k) => [k, before[k]])),
      newValues: Object.fromEntries(changed.map((k) => [k, values[k]])),
    });
    return true;
  });
}

/**
 * Serialises credit writes. Postgres: the configuration row stays locked until the transaction
 * ends. SQLite: a write as the first statement takes the database's write lock at once (waiting
 * up to busy_timeout), so what the transaction then reads is the latest state.
 */
async function lockConfiguration(trx: Transaction<Database>) {
  if (isPostgresDb(trx)) await trx.selectFrom("token_configuration").select("id").where("id", "=", CONFIG_ID).forUpdate().execute();
  else await sql`update token_configuration set id = id where id = ${CONFIG_ID}`.execute(trx);
}

const sumOf = (column: string) => sql<number | string | null>`coalesce(sum(${sql.ref(column)}), 0)`;

/** Tokens charged to the monthly contingent in the month `now` falls in. */
async function monthlyCharged(db: Executor, now: Date): Promise<number> {
  const month = monthOf(now);
  const row = await db
    .selectFrom("token_usage")
    .select(sumOf("monthly_tokens").as("n"))
    .where("created_at", ">=", month.start)
    .where("created_at", "<", month.end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Completed orders whose credits have not expired, the earliest-expiring first (spent in this order). */
function boughtLots(db: Executor, now: Date) {
  return db
    .selectFrom("token_orders")
    .select(["id", "value", "consumed", "expires_at"])
    .where("status", "=", "completed")
    .where("expires_at", ">", now.toISOString())
    .orderBy("expires_at")
    .orderBy("id")
    .execute();
}

/** Tokens held by open reservations that have not outlived their lifetime. */
async function reservedTokens(db: Executor, now: Date): Promise<number> {
  const row = await db
    .selectFrom("token_reservations")
    .select(sumOf("tokens").as("n"))
    .where("closed_at", "is", null)
    .where("created_at", ">", new Date(now.getTime() - RESERVATION_LIFETIME_MS).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Spec 02 §3: available if unlimited, or the monthly remainder > 0, or the bought remainder > 0 — and switched on. */
function availableBy(config: TokenConfiguration, remainingMonthly: number, remainingBought: number): boolean {
  if (!config.is_active) return false;
  return config.current_mode === "unlimitedUse" || remainingMonthly > 0 || remainingBought > 0;
}

/** The usage summary of spec 02 §3 as of `now`. */
export async function creditStats(db: Executor, now: Date = new Date()): Promise<CreditStats> {
  const month = monthOf(now);
  const [config, charged, lots, reserved, totals] = await Promise.all([
    getConfiguration(db),
    monthlyCharged(db, now),
    boughtLots(db, now),
    reservedTokens(db, now),
    db
      .selectFrom("token_usage")
      .select([sumOf("tokens").as("all"), sql<number | string | null>`coalesce(sum(case when created_at >= ${month.start} and created_at < ${month.end} then tokens else 0 end), 0)`.as("month")])
      .executeTakeFirstOrThrow(),
  ]);
  const remainingMonthly = Math.max(0, config.monthly_contingent - charged);
  const total = lots.reduce((sum, lot) => sum + Number(lot.value), 0);
  const remaining = lots.reduce((sum, lot) => sum + Math.max(0, Number(lot.value) - Number(lot.consumed)), 0);
  return {
    token_configuration: { is_active: config.is_active, current_mode: config.current_mode, updated_at: config.updated_at },
    usage: {
      total_used_tokens: Number(totals.all),
      used_this_month: Number(totals.month),
      monthly_contingent: config.monthly_contingent,
      remaining_monthly_contingent: remainingMonthly,
    },
    bought_tokens: { total, remaining },
    reserved,
    available: availableBy(config, remainingMonthly, remaining),
  };
}

/** Whether an AI call may start now (spec 02 §3); reservations of running calls aside. */
export async function tokensAvailable(db: Executor, now: Date = new Date()): Promise<boolean> {
  return (await creditStats(db, now)).available;
}

/** Tokens used per Berlin month, the last `count` months up to the current one, oldest first. */
export async function monthlyUsage(db: Executor, count = 12, now: Date = new Date()): Promise<MonthUsage[]> {
  const months = lastMonths(count, now);
  const row = await db
    .selectFrom("token_usage")
    .select(months.map((m, i) => sql<number | string | null>`coalesce(sum(case when created_at >= ${m.start} and created_at < ${m.end} then tokens else 0 end), 0)`.as(`m${i}`)))
    .where("created_at", ">=", months[0].start)
    .where("created_at", "<", months[months.length - 1].end)
    .executeTakeFirstOrThrow();
  const sums = row as Record<string, number | string | null>;
  return months.map((m, i) => ({ key: m.key, year: m.year, month: m.month, tokens: Number(sums[`m${i}`] ?? 0) }));
}

// ------------------------------------------------------------------------------ the AI's interface

export interface Reservation {
  id: number;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; reason: "inactive" | "exhausted" };

/**
 * Holds `estimate` tokens for an AI call before the provider is asked. Refused when the credits
 * are switched off, or when nothing is left once the running calls' reservations are counted
 * (spec 02 §3: a call may start while anything is left; it is then charged what it really used).
 */
export async function reserveTokens(db: Executor, input: { userId: number | null; estimate: number }, now: Date = new Date()): Promise<ReserveResult> {
  const tokens = Math.max(1, Math.min(Math.round(Number(input.estimate) || 0), 2_000_000_000));
  return inTransaction(db, async (trx) => {
    await lockConfiguration(trx);
    const config = await getConfiguration(trx);
    if (!config.is_active) return { ok: false, reason: "inactive" } as const;
    if (config.current_mode !== "unlimitedUse") {
      const [charged, lots, reserved] = await Promise.all([monthlyCharged(trx, now), boughtLots(trx, now), reservedTokens(trx, now)]);
      const left = Math.max(0, config.monthly_contingent - charged) + lots.reduce((sum, lot) => sum + Math.max(0, Number(lot.value) - Number(lot.consumed)), 0);
      if (left - reserved <= 0) return { ok: false, reason: "exhausted" } as const;
    }
    const { id } = await trx
      .insertInto("token_reservations")
      .values({ user_id: input.userId, tokens, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, reservation: { id } } as const;
  });
}

export interface Settlement {
  /** False when the reservation was already settled or released: nothing was charged again. */
  charged: boolean;
  tokens: number;
  monthlyTokens: number;
  boughtTokens: number;
}

/**
 * Records what the provider really used (its `usage`), charged to this month's contingent first,
 * then to bought credits; the reservation is closed. Settling twice charges once. A reservation
 * past its lifetime is still settled: the provider did answer, and every token is counted. What
 * exceeds everything left (a call larger than its estimate) counts against this month's contingent.
 */
export async function settleTokens(
  db: Executor,
  reservation: Reservation,
  usage: { tokens: number; kind: string; serviceId?: number | null },
  now: Date = new Date(),
): Promise<Settlement> {
  const tokens = Math.max(0, Math.round(Number(usage.tokens) || 0));
  return inTransaction(db, async (trx) => {
    await lockConfiguration(trx);
    const held = await trx.selectFrom("token_reservations").select(["id", "user_id", "closed_at"]).where("id", "=", reservation.id).executeTakeFirst();
    if (!held) throw new NotFoundError("token reservation");
    if (held.closed_at) return { charged: false, tokens: 0, monthlyTokens: 0, boughtTokens: 0 };
    await trx.updateTable("token_reservations").set({ closed_at: now.toISOString() }).where("id", "=", held.id).execute();
    const config = await getConfiguration(trx);
    let monthlyTokens = 0;
    let boughtTokens = 0;
    if (config.current_mode !== "unlimitedUse") {
      monthlyTokens = Math.min(tokens, Math.max(0, config.monthly_contingent - (await monthlyCharged(trx, now))));
      let rest = tokens - monthlyTokens;
      for (const lot of await boughtLots(trx, now)) {
        if (rest <= 0) break;
        const take = Math.min(rest, Math.max(0, Number(lot.value) - Number(lot.consumed)));
        if (take <= 0) continue;
        await trx.updateTable("token_orders").set({ consumed: Number(lot.consumed) + take }).where("id", "=", lot.id).execute();
        boughtTokens += take;
        rest -= take;
      }
      monthlyTokens += rest;
    }
    await trx
      .insertInto("token_usage")
      .values({
        user_id: held.user_id,
        service_id: usage.serviceId ?? null,
        tokens,
        kind: usage.kind.slice(0, 100),
        created_at: now.toISOString(),
        monthly_tokens: monthlyTokens,
        bought_tokens: boughtTokens,
      })
      .execute();
    return { charged: true, tokens, monthlyTokens, boughtTokens };
  });
}

/** The provider failed: nothing is charged and the held tokens are free again. Idempotent. */
export async function releaseTokens(db: Executor, reservation: Reservation, now: Date = new Date()): Promise<void> {
  await db.updateTable("token_reservations").set({ closed_at: now.toISOString() }).where("id", "=", reservation.id).where("closed_at", "is", null).execute();
}
