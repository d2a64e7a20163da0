import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  healthAnswer,
  readVersion,
  readyAnswer,
  requestIdFor,
  requestLogLine,
  requestLoggingEnabled,
  shutdownTiming,
  withTimeout,
} from "../../../server/operations.mjs";
import { securityHeaders } from "../../../server/security.mjs";

describe("readVersion", () => {
  function dirs(pkg: unknown, recorded?: unknown) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "sh-version-"));
    fs.mkdirSync(path.join(root, "build"));
    if (pkg !== undefined) fs.writeFileSync(path.join(root, "package.json"), JSON.stringify(pkg));
    if (recorded !== undefined) fs.writeFileSync(path.join(root, "build", "version.json"), JSON.stringify(recorded));
    return { rootDir: root, buildDir: path.join(root, "build") };
  }

  it("is package.json's version plus the commit the build recorded", () => {
    expect(readVersion({ ...dirs({ version: "1.2.3" }, { version: "1.2.3", commit: "0123456789abcdef" }), env: {} })).toBe("1.2.3+0123456789ab");
  });
  it("is the bare version without a recorded commit, and GIT_SHA stands in for one", () => {
    expect(readVersion({ ...dirs({ version: "1.2.3" }), env: {} })).toBe("1.2.3");
    expect(readVersion({ ...dirs({ version: "1.2.3" }), env: { GIT_SHA: "feedbeef" } })).toBe("1.2.3+feedbeef");
  });
  it("never puts anything but hex digits of a commit into the header", () => {
    expect(readVersion({ ...dirs({ version: "1.2.3" }), env: { GIT_SHA: "abc\r\nX-Evil: 1" } })).toBe("1.2.3+abce1");
    expect(readVersion({ ...dirs(undefined), env: {} })).toBe("0.0.0");
  });
});

describe("requestIdFor", () => {
  it("makes a fresh id unless a trusted proxy sent a plausible one", () => {
    expect(requestIdFor("proxy-id-000001", true)).toBe("proxy-id-000001");
    expect(requestIdFor("proxy-id-000001", false)).not.toBe("proxy-id-000001");
    expect(requestIdFor("bad id with spaces", true)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(requestIdFor(undefined, true)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });
});

describe("requestLogLine", () => {
  it("is one JSON object with the path without its query", () => {
    const line = requestLogLine({ time: new Date("2026-11-26T10:00:00.000Z"), method: "POST", url: "/login?redirectTo=%2Fx&email=a@b.c", status: 302, durationMs: 12.345, userId: null, requestId: "r1" });
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({ time: "2026-11-26T10:00:00.000Z", level: "info", msg: "request", method: "POST", path: "/login", status: 302, ms: 12.3, user: null, req: "r1" });
  });
  it("marks server errors and keeps the user id", () => {
    expect(JSON.parse(requestLogLine({ time: new Date(), method: "GET", url: "/x", status: 500, durationMs: 1, userId: 7, requestId: "r" }))).toMatchObject({ level: "error", user: 7 });
  });
});

describe("settings", () => {
  it("request logs are on unless turned off", () => {
    expect(requestLoggingEnabled({})).toBe(true);
    expect(requestLoggingEnabled({ LOG_REQUESTS: "0" })).toBe(false);
    expect(requestLoggingEnabled({ LOG_FORMAT: "off" })).toBe(false);
  });
  it("shutdown waits 0 s before closing and at most 10 s for requests in flight by default", () => {
    expect(shutdownTiming({})).toEqual({ delayMs: 0, timeoutMs: 10_000 });
    expect(shutdownTiming({ SHUTDOWN_DELAY_SECONDS: "5", SHUTDOWN_TIMEOUT_SECONDS: "30" })).toEqual({ delayMs: 5_000, timeoutMs: 30_000 });
    expect(shutdownTiming({ SHUTDOWN_DELAY_SECONDS: "x", SHUTDOWN_TIMEOUT_SECONDS: "-1" })).toEqual({ delayMs: 0, timeoutMs: 10_000 });
  });
});

describe("answers", () => {
  it("healthz and readyz", () => {
    expect(healthAnswer(true, "1.0.0")).toEqual({ status: 200, body: { status: "ok", database: "ok", version: "1.0.0" } });
    expect(healthAnswer(false, "1.0.0").status).toBe(503);
    expect(readyAnswer("ready")).toEqual({ status: 200, body: { status: "ready" } });
    expect(readyAnswer("starting").status).toBe(503);
    expect(readyAnswer("draining")).toEqual({ status: 503, body: { status: "draining" } });
  });
  it("withTimeout gives the fallback for a hanging or failing promise", async () => {
    expect(await withTimeout(Promise.resolve(true), 50, false)).toBe(true);
    expect(await withTimeout(new Promise<boolean>(() => {}), 10, false)).toBe(false);
    expect(await withTimeout(Promise.reject(new Error("x")), 50, false)).toBe(false);
  });
});

describe("securityHeaders (issue 21 §5)", () => {
  const csp = (h: Record<string, string>) => Object.fromEntries(h["Content-Security-Policy"].split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
  it("scripts only from self and this request's nonce, never unsafe-inline or unsafe-eval", () => {
    const policy = csp(securityHeaders("abc123"));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
  });
  it("no framing, nosniff, a referrer policy", () => {
    const h = securityHeaders("n");
    expect(csp(h)["frame-ancestors"]).toEqual(["'none'"]);
    expect(h["X-Frame-Options"]).toBe("DENY");
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
  it("HSTS only for a request that came over TLS", () => {
    expect(securityHeaders("n")["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("n", { tls: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("n", { tls: true })["Strict-Transport-Security"]).toBe("max-age=31536000");
  });
});
