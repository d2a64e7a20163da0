// @ts-check
// Security rules applied to every response by server.mjs. Plain JS so the production server
// can load it without a build step; unit-tested in tests/unit/server/security.test.ts.

/**
 * Answers our own pages show in a frame: the T.O.M. viewer embeds /tom.pdf (issue 16 §5). Only
 * these may be framed, and only by this origin; every other answer stays unframeable. Pages need
 * nothing more to embed them: `default-src 'self'` already covers same-origin frames (frame-src).
 */
const FRAMEABLE_BY_SELF = new Set(["/tom.pdf"]);

/**
 * @param {string} path  the request's path, without the query
 */
export function frameableBySelf(path) {
  return FRAMEABLE_BY_SELF.has(path);
}

/**
 * Headers for every response. Scripts need the per-request nonce (Remix's inline hydration
 * data, Mantine's colour-scheme script); styles allow inline because Mantine sets style attributes.
 * HSTS only when the request came over TLS (directly, or as a trusted proxy's X-Forwarded-Proto
 * says — express's `req.secure` with TRUST_PROXY): over plain http a browser ignores it anyway,
 * and a local demo on http must not pin its host name to https.
 * @param {string} nonce
 * @param {{ frameableBySelf?: boolean, tls?: boolean }} [options]  frameableBySelf: true only for the paths `frameableBySelf` names
 * @returns {Record<string, string>}
 */
export function securityHeaders(nonce, options = {}) {
  const framing = options.frameableBySelf === true;
  const formTargets = ["'self'", ...signInOrigins()].join(" ");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Forms post here only — and, in Azure mode, to the identity provider: the sign-in and logout
    // forms end in a redirect there, which form-action also governs.
    `form-action ${formTargets}`,
    framing ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": framing ? "SAMEORIGIN" : "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    // One year; no includeSubDomains: other hosts of the organisation's domain are not ours to pin.
    ...(options.tls === true ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

/**
 * The identity provider's origin in Azure mode (issue 14): Entra ID's, or AZURE_AUTHORITY's.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
export function signInOrigins(env = process.env) {
  if (!env.AZURE_TENANT_ID || !env.AZURE_CLIENT_ID || !env.AZURE_CLIENT_SECRET || !env.AZURE_REDIRECT_URI) return [];
  try {
    return [new URL(env.AZURE_AUTHORITY || "https://login.microsoftonline.com").origin];
  } catch {
    return [];
  }
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

/** Headers a proxy sets; they describe the original request only when a proxy we trust set them. */
const FORWARDED_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-for", "forwarded"];

/**
 * Makes the request's forwarded headers trustworthy before anything reads them. Without
 * TRUST_PROXY every X-Forwarded-* header is a client's claim: it is removed, so neither the
 * request URL Remix builds (host, port, protocol) nor a rate limit (client address) can be
 * steered from outside. Then X-Forwarded-For carries exactly one value, the client address as
 * the server resolved it (`req.ip`, which honours the trusted proxy hops).
 * @param {Record<string, string | string[] | undefined>} headers  mutated in place
 * @param {boolean} trustProxy
 */
export function normaliseForwardedHeaders(headers, trustProxy) {
  if (!trustProxy) for (const name of FORWARDED_HEADERS) delete headers[name];
}

/**
 * @param {Record<string, string | string[] | undefined>} headers  mutated in place
 * @param {string | undefined} clientIp
 */
export function setClientAddress(headers, clientIp) {
  if (clientIp) headers["x-forwarded-for"] = clientIp;
  else delete headers["x-forwarded-for"];
}

// C0 controls and DEL, percent-encoded or raw (a raw one cannot pass Node's parser, but be sure).
// eslint-disable-next-line no-control-regex
const CONTROL_IN_QUERY = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/gi;

/**
 * The request target with control characters removed from its query string: a NUL or a
 * backspace in a search term is never what a user meant, and below this point nothing has to
 * guard against them (search index, SQL, redirects, logs). The path is left alone: its
 * parameters are matched against known routes and ids.
 * @param {string} url  the request target, e.g. "/servicecatalog?q=ab%00cd"
 */
export function stripQueryControlCharacters(url) {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const query = url.slice(q + 1);
  const cleaned = query.replace(CONTROL_IN_QUERY, "");
  return cleaned === query ? url : `${url.slice(0, q + 1)}${cleaned}`;
}

/**
 * Headers every answer gets besides the security headers, decided when the answer starts:
 * pages and data are per user, never stored by a browser or proxy unless the route said how
 * (fingerprinted assets and images set their own Cache-Control).
 * @param {{ hasCacheControl: boolean }} state
 * @returns {Record<string, string>}
 */
export function answerHeaders({ hasCacheControl }) {
  return hasCacheControl ? {} : { "Cache-Control": "private, no-store" };
}

/**
 * Whether a request uses Remix's data protocol from before single fetch (`?_data=<route id>`).
 * This app's browser code never sends it (single fetch asks for `<path>.data`), and the
 * framework's old path answers some such requests with a 500 (a form action's refusal, an action
 * that is not there): refused as a whole instead.
 * @param {string} url  the request target, e.g. "/login?_data=routes%2F_auth.login"
 */
export function isLegacyDataRequest(url) {
  const q = url.indexOf("?");
  if (q < 0) return false;
  return new URLSearchParams(url.slice(q + 1)).has("_data");
}

/** Secrets anyone can read (the code's development fallback, the example file): never good enough for production. */
const PUBLIC_SECRETS = new Set(["servicehub-dev-secret-change-me", "change-me-to-a-long-random-string"]);

/**
 * The start-up check of the settings the server cannot run safely without.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]} problems, empty when the server may start
 */
export function startupProblems(env) {
  const problems = [];
  if (env.NODE_ENV === "production") {
    if (!env.APP_URL) problems.push("APP_URL is not set: in production it must be the public address of ServiceHub (e.g. https://servicehub.example.com); mailed links use it.");
    // Without it the cookies would be signed with the development secret, which is public (it is in the code).
    if (!env.SESSION_SECRET) problems.push("SESSION_SECRET is not set: in production it must be a long random value (e.g. from `openssl rand -hex 32`), the same on every server; it signs the session and other cookies.");
    else if (PUBLIC_SECRETS.has(env.SESSION_SECRET)) problems.push("SESSION_SECRET is a published example value: in production set a long random value of your own (e.g. from `openssl rand -hex 32`).");
  }
  if (env.SESSION_SECRET && env.SESSION_SECRET.length < 16) problems.push("SESSION_SECRET is too short: use at least 16 characters (a random value of 32 or more is recommended).");
  if (env.APP_URL) {
    try {
      const url = new URL(env.APP_URL);
      if (url.protocol !== "http:" && url.protocol !== "https:") problems.push(`APP_URL must be an http(s) address, not ${env.APP_URL}.`);
    } catch {
      problems.push(`APP_URL is not a valid address: ${env.APP_URL}.`);
    }
  }
  return problems;
}
