import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "~/server/db/db.server";
import { getLocalLoginEnabled } from "~/server/settings.server";
import { azureMode } from "./azure-config.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoginSchema } from "~/modules/access/schemas";
import { LOCKOUT_WINDOW_MS, clearFailedLogins, isLockedOut, recordFailedLogin } from "~/modules/access/login-attempt.server";
import { verifyLogin, type SessionUser } from "~/modules/access/user.server";

/** A refused sign-in: the status to answer with and the form's message (an i18n key). */
export class LoginError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 429,
    readonly formError: string,
  ) {
    super(`login refused (${status})`);
  }
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
    // Checked before the password, so a locked account cannot be probed further.
    if (await isLockedOut(db, email, ip)) {
      throw new LoginError(429, `auth.tooManyAttempts|minutes=${LOCKOUT_WINDOW_MS / 60_000}`);
    }
    const user = await verifyLogin(db, email, password);
    if (!user) {
      await recordFailedLogin(db, email, ip);
      // One message for unknown e-mail and wrong password alike.
      throw new LoginError(401, "auth.invalidCredentials");
    }
    await clearFailedLogins(db, email, ip);
    if (user.role !== "superadmin" && azureMode() && !(await getLocalLoginEnabled(db))) throw new LoginError(403, "auth.localLoginDisabled");
    return user;
  }),
  "form",
);
