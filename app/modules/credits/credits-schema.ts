import { z } from "zod";
import { MAX_ORDER, MIN_ORDER, MODE_KEYS, PACKAGE_KEYS } from "./credits";

/** The forms of the credit screens, used by the actions and the pages alike (messages are i18n keys). */

const amountRequired = "credits.errors.amountRequired";

/** Spec 02 §5: "Please enter an amount", "Minimum amount is 10 credits". */
export const OrderSchema = z.object({
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? amountRequired : "credits.errors.amountInvalid") })
    .int({ error: "credits.errors.amountInvalid" })
    .min(MIN_ORDER, { error: "credits.errors.amountMinimum" })
    .max(MAX_ORDER, { error: "credits.errors.amountMaximum" }),
});

/** A package's order button: the amount is the package's, never the client's. */
export const PackageOrderSchema = z.object({
  package: z.enum(PACKAGE_KEYS, { error: "credits.errors.packageUnknown" }),
});

/** Cancelling the pending order (by whoever may order). */
export const CancelOrderSchema = z.object({
  orderId: z.coerce.number().int().positive(),
});

/** A superadmin settles the pending order: paid (completed) or not (failed). */
export const OrderStatusSchema = z.object({
  orderId: z.coerce.number().int().positive(),
  status: z.enum(["completed", "failed"]),
});

/** The token configuration (superadmins). */
export const ConfigurationSchema = z.object({
  is_active: z.enum(["true", "false"], { error: "validation.required" }).transform((v) => v === "true"),
  current_mode: z.enum(MODE_KEYS, { error: "validation.required" }),
  monthly_contingent: z
    .number({ error: (issue) => (issue.input === undefined ? "validation.required" : "credits.errors.contingentInvalid") })
    .int({ error: "credits.errors.contingentInvalid" })
    .min(0, { error: "credits.errors.contingentInvalid" })
    .max(MAX_ORDER, { error: "credits.errors.contingentInvalid" }),
});

/** The billing side's body: POST /api/billing/orders/:id. */
export const BillingStatusSchema = z.object({
  status: z.enum(["completed", "failed"]),
});
