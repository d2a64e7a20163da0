import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { factories, type Factories } from "../factories";
import { sharedDatabase, startAppServer, type AppServer, type SharedDatabase } from "../support/app-servers";
import { postForm, rawRequest, type RawAnswer } from "../support/raw-http";

// Two app servers on one database (issue 21 §6): whatever one server does — a sign-in, a
// counted failure, a save, a flash message — the other sees, because none of it lives in process
// memory. On one SQLite file in `npm test`; on Postgres in CI (MULTI_SERVER_DATABASE_URL).
// Both servers trust one proxy hop (TRUST_PROXY=1), as behind a load balancer, so the test can
// also speak "over TLS" through X-Forwarded-Proto.

test.describe.configure({ mode: "serial" });

let shared: SharedDatabase;
let make: Factories;
let a: AppServer;
let b: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shared = await sharedDatabase("multi");
  make = factories(shared.db);
  [a, b] = await Promise.all([startAppServer(shared.url, { TRUST_PROXY: "1" }), startAppServer(shared.url, { TRUST_PROXY: "1" })]);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  // Graceful shutdown of the real app: requests finished, database closed, exit 0.
  const codes = await Promise.all([a?.stop(), b?.stop()]);
  await shared?.drop();
  expect(codes).toEqual([0, 0]);
});

/** A loopback address of its own, so the per-client limits of one test never meet another's. */
function client(): string {
  const [x, y, z] = crypto.randomBytes(3);
  return `127.${x || 1}.${y}.${(z % 250) + 2}`;
}

/** The `name=value` of a Set-Cookie the answer carries for this cookie name. */
function cookie(answer: RawAnswer, name: string): string | null {
  const all = answer.headers["set-cookie"] ?? [];
  const header = all.find((c) => c.startsWith(`${name}=`));
  return header ? header.split(";")[0] : null;
}

const signIn = (server: AppServer, email: string, password: string, extra: Parameters<typeof postForm>[3] = {}) => postForm(server.baseURL, "/login", { email, password }, extra);
const page = (server: AppServer, path: string, cookies: string, headers: Record<string, string> = {}) => rawRequest(server.baseURL, { path, headers: { Cookie: cookies, ...headers } });

test("the database is the one the test names", async () => {
  expect(shared.dialect).toBe(process.env.MULTI_SERVER_DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite");
});

test("a session made on A works on B; signing out on B ends it on A", async () => {
  const user = await make.user("keyuser");
  const login = await signIn(a, user.email, user.password, { localAddress: client() });
  expect(login.status).toBe(302);
  const session = cookie(login, "sh_session");
  expect(session).not.toBeNull();

  const onB = await page(b, "/dashboard", session!);
  expect(onB.status).toBe(200);
  expect(onB.body).toContain(user.name);

  const logout = await postForm(b.baseURL, "/logout", {}, { headers: { Cookie: session! } });
  expect([302, 303]).toContain(logout.status);
  const onA = await page(a, "/dashboard", session!);
  expect(onA.status).toBe(302);
  expect(onA.headers.location).toMatch(/^\/login/);
});

test("signing in on B with A's session cookie gives a new session id and ends the old one", async () => {
  const user = await make.user("keyuser");
  const first = cookie(await signIn(a, user.email, user.password, { localAddress: client() }), "sh_session")!;
  const again = await signIn(b, user.email, user.password, { localAddress: client(), headers: { Cookie: first } });
  expect(again.status).toBe(302);
  const second = cookie(again, "sh_session")!;
  expect(second).not.toBe(first);
  expect((await page(a, "/dashboard", first)).status).toBe(302);
  expect((await page(a, "/dashboard", second)).status).toBe(200);
});

test("failed sign-ins counted on A refuse on B (rate limit in the database)", async () => {
  const user = await make.user("keyuser");
  const from = client();
  for (let i = 0; i < 5; i++) expect((await signIn(a, user.email, `wrong-${i}`, { localAddress: from })).status).toBe(401);
  // The sixth try, even with the right password, goes to the other server: refused there too.
  const onB = await signIn(b, user.email, user.password, { localAddress: from });
  expect(onB.status).toBe(429);
  expect(cookie(onB, "sh_session")).toBeNull();
  // Another client is not affected.
  expect((await signIn(b, user.email, user.password, { localAddress: client() })).status).toBe(302);
});

test("password-reset requests counted on A and B together: the 11th from one client is refused", async () => {
  const from = client();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const server = i % 2 === 0 ? a : b;
    statuses.push((await postForm(server.baseURL, "/reset-password", { email: `nobody-${i}-${crypto.randomBytes(3).toString("hex")}@example.com` }, { localAddress: from })).status);
  }
  expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
});

test("a save on A makes B refuse the stale form; A's flash message is shown by B", async () => {
  const user = await make.user("keyuser");
  const session = cookie(await signIn(a, user.email, user.password, { localAddress: client() }), "sh_session")!;
  const owner = { id: await make.owner({ name: `Vorher ${crypto.randomBytes(3).toString("hex")}`, updated_at: "2026-01-01T00:00:00.000Z" }) };
  const loaded = "2026-01-01T00:00:00.000Z"; // the version both servers' forms were rendered with

  const saveA = await postForm(a.baseURL, `/basedata/owner/${owner.id}/edit`, { name: "Gespeichert auf A", representatives: "", updated_at: loaded }, { headers: { Cookie: session } });
  expect(saveA.status).toBe(302);
  const flash = cookie(saveA, "sh_flash");
  expect(flash).not.toBeNull();

  const staleB = await postForm(b.baseURL, `/basedata/owner/${owner.id}/edit`, { name: "Veraltet auf B", representatives: "", updated_at: loaded }, { headers: { Cookie: session } });
  expect(staleB.status).toBe(409);
  expect((await shared.db.selectFrom("owners").select("name").where("id", "=", owner.id).executeTakeFirstOrThrow()).name).toBe("Gespeichert auf A");

  // The redirect target, fetched from B with A's flash cookie: B shows the toast and clears it.
  const shown = await page(b, saveA.headers.location!, `${session}; ${flash}`);
  expect(shown.status).toBe(200);
  expect(shown.body).toContain('data-testid="toast"');
  expect(shown.headers["set-cookie"]?.some((c) => /^sh_flash=;.*Max-Age=0/i.test(c))).toBe(true);
});

test("over TLS (a trusted proxy's X-Forwarded-Proto): __Host- session cookie from A accepted by B, HSTS, the plain name ignored", async () => {
  const user = await make.user("keyuser");
  const tls = { "X-Forwarded-Proto": "https" };
  const login = await signIn(a, user.email, user.password, { localAddress: client(), headers: tls });
  expect(login.status).toBe(302);
  expect(login.headers["strict-transport-security"]).toBe("max-age=31536000");
  const header = login.headers["set-cookie"]!.find((c) => c.startsWith("__Host-sh_session="))!;
  expect(header).toBeDefined();
  expect(header).toMatch(/; Secure/i);
  expect(header).toMatch(/; Path=\/(;|$)/i);
  expect(header).toMatch(/; HttpOnly/i);
  expect(header).toMatch(/; SameSite=Lax/i);
  expect(header).not.toMatch(/; Domain=/i);
  expect(cookie(login, "sh_session")).toBeNull();
  const secure = header.split(";")[0];

  expect((await page(b, "/dashboard", secure, tls)).status).toBe(200);
  // The same id under the plain-http name does not open the session over TLS, nor the
  // __Host- cookie over plain http.
  const plain = `sh_session=${secure.slice("__Host-sh_session=".length)}`;
  expect((await page(b, "/dashboard", plain, tls)).status).toBe(302);
  expect((await page(b, "/dashboard", secure)).status).toBe(302);
});

test("health and readiness on both servers", async () => {
  for (const server of [a, b]) {
    const health = await rawRequest(server.baseURL, { path: "/healthz" });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok", database: "ok" });
    expect((await rawRequest(server.baseURL, { path: "/readyz" })).status).toBe(200);
  }
});
