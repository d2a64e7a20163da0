import { getCustomerData } from "~/modules/basedata/customer-data.server";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { isUniqueViolation } from "~/server/db-errors";
import { inTransaction } from "~/server/db-helpers.server";
import type { TokenOrderStatus, TokenPackage } from "~/server/db/schema";
import { NotFoundError, ValidationError } from "~/server/errors.server";
import { MAX_ORDER, MIN_ORDER, REQUIRED_CUSTOMER_FIELDS, VALID_MONTHS, type OrderView } from "./credits";
import { addMonths } from "./months";

/**
 * Credit orders (spec 02 §4, §5): one pending order at a time (the unique partial index of
 * migration 0004 decides races), an amount of at least 10, complete company details. A pending
 * order is completed or failed by a superadmin or the billing side, or cancelled by whoever may
 * order; completed credits count 12 months. Every change is an audit activity.
 */

/** "There is already a pending order" (spec 02 §4); carries that order. */
export class PendingOrderError extends Error {
  constructor(readonly order: OrderView | null) {
    super("There is already a pending order");
  }
}

/** The order is no longer pending: it cannot change to another outcome. */
export class OrderClosedError extends Error {
  constructor(readonly order: OrderView) {
    super(`order ${order.id} is ${order.status}`);
  }
}

function ordersQuery(db: Executor) {
  return db
    .selectFrom("token_orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.value", "o.status", "o.package", "o.ordered_at", "o.status_changed_at", "o.completed_at", "o.expires_at", "o.consumed", "u.name as user_name"]);
}

const toView = (row: Omit<OrderView, "value" | "consumed"> & { value: number | string; consumed: number | string }): OrderView => ({
  ...row,
  value: Number(row.value),
  consumed: Number(row.consumed),
});

export async function getOrder(db: Executor, id: number): Promise<OrderView> {
  const row = await ordersQuery(db).where("o.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("token order");
  return toView(row);
}

/** The one pending order, if any. */
export async function pendingOrder(db: Executor): Promise<OrderView | null> {
  const row = await ordersQuery(db).where("o.status", "=", "pending").executeTakeFirst();
  return row ? toView(row) : null;
}

/** Completed, failed and cancelled orders, the latest first. */
export async function processedOrders(db: Executor, limit = 100): Promise<OrderView[]> {
  const rows = await ordersQuery(db).where("o.status", "!=", "pending").orderBy("o.ordered_at", "desc").orderBy("o.id", "desc").limit(limit).execute();
  return rows.map(toView);
}

/** Whether the organisation's company details are complete enough to invoice (spec 02 §5). */
export async function customerComplete(db: Executor): Promise<boolean> {
  const customer = await getCustomerData(db);
  return REQUIRED_CUSTOMER_FIELDS.every((field) => Boolean(customer[field]?.trim()));
}

/**
 * Places an order of `amount` credits (a package's amount when a package is named). Refused:
 * an amount below 10, incomplete company details, or a pending order (also one that another
 * request placed a moment earlier: the unique index refuses the second).
 */
export async function placeOrder(db: Executor, input: { amount: number; package?: TokenPackage | null }, causer: Causer, now: Date = new Date()): Promise<OrderView> {
  if (!Number.isInteger(input.amount) || input.amount < MIN_ORDER) throw new ValidationError({ amount: "credits.errors.amountMinimum" });
  if (input.amount > MAX_ORDER) throw new ValidationError({ amount: "credits.errors.amountMaximum" });
  try {
    return await inTransaction(db, async (trx) => {
      const pending = await pendingOrder(trx);
      if (pending) throw new PendingOrderError(pending);
      const customer = await getCustomerData(trx);
      if (!REQUIRED_CUSTOMER_FIELDS.every((field) => Boolean(customer[field]?.trim()))) throw new ValidationError({ _form: "credits.errors.companyIncomplete" });
      const { updated_at: _version, ...snapshot } = customer;
      const { id } = await trx
        .insertInto("token_orders")
        .values({ value: input.amount, status: "pending", package: input.package ?? null, ordered_at: now.toISOString(), user_id: causer.id, customer: JSON.stringify(snapshot) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordActivity(trx, {
        subjectType: "token_order",
        subjectId: id,
        event: "created",
        causer,
        newValues: { value: input.amount, package: input.package ?? null, status: "pending" },
      });
      return getOrder(trx, id);
    });
  } catch (error) {
    // Postgres aborts the transaction on the violation: read the winner outside it.
    if (isUniqueViolation(error)) throw new PendingOrderError(await pendingOrder(db));
    throw error;
  }
}

/** Who changed an order's status: a signed-in user, or the billing side through the API. */
export type StatusSource = { causer: Causer } | { billing: true };

/**
 * Completes, fails or cancels the pending order. Asking again for the status it already has
 * changes nothing (the billing side may retry); another outcome of a closed order is refused.
 * Completing adds the order's credits once: they count from now for 12 months.
 */
export async function setOrderStatus(
  db: Executor,
  id: number,
  status: Exclude<TokenOrderStatus, "pending">,
  source: StatusSource,
  now: Date = new Date(),
): Promise<{ changed: boolean; order: OrderView }> {
  return inTransaction(db, async (trx) => {
    const before = await getOrder(trx, id);
    if (before.status === status) return { changed: false, order: before };
    if (before.status !== "pending") throw new OrderClosedError(before);
    const at = now.toISOString();
    const result = await trx
      .updateTable("token_orders")
      .set({
        status,
        status_changed_at: at,
        ...(status === "completed" ? { completed_at: at, expires_at: addMonths(at, VALID_MONTHS) } : {}),
      })
      .where("id", "=", id)
      // The guard that makes a concurrent second completion change nothing.
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const current = await getOrder(trx, id);
      if (current.status === status) return { changed: false, order: current };
      throw new OrderClosedError(current);
    }
    const order = await getOrder(trx, id);
    await recordActivity(trx, {
      subjectType: "token_order",
      subjectId: id,
      event: "status_changed",
      causer: "causer" in source ? source.causer : null,
      oldValues: { status: before.status },
      newValues: { status, ...(order.expires_at ? { expires_at: order.expires_at } : {}) },
      description: "billing" in source ? "billing API" : null,
    });
    return { changed: true, order };
  });
}
