import crypto from "node:crypto";
import { expect, test } from "../support/fixtures";
import { postForm, rawRequest } from "../support/raw-http";

// Operations and headers of the running app (issue 21 §5, §7), as a client or a load balancer
// sees them.

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`;
const VERSION = /^\d+\.\d+\.\d+(\+[0-9a-f]{7,12})?$/;

test("/healthz answers 200 JSON with the database reachable, without a session", async () => {
  const answer = await rawRequest(base(), { path: "/healthz" });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toContain("application/json");
  const body = JSON.parse(answer.body) as { status: string; database: string; version: string };
  expect(body).toMatchObject({ status: "ok", database: "ok" });
  expect(body.version).toMatch(VERSION);
  expect(answer.headers["set-cookie"]).toBeUndefined();
});

test("/readyz answers 200 while serving", async () => {
  const answer = await rawRequest(base(), { path: "/readyz" });
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toEqual({ status: "ready" });
});

test("every kind of answer names the version and a request id", async () => {
  const html = await rawRequest(base(), { path: "/login" });
  const asset = html.body.match(/\/assets\/[^"]+\.(js|css)/)?.[0];
  expect(asset).toBeTruthy();
  for (const path of ["/login", asset!, "/favicon.ico", "/no-such-page", "/login.data", "/%E0%A4%A"]) {
    const answer = await rawRequest(base(), { path });
    expect(answer.headers["x-servicehub-version"], path).toMatch(VERSION);
    expect(answer.headers["x-request-id"], path).toBeTruthy();
  }
  const first = await rawRequest(base(), { path: "/readyz" });
  const second = await rawRequest(base(), { path: "/readyz" });
  expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
});

test("a page's scripts run by this answer's nonce; no unsafe-inline for scripts, no framing, nosniff, a referrer policy, no HSTS over http", async () => {
  const answer = await rawRequest(base(), { path: "/login" });
  const csp = String(answer.headers["content-security-policy"]);
  const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(scriptSrc).not.toContain("unsafe-eval");
  const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  const scripts = [...answer.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) if (!/\bsrc=/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(answer.headers["strict-transport-security"]).toBeUndefined();
  // Another answer, another nonce.
  expect((await rawRequest(base(), { path: "/login" })).headers["content-security-policy"]).not.toBe(csp);
});

test("the session cookie over plain http: sh_session, HttpOnly, SameSite=Lax, Path=/, no Domain; a new id at every sign-in", async ({ make }) => {
  const user = await make.user("keyuser");
  const [x, y] = crypto.randomBytes(2);
  const from = `127.${x || 1}.${y}.9`;
  const first = await postForm(base(), "/login", { email: user.email, password: user.password }, { localAddress: from });
  expect(first.status).toBe(302);
  const header = first.headers["set-cookie"]!.find((c) => c.startsWith("sh_session="))!;
  expect(header).toMatch(/; HttpOnly/i);
  expect(header).toMatch(/; SameSite=Lax/i);
  expect(header).toMatch(/; Path=\/(;|$)/i);
  expect(header).not.toMatch(/; Domain=/i);
  expect(header).not.toMatch(/; Secure/i);
  const second = await postForm(base(), "/login", { email: user.email, password: user.password }, { localAddress: from, headers: { Cookie: header.split(";")[0] } });
  const again = second.headers["set-cookie"]!.find((c) => c.startsWith("sh_session="))!;
  expect(again.split(";")[0]).not.toBe(header.split(";")[0]);
});
