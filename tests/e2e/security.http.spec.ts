import crypto from "node:crypto";
import http from "node:http";
import { sessionCookie } from "~/server/cookies.server";
import { createSession } from "~/modules/access/session.server";
import type { DB } from "~/server/db/db.server";
import { PICKER_LIMIT } from "~/modules/service/service.server";
import { expect, mailCount, readMail, test, type TestUser } from "../support/fixtures";
import { hex } from "../support/helpers";
import { postForm, rawRequest } from "../support/raw-http";

// Each request the probe of issue 10 sent, as a client writes it: any Host, any body, from
// another loopback address when the client should count as someone else.

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

/** A loopback address of its own, so per-client limits of one test never meet another's. */
function anotherClient(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `127.${a || 1}.${b}.${(c % 250) + 2}`;
}

async function cookieFor(db: DB, user: TestUser | { id: number }): Promise<string> {
  const id = await createSession(db, user.id, "security-test");
  return (await sessionCookie.serialize(id)).split(";")[0];
}

async function serviceRow(db: DB, id: number) {
  return db.selectFrom("services").select(["category_id", "service_catalogue_id", "updated_at", "name"]).where("id", "=", id).executeTakeFirstOrThrow();
}

test.describe("1 · password-reset links", () => {
  test("use APP_URL whatever Host or X-Forwarded-Host the request names", async ({ make }) => {
    const user = await make.user("keyuser");
    const answer = await postForm(base(), "/reset-password", { email: user.email }, {
      localAddress: anotherClient(),
      headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example:6666" },
    });
    expect(answer.status).toBe(200);
    const mail = await readMail(user.email);
    const link = mail.match(/https?:\/\/[^\s]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link?.startsWith(`${base()}/reset-password/`)).toBe(true);
    expect(mail).not.toContain("evil.example");
  });
});

test.describe("2 · moving a service through its page", () => {
  test("a user cannot move a granted service into a category they may not edit; another catalogue is refused for everyone", async ({ db, make }) => {
    const tag = hex();
    const catalogue = await make.catalogue({ title: `Sicherheit ${tag}` });
    const other = await make.catalogue({ title: `Anderer ${tag}` });
    const granted = await make.category(catalogue, { service_area_id: null, name: `Gewährt ${tag}` });
    const ungranted = await make.category(catalogue, { service_area_id: null, name: `Nicht gewährt ${tag}` });
    const foreign = await make.category(other, { service_area_id: null, name: `Fremd ${tag}` });
    const service = await make.service(catalogue, granted, { name: `Verschiebbar ${tag}`, updated_at: "2026-01-01T00:00:00.000Z" });
    const user = await make.user("user");
    await make.grant(user.id, { categoryId: granted });
    const keyuser = await make.user("keyuser");
    const basics = (category: number, updatedAt: string) => ({
      intent: "basics",
      updated_at: updatedAt,
      name: `Verschiebbar ${tag}`,
      category_id: String(category),
      servicetype: "customer",
      status: "open",
      statuspercent: "0",
      servicechangeplanned: "0",
    });
    const before = await serviceRow(db, service);

    const asUser = await postForm(base(), `/servicecatalog/service/${service}`, basics(ungranted, before.updated_at), { headers: { Cookie: await cookieFor(db, user) } });
    expect(asUser.status).toBe(403);
    const asUserForeign = await postForm(base(), `/servicecatalog/service/${service}`, basics(foreign, before.updated_at), { headers: { Cookie: await cookieFor(db, user) } });
    expect([400, 403]).toContain(asUserForeign.status);
    const asKeyuser = await postForm(base(), `/servicecatalog/service/${service}`, basics(foreign, before.updated_at), { headers: { Cookie: await cookieFor(db, keyuser) } });
    expect(asKeyuser.status).toBe(400);
    expect(await serviceRow(db, service)).toEqual(before);

    // The browser's move action answers the same.
    const move = await postForm(base(), "/servicecatalog?index", { intent: "move", service: String(service), category: String(ungranted), index: "0" }, { headers: { Cookie: await cookieFor(db, user) } });
    expect(move.status).toBe(403);
    expect(await serviceRow(db, service)).toEqual(before);
  });
});

test.describe("3 · bodies that are not forms", () => {
  test("every action answers 415 or 400, never 5xx", async ({ db, make }) => {
    const admin = await make.user("superadmin");
    const cookie = await cookieFor(db, admin);
    const service = await db.selectFrom("services").select(["id", "category_id"]).where("deleted_at", "is", null).where("category_id", "is not", null).executeTakeFirstOrThrow();
    const area = await db.selectFrom("service_areas").select("id").executeTakeFirstOrThrow();
    const owner = await db.selectFrom("owners").select("id").executeTakeFirstOrThrow();
    const tag = await db.selectFrom("tags").select("id").executeTakeFirstOrThrow();
    const view = await db.selectFrom("saved_views").select("id").where("shared", "=", 1).executeTakeFirstOrThrow();
    const anonymous = ["/login", "/reset-password", "/reset-password/some-token"];
    const signedIn = [
      "/language",
      "/prefs/sidebar",
      "/settings/password",
      "/basedata/owner",
      "/basedata/owner/new",
      `/basedata/owner/${owner.id}/edit`,
      `/basedata/owner/${owner.id}/delete`,
      "/basedata/customerdata",
      "/admin/tags/new",
      `/admin/tags/${tag.id}/edit`,
      "/servicecatalog?index",
      "/servicecatalog",
      "/servicecatalog/save-view?view=0&status=checking",
      "/servicecatalog/new",
      "/servicecatalog/catalogues",
      `/servicecatalog/area/${area.id}`,
      `/servicecatalog/category/${service.category_id}`,
      `/servicecatalog/service/${service.id}`,
      `/servicecatalog/service/${service.id}/children`,
      `/servicecatalog/service/${service.id}/delete`,
      `/servicecatalog/service/${service.id}/duplicate`,
      `/servicecatalog/service/${service.id}/derivative`,
      "/bin",
      `/bin/${service.id}/restore`,
      "/tools",
      `/views/${view.id}/edit`,
      `/views/${view.id}/delete`,
      `/views/${view.id}/open`,
    ];
    const bodies: { type?: string; body: string }[] = [
      { type: "application/json", body: "{}" },
      { type: "text/plain", body: "name=x" },
      { body: "name=x" },
      { type: "multipart/form-data", body: "--x\r\n" },
    ];
    const answers: string[] = [];
    for (const [path, headers] of [...anonymous.map((p) => [p, {}] as const), ...signedIn.map((p) => [p, { Cookie: cookie }] as const)]) {
      for (const { type, body } of bodies) {
        const answer = await rawRequest(base(), {
          method: "POST",
          path,
          body,
          headers: { ...headers, ...(type ? { "Content-Type": type } : {}), "Content-Length": String(Buffer.byteLength(body)) },
        });
        answers.push(`${path} ${type ?? "(none)"} → ${answer.status}`);
      }
    }
    expect(answers.filter((a) => !/ → (400|415)$/.test(a))).toEqual([]);
  });
});

/** Links and form targets of a page that a browser would resolve to another host. */
function foreignLinks(html: string): string[] {
  const targets = [...html.matchAll(/\b(?:href|action)="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  return targets.filter((target) => new URL(target, base()).origin !== base());
}

test.describe("4 · return paths", () => {
  test("a backslash return path never becomes a link or a redirect", async ({ db, make }) => {
    const cookie = await cookieFor(db, await make.user("client"));
    const page = await rawRequest(base(), { path: "/settings/password?redirectTo=/%5Cevil.example", headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/href="\/settings"/);
    expect(foreignLinks(page.body)).toEqual([]);
    const login = await rawRequest(base(), { path: "/login?redirectTo=/%5Cevil.example" });
    // The sign-in form carries no return path at all; the language form only this same page.
    expect(login.body).toMatch(/<form method="post" action="\/login[^"]*"[^>]*><input type="hidden" name="redirectTo" value=""\/>/);
    expect(foreignLinks(login.body)).toEqual([]);
  });
});

test.describe("5 · control characters in query parameters", () => {
  test("search and suggestions with a NUL byte answer normally", async ({ db, make }) => {
    // A reader of the working copy, and a client (who is led into the demo catalogue's release with the search).
    for (const role of ["user", "client"] as const) {
      const cookie = await cookieFor(db, await make.user(role));
      for (const path of ["/servicecatalog?q=ab%00cd", "/servicecatalog?view=1&q=ab%00cd", "/servicecatalog?view=3&q=ab%00cd", "/servicecatalog/suggest?q=No%00te"]) {
        let answer = await rawRequest(base(), { path, headers: { Cookie: cookie } });
        if (role === "client" && answer.status === 302) answer = await rawRequest(base(), { path: String(answer.headers.location), headers: { Cookie: cookie } });
        expect(answer.status, `${role} ${path}`).toBe(200);
      }
    }
  });
});

test.describe("6 · JavaScript property names as route parameters", () => {
  test("are unknown entities: 404, never 500", async ({ db, make }) => {
    const cookie = await cookieFor(db, await make.user("superadmin"));
    const statuses: string[] = [];
    for (const name of ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"]) {
      for (const suffix of ["", "/new", "/1", "/1/edit", "/1/delete"]) {
        const path = `/basedata/${name}${suffix}`;
        statuses.push(`GET ${path} → ${(await rawRequest(base(), { path, headers: { Cookie: cookie } })).status}`);
        statuses.push(`POST ${path} → ${(await postForm(base(), path, { intent: "create", name: "x" }, { headers: { Cookie: cookie } })).status}`);
      }
    }
    // A detail page has no action: a POST there is 405 before any lookup.
    expect(statuses.filter((s) => !s.endsWith("→ 404") && !/^POST \/basedata\/\w+\/1 → 405$/.test(s))).toEqual([]);
  });
});

test.describe("7 · limits per client and per address", () => {
  test("one client trying 40 e-mails is refused with 429 before the end", async () => {
    const client = anotherClient();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const email = `nobody-${hex()}@example.com`;
      statuses.push((await postForm(base(), "/login", { email, password: "wrong-password" }, { localAddress: client })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  test("five wrong passwords from one client do not lock the owner out who signs in from elsewhere", async ({ make }) => {
    const owner = await make.user("client");
    const guesser = anotherClient();
    for (let i = 0; i < 5; i++) expect((await postForm(base(), "/login", { email: owner.email, password: `wrong-${i}` }, { localAddress: guesser })).status).toBe(401);
    expect((await postForm(base(), "/login", { email: owner.email, password: owner.password }, { localAddress: guesser })).status).toBe(429);
    const fromHome = await postForm(base(), "/login", { email: owner.email, password: owner.password }, { localAddress: anotherClient() });
    expect(fromHome.status).toBe(302);
    expect(fromHome.headers.location).toBe("/dashboard");
  });

  test("20 reset requests for one address send 3 mails, with the same answer each time; a client asking too often gets 429", async ({ make }) => {
    const user = await make.user("keyuser");
    for (let i = 0; i < 20; i++) {
      const answer = await postForm(base(), "/reset-password", { email: user.email }, { localAddress: anotherClient() });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('data-testid="reset-sent"');
    }
    await expect.poll(() => mailCount(user.email)).toBe(3);
    const client = anotherClient();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await postForm(base(), "/reset-password", { email: `n${i}-${hex()}@example.com` }, { localAddress: client })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  });
});

test.describe("8 · tags created inline", () => {
  test("a user may pick tags but not create one: 403 and no new tag", async ({ db, make }) => {
    const tag = hex();
    const catalogue = await make.catalogue({ title: `Tags ${tag}` });
    const category = await make.category(catalogue, { service_area_id: null, name: `Tags ${tag}` });
    const service = await make.service(catalogue, category, { name: `Tagged ${tag}`, updated_at: "2026-01-01T00:00:00.000Z" });
    const user = await make.user("user");
    await make.grant(user.id, { categoryId: category });
    const answer = await postForm(base(), `/servicecatalog/service/${service}`, { intent: "tags", updated_at: "2026-01-01T00:00:00.000Z", newTag: `Neu ${tag}` }, { headers: { Cookie: await cookieFor(db, user) } });
    expect(answer.status).toBe(403);
    expect(await db.selectFrom("tags").select("id").where("name", "=", `Neu ${tag}`).execute()).toEqual([]);
    expect((await serviceRow(db, service)).updated_at).toBe("2026-01-01T00:00:00.000Z");
  });
});

test.describe("9 · versioned forms without a version", () => {
  test("are refused with 400 and change nothing", async ({ db, make }) => {
    const tag = hex();
    const cookie = await cookieFor(db, await make.user("superadmin"));
    const catalogue = await make.catalogue({ title: `Version ${tag}` });
    const area = await make.area(catalogue, { name: `Bereich ${tag}` });
    const category = await make.category(catalogue, { service_area_id: area, name: `Version ${tag}` });
    const service = await make.service(catalogue, category, { name: `Versioniert ${tag}`, updated_at: "2026-01-01T00:00:00.000Z" });
    const owner = await make.owner({ name: `Besitzer ${tag}` });
    const headers = { Cookie: cookie };
    const cases: [string, Record<string, string>][] = [
      [`/servicecatalog/service/${service}`, { intent: "details", cost: "viel" }],
      [`/servicecatalog/service/${service}`, { intent: "basics", name: "Blind", category_id: String(category), servicetype: "it", status: "open", statuspercent: "0", servicechangeplanned: "0" }],
      [`/servicecatalog/service/${service}`, { intent: "relations" }],
      [`/basedata/owner/${owner}/edit`, { name: `Blind ${tag}` }],
      ["/basedata/owner", { intent: "update", id: String(owner), name: `Blind ${tag}` }],
      [`/servicecatalog/area/${area}`, { intent: "update", name: `Blind ${tag}` }],
      [`/servicecatalog/category/${category}`, { intent: "update", name: `Blind ${tag}` }],
    ];
    for (const [path, fields] of cases) {
      expect((await postForm(base(), path, fields, { headers })).status, `${path} ${fields.intent ?? ""}`).toBe(400);
    }
    expect(await serviceRow(db, service)).toMatchObject({ name: `Versioniert ${tag}`, updated_at: "2026-01-01T00:00:00.000Z" });
    expect((await db.selectFrom("owners").select("name").where("id", "=", owner).executeTakeFirstOrThrow()).name).toBe(`Besitzer ${tag}`);
    expect((await db.selectFrom("service_areas").select("name").where("id", "=", area).executeTakeFirstOrThrow()).name).toBe(`Bereich ${tag}`);
  });
});

test.describe("10 · a refused oversized upload", () => {
  test("leaves the client's next request on the connection working", async ({ db, make }) => {
    const cookie = await cookieFor(db, await make.user("superadmin"));
    const area = await db.selectFrom("service_areas").select("id").executeTakeFirstOrThrow();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const boundary = "----probe";
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${base()}/servicecatalog/area/${area.id}`,
          { method: "POST", agent, headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Transfer-Encoding": "chunked" } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
        // Written at once: Node's client stops forwarding 'drain' once the answer has ended.
        for (let i = 0; i < 16; i++) req.write(Buffer.alloc(256 * 1024, 1));
        req.end(`\r\n--${boundary}--\r\n`);
        setTimeout(() => reject(new Error("no answer")), 15_000);
      });
      expect(status).toBeLessThan(500);
      const next = await rawRequest(base(), { path: "/login", agent });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

test.describe("11 · hardening", () => {
  test("signed-in pages and data are never stored; the framework's own 400 keeps the security headers", async ({ db, make }) => {
    const cookie = await cookieFor(db, await make.user("client"));
    for (const path of ["/dashboard", "/dashboard.data", "/servicecatalog"]) {
      const answer = await rawRequest(base(), { path, headers: { Cookie: cookie } });
      expect(answer.headers["cache-control"], path).toBe("private, no-store");
    }
    const bad = await rawRequest(base(), { path: "/assets/%E0%A4%A" });
    expect(bad.status).toBe(400);
    expect(String(bad.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  });

  test("signing in while signed in ends the old session; the new credentials win", async ({ db, make }) => {
    const first = await make.user("client");
    const second = await make.user("keyuser");
    const oldCookie = await cookieFor(db, first);
    const answer = await postForm(base(), "/login", { email: second.email, password: second.password }, { headers: { Cookie: oldCookie } });
    expect(answer.status).toBe(302);
    const newCookie = String(answer.headers["set-cookie"]).split(";")[0];
    expect(newCookie).not.toBe(oldCookie);
    expect((await rawRequest(base(), { path: "/dashboard", headers: { Cookie: oldCookie } })).headers.location).toMatch(/^\/login/);
    const page = await rawRequest(base(), { path: "/dashboard", headers: { Cookie: newCookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(second.name);
  });

  test("a service page offers searchable pickers instead of every owner", async ({ db, make }) => {
    const tag = hex();
    for (let i = 0; i < 120; i++) await make.owner({ name: `Massenbesitzer ${tag} ${String(i).padStart(3, "0")}` });
    const service = await db.selectFrom("services").select("id").where("deleted_at", "is", null).executeTakeFirstOrThrow();
    const cookie = await cookieFor(db, await make.user("keyuser"));
    const page = await rawRequest(base(), { path: `/servicecatalog/service/${service.id}`, headers: { Cookie: cookie } });
    const ownerBoxes = page.body.match(/name="owners"/g) ?? [];
    expect(ownerBoxes.length).toBeLessThanOrEqual(PICKER_LIMIT + 10);
    const search = await rawRequest(base(), { path: `/servicecatalog/service/${service.id}?relq=${encodeURIComponent(`Massenbesitzer ${tag} 11`)}`, headers: { Cookie: cookie } });
    for (let i = 110; i < 120; i++) expect(search.body).toContain(`Massenbesitzer ${tag} ${i}`);
    expect(search.body).not.toContain(`Massenbesitzer ${tag} 042`);
  });
});
