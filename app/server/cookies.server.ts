import { createCookie, type Cookie, type CookieOptions } from "@remix-run/node";
import { sessionSecrets } from "~/server/env.server";

/**
 * `Secure` follows the request's protocol, not NODE_ENV: the production build serves plain
 * http on localhost for the demo and the tests, where a Secure cookie would never come back.
 * Behind a TLS-terminating proxy set TRUST_PROXY=1 so the forwarded protocol counts.
 */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || process.env.COOKIE_SECURE === "1";
}

export function serializeCookie(cookie: Cookie, request: Request, value: unknown, options?: CookieOptions) {
  return cookie.serialize(value, { secure: isSecureRequest(request), ...options });
}

export const sessionCookie = createCookie("sh_session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: sessionSecrets(),
  maxAge: 60 * 60 * 24 * 30,
});

export const flashCookie = createCookie("sh_flash", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: sessionSecrets(),
  maxAge: 60,
});

// Side-menu preferences: a cookie (not browser storage) so the server renders the right state, also without JS.
export const prefsCookie = createCookie("sh_prefs", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});
