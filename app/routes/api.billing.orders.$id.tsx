import { routeHandle } from "~/i18n/namespaces";
import { billingOrderAction, billingOrderLoader } from "~/modules/credits/billing-api.server";

export const handle = routeHandle({ i18n: ["basedata", "credits"] });

/** GET and POST /api/billing/orders/$id — the billing side reads an order and marks it paid or failed (X-Api-Key). */
export const loader = billingOrderLoader;
export const action = billingOrderAction;
