import { createCookie, type Cookie, type CookieOptions } from "@remix-run/node";
import { sessionMaxAgeSeconds, sessionSecrets } from "~/server/env.server";

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

const sessionCookieOptions: CookieOptions = {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: sessionSecrets(),
  maxAge: sessionMaxAgeSeconds(),
};

/** The session cookie over plain http (the local demo, the tests). */
export const sessionCookie = createCookie("sh_session", sessionCookieOptions);

/**
 * The session cookie over TLS: the `__Host-` prefix makes the browser accept it only with
 * Secure, Path=/ and no Domain, so neither a subdomain nor a plain-http page can set or shadow it.
 */
export const secureSessionCookie = createCookie("__Host-sh_session", { ...sessionCookieOptions, secure: true });

/** The session cookie for this request's protocol: written under this name and read only under it. */
export function sessionCookieFor(request: Request): Cookie {
  return isSecureRequest(request) ? secureSessionCookie : sessionCookie;
}

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

// The content language a reader chose (issue 37 §4), apart from the interface language: a preference.
export const contentLanguageCookie = createCookie("sh_content_lang", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * The known-device cookie (decision 0046): a random device id and the accounts that signed in
 * with a password in this browser, signed (HMAC-SHA256 with SESSION_SECRET) so nobody can add an
 * account to it. A year long, renewed at each sign-in; `__Host-` over TLS like the session.
 */
const deviceCookieOptions: CookieOptions = { path: "/", httpOnly: true, sameSite: "lax", secrets: sessionSecrets(), maxAge: 60 * 60 * 24 * 365 };
export const deviceCookie = createCookie("sh_device", deviceCookieOptions);
export const secureDeviceCookie = createCookie("__Host-sh_device", { ...deviceCookieOptions, secure: true });

export function deviceCookieFor(request: Request): Cookie {
  return isSecureRequest(request) ? secureDeviceCookie : deviceCookie;
}

/**
 * A sign-in with Microsoft whose e-mail names an existing, unlinked account (decision 0047): the
 * verified identity waits here, signed, for ten minutes while its owner proves the local password.
 */
export const ssoLinkCookie = createCookie("sh_sso_link", { path: "/auth/azure", httpOnly: true, sameSite: "lax", secrets: sessionSecrets(), maxAge: 600 });
