// @ts-check
// Security rules applied to every response by server.mjs. Plain JS so the production server
// can load it without a build step; unit-tested in tests/unit/server/security.test.ts.

/**
 * Headers for every response. Scripts need the per-request nonce (Remix's inline hydration
 * data, Mantine's colour-scheme script); styles allow inline because Mantine sets style attributes.
 * @param {string} nonce
 * @returns {Record<string, string>}
 */
export function securityHeaders(nonce) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from another site. Browsers send `Origin` on every
 * cross-origin POST and `Sec-Fetch-Site` on all requests; a request with neither (curl, a
 * server-to-server client) carries no cookies a forgery could abuse, so it passes.
 * @param {{ method: string, origin?: string | null, secFetchSite?: string | null, host: string, protocol: string }} req
 */
export function isCrossSiteRequest(req) {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  if (req.secFetchSite && req.secFetchSite !== "same-origin" && req.secFetchSite !== "none") return true;
  if (req.origin) {
    if (req.origin === "null") return true;
    let originHost;
    try {
      originHost = new URL(req.origin).host;
    } catch {
      return true;
    }
    return originHost !== req.host;
  }
  return false;
}
