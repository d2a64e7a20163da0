/**
 * The one check for every return path a request may carry (`redirectTo` of login, dialogs,
 * language and menu forms): only a path on this site. It must start with a single "/", and
 * contain no backslash or control character — browsers read "/\evil.example" and "/\t/evil"
 * as another host. Anything else falls back. The path returned is percent-encoded, so it can
 * always go into a Location header. Client-safe: dialogs use it for their links too.
 */
export function safeRedirectPath(to: unknown, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(to, "http://servicehub.invalid");
  } catch {
    return fallback;
  }
  if (resolved.origin !== "http://servicehub.invalid") return fallback;
  if (resolved.pathname === "/login") return fallback;
  // As the URL parser wrote it: every character outside ASCII percent-encoded. A Location header
  // carries bytes, not text — a character above U+00FF cannot be sent at all (the redirect was a
  // 500) and one in Latin-1 would go out as a raw byte the browser may read differently.
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
