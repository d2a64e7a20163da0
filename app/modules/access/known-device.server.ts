import crypto from "node:crypto";
import { z } from "zod";
import { deviceCookieFor, serializeCookie } from "~/server/cookies.server";

/**
 * Known devices (OWASP Authentication Cheat Sheet, "device cookies"; decision 0046): a browser
 * that signed in to an account with its password carries a signed cookie naming the account, and
 * sign-in throttling treats it apart from the guessers. The id tells its own failures apart.
 */
const MAX_ACCOUNTS = 10;
const DeviceSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), users: z.array(z.number().int().positive()).max(MAX_ACCOUNTS) });
export type KnownDevice = z.infer<typeof DeviceSchema>;

/** This browser's device cookie when its signature holds, else null. */
export async function readKnownDevice(request: Request): Promise<KnownDevice | null> {
  const parsed = DeviceSchema.safeParse(await deviceCookieFor(request).parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie header that adds the account to this browser's known accounts (most recent first). */
export async function rememberDevice(request: Request, userId: number): Promise<string> {
  const known = await readKnownDevice(request);
  const value: KnownDevice = {
    id: known?.id ?? crypto.randomBytes(18).toString("base64url"),
    users: [userId, ...(known?.users ?? []).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS),
  };
  return serializeCookie(deviceCookieFor(request), request, value);
}
