import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "~/server/db/db.server";
import { getLocalLoginEnabled } from "~/server/settings.server";
import { azureMode } from "./azure-config.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoginSchema } from "~/modules/access/schemas";
import { admitLogin, deviceStillTrusted, loginSucceeded, type LoginRefusal } from "~/modules/access/login-attempt.server";
import { findUserByEmail, verifyLogin, type SessionUser } from "~/modules/access/user.server";
import { readKnownDevice } from "./known-device.server";

/** A refused sign-in: the status to answer with and the form's message (an i18n key). */
export class LoginError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 429,
    readonly formError: string,
    /** Seconds until a refused try may come again (429 only; sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`login refused (${status})`);
  }
}

/** The form's message for a throttled try: minutes for the per-client limits, seconds for the account's delay. */
export function throttled(refusal: LoginRefusal): LoginError {
  const { reason, retryAfterSeconds } = refusal;
  const message = reason === "account-delay" ? `auth.tryAgainInSeconds|seconds=${retryAfterSeconds}` : `auth.tooManyAttempts|minutes=${Math.ceil(retryAfterSeconds / 60)}`;
  return new LoginError(429, message, retryAfterSeconds);
}

/**
 * The client's address. server.mjs sets X-Forwarded-For to exactly the address it resolved
 * (the socket's, or a trusted proxy's claim with TRUST_PROXY), whatever the client sent.
 */
export function clientIp(request: Request): string | null {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    // The login action has validated the form already; this guards other callers of the strategy.
    const submission = parseWithZod(form, { schema: LoginSchema });
    if (submission.status !== "success") throw new LoginError(400, "auth.invalidCredentials");
    const { email, password } = submission.value;
    const db = getDb();
    const ip = clientIp(request);
    // A browser that signed in to this account before is not refused for others' guesses (decision 0046).
    const device = await readKnownDevice(request);
    const account = device ? await findUserByEmail(db, email) : undefined;
    const trusted = device && account && device.users.includes(account.id) && (await deviceStillTrusted(db, device.id)) ? device.id : null;
    // Decided (and the try recorded) before the password is checked, so a throttled account cannot be probed further.
    const refusal = await admitLogin(db, email, { ip, device: trusted });
    if (refusal) throw throttled(refusal);
    const user = await verifyLogin(db, email, password);
    // One message for unknown e-mail and wrong password alike; the admitted try stays as the failure.
    if (!user) throw new LoginError(401, "auth.invalidCredentials");
    await loginSucceeded(db, email, { ip, device: device?.id ?? null });
    if (user.role !== "superadmin" && azureMode() && !(await getLocalLoginEnabled(db))) throw new LoginError(403, "auth.localLoginDisabled");
    return user;
  }),
  "form",
);
