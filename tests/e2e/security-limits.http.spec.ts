import http from "node:http";
import { sessionCookie } from "~/server/cookies.server";
import { createSession } from "~/modules/access/session.server";
import { supportSubject } from "~/modules/support/support-mail";
import type { DB } from "~/server/db/db.server";
import { expect, findMail, test, TEST_PASSWORD, type TestUser } from "../support/fixtures";
import { hex } from "../support/helpers";
import { HOSTILE_PARAMETERS } from "../support/hostile-values";
import { postForm, rawRequest } from "../support/raw-http";

// Issue 31 §3, §8, §9 against the production build, as a client writes the requests.
// (§7, the start-up check, is tests/unit/server/start-up-checks.test.ts.)

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`;
const SUPPORT = process.env.SUPPORT_EMAIL ?? "support@servicehub.test";
const MB = 1024 * 1024;

async function cookieFor(db: DB, user: TestUser | { id: number }): Promise<string> {
  const id = await createSession(db, user.id, "security-limits-test");
  return (await sessionCookie.serialize(id)).split(";")[0];
}

interface StreamedAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Starts a request whose body would be `declared` bytes (or chunked without a length), sends only
 * its first `sent` bytes and then waits, the body unfinished: only a server that refuses the body
 * while it streams answers at all (one that reads it whole first would wait for the rest). No
 * more is written after that, so the server's closing of the connection cannot cut the answer off.
 */
function partialBody(path: string, headers: Record<string, string>, head: string, sent: number): Promise<StreamedAnswer> {
  const url = new URL(base());
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: "POST", path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"]), body: Buffer.concat(chunks).toString("utf8") });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.write(Buffer.concat([Buffer.from(head), Buffer.alloc(sent - head.length, "a")]));
  });
}

test.describe("§3 · form bodies have a size limit, signed out too", () => {
  test("a 200 MB urlencoded body to /language gets the 413 page before the body has come", async () => {
    const answer = await partialBody("/language", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(200 * MB) }, "lng=en&x=", 64 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.contentType).toContain("text/html");
    expect(answer.body).toContain("Das Formular ist zu groß");
  });

  test("without a declared length (chunked) the body is counted while it streams: 413 after 2 MB of it, before its end", async () => {
    const answer = await partialBody("/language", { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" }, "lng=en&x=", 2 * MB);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Das Formular ist zu groß");
  });

  test("a multipart text part past the limit gets the 413 page in the reader's language, before the body ends", async () => {
    const head = '--xyz\r\nContent-Disposition: form-data; name="lng"\r\n\r\n';
    const answer = await partialBody("/language", { "Content-Type": "multipart/form-data; boundary=xyz", "Transfer-Encoding": "chunked", "Accept-Language": "en" }, head, 2 * MB);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("The form is too large");
  });

  test("a form below the limit is read as before", async () => {
    const answer = await postForm(base(), "/language", { lng: "en", redirectTo: "/login", filler: "A".repeat(900_000) });
    expect(answer.status).toBe(302);
    expect(answer.headers["set-cookie"]?.join(";")).toMatch(/lng=/);
  });

  test("long rich text still fits where a form needs it: a service text of 150,000 '€' (1.35 MB percent-encoded) is saved", async ({ db, make }) => {
    const catalogue = await make.catalogue({ title: `Grenzen ${hex()}` });
    const category = await make.category(catalogue, { service_area_id: null });
    const service = await make.service(catalogue, category, { updated_at: "2026-01-01T00:00:00.000Z" });
    const keyuser = await make.user("keyuser");
    const value = `<p>${"€".repeat(150_000)}</p>`;
    const answer = await postForm(base(), `/servicecatalog/service/${service}`, { intent: "rich", field: "description", value, updated_at: "2026-01-01T00:00:00.000Z" }, { headers: { Cookie: await cookieFor(db, keyuser) } });
    expect(answer.status).toBe(302);
    const row = await db.selectFrom("services").select("description").where("id", "=", service).executeTakeFirstOrThrow();
    expect(row.description?.length).toBe(value.length);
  });
});

test.describe("§8 · return paths and old data requests never answer 500", () => {
  const EVIL = "/\u3002evil";
  const LATIN1 = "/\u00e9t\u00e9";
  const ascii = /^[\x21-\x7e]+$/;

  test("a redirectTo above U+00FF or in Latin-1 on /language becomes a percent-encoded path on this site", async () => {
    for (const [to, encoded] of [
      [EVIL, "/%E3%80%82evil"],
      [LATIN1, "/%C3%A9t%C3%A9"],
    ]) {
      const answer = await postForm(base(), "/language", { lng: "en", redirectTo: to });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(encoded);
    }
  });

  test("the same on /login (signing in), /prefs/sidebar and /system-message/read", async ({ db, make }) => {
    const user = await make.user("user");
    const signIn = await postForm(base(), "/login", { email: user.email, password: TEST_PASSWORD, redirectTo: EVIL });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.location).toBe("/%E3%80%82evil");
    const login = await rawRequest(base(), { path: `/login?redirectTo=${encodeURIComponent(EVIL)}` });
    expect(login.status).toBe(200);

    const cookie = await cookieFor(db, user);
    for (const [path, fields] of [
      ["/prefs/sidebar", { showWholeDrawer: "on", redirectTo: EVIL }],
      [`/prefs/sidebar?redirectTo=${encodeURIComponent(LATIN1)}`, { showWholeDrawer: "on" }],
      ["/system-message/read", { key: "none", redirectTo: EVIL }],
      ["/system-message/read", { key: "none", redirectTo: LATIN1 }],
    ] as const) {
      const answer = await postForm(base(), path, fields, { headers: { Cookie: cookie } });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location, path).toMatch(ascii);
      expect(answer.headers.location, path).toMatch(/^\/%/);
    }
  });

  test("?_data= requests get 400, signed out and as a user posting to a service", async ({ db, make }) => {
    const catalogue = await make.catalogue({ title: `Daten ${hex()}` });
    const category = await make.category(catalogue, { service_area_id: null });
    const service = await make.service(catalogue, category);
    const user = await make.user("user");
    const cookie = await cookieFor(db, user);
    const before = await db.selectFrom("services").select(["name", "updated_at"]).where("id", "=", service).executeTakeFirstOrThrow();
    for (const { query } of HOSTILE_PARAMETERS) {
      const signedOut = await postForm(base(), `/login?${query}`, { email: "x@example.com", password: "x" });
      expect(signedOut.status, query).toBe(400);
      const asUser = await postForm(base(), `/servicecatalog/service/${service}?${query}`, { intent: "basics", name: "Übernommen" }, { headers: { Cookie: cookie } });
      expect(asUser.status, query).toBe(400);
      const read = await rawRequest(base(), { path: `/dashboard?${query}`, headers: { Cookie: cookie } });
      expect(read.status, query).toBe(400);
    }
    expect(await db.selectFrom("services").select(["name", "updated_at"]).where("id", "=", service).executeTakeFirstOrThrow()).toEqual(before);
  });
});

test.describe("§9 · the support mail names the instance from APP_URL", () => {
  test("whatever Host the request names", async ({ db, make }) => {
    const user = await make.user("user");
    const marker = `Host-${hex()}`;
    const answer = await postForm(base(), "/support", { message: `${marker} druckt nicht` }, { headers: { Cookie: await cookieFor(db, user), Host: `evil.example:${process.env.E2E_PORT}` } });
    expect(answer.status).toBe(302);
    const mail = await findMail(SUPPORT, marker);
    const subject = supportSubject(new URL(base()).hostname);
    expect(mail).toMatch(new RegExp(`^Subject: ${subject.replace(/\./g, "\\.")}\\r?$`, "m"));
    expect(mail).not.toContain("evil");
    const row = await db.selectFrom("support_tickets").select(["host", "subject"]).where("message", "like", `%${marker}%`).executeTakeFirstOrThrow();
    expect(row).toEqual({ host: "127.0.0.1", subject });
  });
});
