import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { aiConfig, isConfigured } from "~/modules/ai/provider.server";
import { requirePermission } from "~/modules/access/policy.server";
import type { SessionUser } from "~/modules/access/user.server";
import type { Causer } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, dispatchIntent, refuse, refuseForm, validateForm } from "~/server/form.server";
import { formVersion, readFormData } from "~/server/request-body.server";
import { PACKAGE_CREDITS, PACKAGE_KEYS } from "./credits";
import { CancelOrderSchema, ConfigurationSchema, OrderSchema, OrderStatusSchema, PackageOrderSchema } from "./credits-schema";
import { creditStats, getConfiguration, monthlyUsage, saveConfiguration } from "./credits.server";
import { OrderClosedError, PendingOrderError, customerComplete, pendingOrder, placeOrder, processedOrders, setOrderStatus } from "./orders.server";

/**
 * Loaders and actions of the credit screens (docs/decisions/0033-credits.md):
 * - /credits — usage and orders, for everyone who may use the AI assistant (keyuser and above);
 * - /credits/products — the packages and the order form, for the admin guard (who may order);
 * - /admin/credits — the configuration and settling the pending order, for superadmins.
 * Spec 02 §8: a failed read only says so in its place ("Failed to fetch …") and the page carries on.
 */

export const CREDITS_PATH = "/credits";
export const PRODUCTS_PATH = "/credits/products";
export const ADMIN_PATH = "/admin/credits";

const STALE = { stale: "credits.errors.stale" };

const causerOf = (user: SessionUser): Causer => ({ id: user.id, name: user.name });

/** A read that may fail on its own: logged, and the page shows the spec's fallback text instead. */
async function attemptRead<T>(read: () => Promise<T>, error: string): Promise<{ value: T; error: null } | { value: null; error: string }> {
  try {
    return { value: await read(), error: null };
  } catch (cause) {
    console.error(`[credits] ${error}:`, cause);
    return { value: null, error };
  }
}

async function ordersData() {
  const db = getDb();
  const [pending, processed] = await Promise.all([
    attemptRead(() => pendingOrder(db), "credits.errors.fetchPending"),
    attemptRead(() => processedOrders(db), "credits.errors.fetchProcessed"),
  ]);
  return { pending: pending.value, pendingError: pending.error, processed: processed.value ?? [], processedError: processed.error };
}

async function statsData() {
  const db = getDb();
  const stats = await attemptRead(async () => {
    const [summary, months] = await Promise.all([creditStats(db), monthlyUsage(db)]);
    return { summary, months };
  }, "credits.errors.fetchStats");
  return { stats: stats.value, statsError: stats.error };
}

// -------------------------------------------------------------------------------------- /credits

export async function creditsLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "use:ai");
  const [stats, orders] = await Promise.all([statsData(), ordersData()]);
  return { ...stats, ...orders, canOrder: userHasPermission(user, "access:admin"), canManage: userHasPermission(user, "manage:organisation") };
}

// ----------------------------------------------------------------------------- /credits/products

export async function productsLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const db = getDb();
  const [orders, complete] = await Promise.all([ordersData(), customerComplete(db).catch(() => false)]);
  return {
    pending: orders.pending,
    pendingError: orders.pendingError,
    companyComplete: complete,
    packages: PACKAGE_KEYS.map((key) => ({ key, credits: PACKAGE_CREDITS[key] })),
  };
}

type Submission = Parameters<typeof refuse>[0];

/** Places the order; the refusals are the spec's texts (spec 02 §5, §8). */
async function order(request: Request, submission: Submission, user: SessionUser, values: Parameters<typeof placeOrder>[1], target: string) {
  try {
    const placed = await placeOrder(getDb(), values, causerOf(user));
    return redirectWithFlash(request, CREDITS_PATH, { kind: "success", message: "credits.orders.placed", values: { amount: placed.value } });
  } catch (error) {
    if (error instanceof PendingOrderError) return refuse(submission, { form: "credits.errors.alreadyPending" }, 409, { target });
    const refusal = commonRefusal(error, STALE);
    if (refusal) return refuse(submission, refusal.errors, refusal.status, { target });
    console.error("[credits] Failed to create order:", error);
    return refuse(submission, { form: "credits.errors.createFailed" }, 500, { target });
  }
}

export async function productsAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const form = await readFormData(request);
  return dispatchIntent(form.get("intent"), {
    order: async () => {
      const submission = validateForm(form, OrderSchema);
      if (submission.status !== "success") return refuse(submission, {}, 400, { target: "order" });
      return order(request, submission, user, { amount: submission.value.amount }, "order");
    },
    package: async () => {
      const submission = validateForm(form, PackageOrderSchema);
      if (submission.status !== "success") return refuse(submission, {}, 400, { target: "package" });
      const key = submission.value.package;
      return order(request, submission, user, { amount: PACKAGE_CREDITS[key], package: key }, "package");
    },
    cancel: async () => {
      const submission = validateForm(form, CancelOrderSchema);
      if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
      return changeStatus(request, submission.value.orderId, "cancelled", user, PRODUCTS_PATH);
    },
  });
}

async function changeStatus(request: Request, orderId: number, status: "completed" | "failed" | "cancelled", user: SessionUser, back: string) {
  try {
    const { changed, order: changedOrder } = await setOrderStatus(getDb(), orderId, status, { causer: causerOf(user) });
    if (!changed) return redirectWithFlash(request, back, { kind: "info", message: "credits.unchanged" });
    return redirectWithFlash(request, back, { kind: "success", message: `credits.orders.${status}`, values: { id: changedOrder.id, amount: changedOrder.value } });
  } catch (error) {
    if (error instanceof OrderClosedError) return refuseForm({ form: "credits.errors.orderClosed" }, 409, { target: "status" });
    const refusal = commonRefusal(error, STALE);
    if (!refusal) throw error;
    return refuseForm(refusal.errors, refusal.status, { target: "status" });
  }
}

// -------------------------------------------------------------------------------- /admin/credits

/** Superadmins only: an organisation-wide screen, a permission of the access policy (manage:organisation). */
function requireSuperadmin(request: Request) {
  return requirePermission(request, "manage:organisation");
}

export async function creditsAdminLoader({ request }: LoaderFunctionArgs) {
  await requireSuperadmin(request);
  const [configuration, stats, orders] = await Promise.all([getConfiguration(getDb()), statsData(), ordersData()]);
  // Switching the assistant on does nothing visible while the provider is not configured: say so (issue 32 §5).
  return { configuration, ...stats, ...orders, aiConfigured: isConfigured(aiConfig()) };
}

export async function creditsAdminAction({ request }: ActionFunctionArgs) {
  const user = await requireSuperadmin(request);
  const form = await readFormData(request);
  return dispatchIntent(form.get("intent"), {
    configure: async () => {
      const submission = validateForm(form, ConfigurationSchema);
      if (submission.status !== "success") return refuse(submission, {}, 400, { target: "configure" });
      try {
        const changed = await saveConfiguration(getDb(), submission.value, formVersion(form), causerOf(user));
        if (!changed) return redirectWithFlash(request, ADMIN_PATH, { kind: "info", message: "credits.unchanged" });
        const unusable = submission.value.is_active && !isConfigured(aiConfig());
        return redirectWithFlash(request, ADMIN_PATH, unusable ? { kind: "info", message: "ai.setup.savedNotConfigured" } : { kind: "success", message: "credits.admin.saved" });
      } catch (error) {
        const refusal = commonRefusal(error, STALE);
        if (!refusal) throw error;
        return refuse(submission, refusal.errors, refusal.status, { target: "configure" });
      }
    },
    status: async () => {
      const submission = validateForm(form, OrderStatusSchema);
      if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
      return changeStatus(request, submission.value.orderId, submission.value.status, user, ADMIN_PATH);
    },
  });
}
