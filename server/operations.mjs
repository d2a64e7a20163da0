// @ts-check
// Operations around the Remix handler (issue 21 §7): health and readiness, the version header,
// structured request logs and graceful shutdown. Plain JS so server.mjs loads it without a build
// step; the pure parts are unit-tested in tests/unit/server/operations.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const VERSION_HEADER = "X-ServiceHub-Version";
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The running version: package.json's version, with the commit the build was made from when
 * `npm run build` recorded one (build/version.json, written by scripts/build-version.mjs), or
 * GIT_SHA from the environment (a container build that has no .git).
 * @param {{ buildDir: string, rootDir: string, env?: Record<string, string | undefined> }} where
 * @returns {string} e.g. "0.1.0+38b2dc6" or "0.1.0"
 */
export function readVersion({ buildDir, rootDir, env = process.env }) {
  let version = "0.0.0";
  let commit = "";
  try {
    version = String(JSON.parse(fs.readFileSync(path.join(rootDir, "package.json"), "utf8")).version ?? version);
  } catch {
    // no package.json next to the server: keep the placeholder
  }
  try {
    const recorded = JSON.parse(fs.readFileSync(path.join(buildDir, "version.json"), "utf8"));
    if (typeof recorded.version === "string") version = recorded.version;
    if (typeof recorded.commit === "string") commit = recorded.commit;
  } catch {
    // a build without version.json (older build script)
  }
  if (env.GIT_SHA) commit = env.GIT_SHA;
  commit = commit.toLowerCase().replace(/[^0-9a-f]/g, "").slice(0, 12);
  return commit ? `${version}+${commit}` : version;
}

/**
 * The request id: a trusted proxy's X-Request-Id when it looks like one (so the proxy's and our
 * log lines match), otherwise a fresh one. A client's own value never counts without TRUST_PROXY.
 * @param {string | string[] | undefined} incoming
 * @param {boolean} trustProxy
 */
export function requestIdFor(incoming, trustProxy) {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  if (trustProxy && value && /^[A-Za-z0-9._:-]{8,128}$/.test(value)) return value;
  return crypto.randomBytes(12).toString("base64url");
}

/**
 * Whether request logs are written: on unless LOG_REQUESTS=0 (or LOG_FORMAT=off). The only format
 * is JSON lines.
 * @param {Record<string, string | undefined>} env
 */
export function requestLoggingEnabled(env) {
  return !(env.LOG_REQUESTS === "0" || env.LOG_REQUESTS === "false" || env.LOG_FORMAT === "off");
}

/**
 * One request as a JSON line. The path without its query string (a search term or a token may be
 * personal); the user only as the numeric id; no address, no e-mail, no user agent.
 * @param {{ time: Date, method: string, url: string, status: number, durationMs: number, userId: number | null, requestId: string, bytes?: number | null }} entry
 */
export function requestLogLine(entry) {
  const q = entry.url.indexOf("?");
  const pathOnly = (q < 0 ? entry.url : entry.url.slice(0, q)).slice(0, 512);
  return JSON.stringify({
    time: entry.time.toISOString(),
    level: entry.status >= 500 ? "error" : "info",
    msg: "request",
    method: entry.method,
    path: pathOnly,
    status: entry.status,
    ms: Math.round(entry.durationMs * 10) / 10,
    user: entry.userId,
    req: entry.requestId,
    ...(entry.bytes != null ? { bytes: entry.bytes } : {}),
  });
}

/**
 * Shutdown timing from the environment (seconds): SHUTDOWN_DELAY_SECONDS (default 0) keeps
 * accepting requests while /readyz already answers 503, so a load balancer stops sending new
 * ones first; SHUTDOWN_TIMEOUT_SECONDS (default 10) bounds how long requests in flight may take.
 * @param {Record<string, string | undefined>} env
 */
export function shutdownTiming(env) {
  /** @type {(value: string | undefined, fallback: number, max: number) => number} */
  const seconds = (value, fallback, max) => {
    const n = Number(value);
    return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 ? Math.min(n, max) : fallback;
  };
  return {
    delayMs: seconds(env.SHUTDOWN_DELAY_SECONDS, 0, 120) * 1000,
    timeoutMs: seconds(env.SHUTDOWN_TIMEOUT_SECONDS, 10, 600) * 1000,
  };
}

/**
 * The answer of GET /healthz: 200 when a trivial database query succeeded in time, else 503.
 * @param {boolean} databaseOk
 * @param {string} version
 */
export function healthAnswer(databaseOk, version) {
  return { status: databaseOk ? 200 : 503, body: { status: databaseOk ? "ok" : "unavailable", database: databaseOk ? "ok" : "unreachable", version } };
}

/**
 * The answer of GET /readyz: 200 once started and while not shutting down.
 * @param {"starting" | "ready" | "draining"} state
 */
export function readyAnswer(state) {
  return { status: state === "ready" ? 200 : 503, body: { status: state } };
}

/**
 * Resolves with `promise`'s value, or with `fallback` after `ms` (a hung database connection
 * must not hang the health check).
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {T} fallback
 * @returns {Promise<T>}
 */
export function withTimeout(promise, ms, fallback) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
