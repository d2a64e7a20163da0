import { billingOrderAction, billingOrderLoader } from "~/modules/credits/billing-api.server";

/** GET and POST /api/billing/orders/$id — the billing side reads an order and marks it paid or failed (X-Api-Key). */
export const loader = billingOrderLoader;
export const action = billingOrderAction;
