import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { API_KEY_HEADER } from "~/modules/api/api-auth.server";
import { getDb } from "~/server/db/db.server";
import { env } from "~/server/env.server";
import { NotFoundError } from "~/server/errors.server";
import { readBodyText } from "~/server/request-body.server";
import { BillingStatusSchema } from "./credits-schema";
import { getOrder, OrderClosedError, setOrderStatus } from "./orders.server";

/**
 * The billing side's endpoint (issue 19 §5; README "API"): with BILLING_API_KEY in X-Api-Key it
 * reads an order and marks it paid (completed) or not (failed). JSON in, JSON out; a repeated
 * status is answered 200 with `changed: false`, another outcome of a closed order 409.
 *
 * Not the organisation's API key: that one is made by any admin (keysuperuser too) and handed to
 * other instances for the catalogue, and whoever completes orders adds credits without paying
 * (docs/decisions/0033-credits.md).
 */

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers });

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/** 401 unless the request carries the billing key; unset, nobody gets in. Compared in constant time. */
export function requireBillingKey(request: Request, expected: string | undefined = env().BILLING_API_KEY): void {
  const given = request.headers.get(API_KEY_HEADER) ?? "";
  if (!expected || !crypto.timingSafeEqual(digest(given), digest(expected))) {
    throw json({ message: "Unauthenticated." }, 401, { "WWW-Authenticate": `ApiKey header="${API_KEY_HEADER}"` });
  }
}

/** At most this many bytes of JSON: the body is one small object. */
const MAX_BODY = 4096;

function orderId(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw json({ message: "Not Found." }, 404);
  return id;
}

async function readStatus(request: Request) {
  if (!/^application\/json\b/i.test(request.headers.get("Content-Type") ?? "")) throw json({ message: "Send the body as application/json." }, 415);
  // Counted while it streams: a huge body is refused at its 4,097th byte, never read whole.
  const text = await readBodyText(request, MAX_BODY).catch((error: unknown) => {
    if (error instanceof Response && error.status === 413) throw json({ message: "Body too large." }, 413);
    throw json({ message: "The body could not be read." }, 400);
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw json({ message: "The body is not valid JSON." }, 400);
  }
  const parsed = BillingStatusSchema.safeParse(body);
  if (!parsed.success) throw json({ message: 'The body must be {"status": "completed"} or {"status": "failed"}.' }, 422);
  return parsed.data.status;
}

async function found<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof NotFoundError) throw json({ message: "Not Found." }, 404);
    throw error;
  }
}

/** GET /api/billing/orders/:id — the order, to check amount and status before charging. */
export async function billingOrderLoader({ request, params }: LoaderFunctionArgs) {
  requireBillingKey(request);
  const id = orderId(params.id);
  return json({ order: await found(() => getOrder(getDb(), id)) });
}

/** POST /api/billing/orders/:id — {"status": "completed" | "failed"}. */
export async function billingOrderAction({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ message: "Method Not Allowed." }, 405);
  requireBillingKey(request);
  const id = orderId(params.id);
  const status = await readStatus(request);
  try {
    const { changed, order } = await found(() => setOrderStatus(getDb(), id, status, { billing: true }));
    return json({ changed, order });
  } catch (error) {
    if (error instanceof OrderClosedError) return json({ message: `The order is ${error.order.status}.`, order: error.order }, 409);
    throw error;
  }
}
