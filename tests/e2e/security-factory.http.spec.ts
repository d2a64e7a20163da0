import http from "node:http";
import net from "node:net";
import { createSession } from "~/modules/access/session.server";
import { saveFactoryConnection } from "~/modules/factory/factory-settings.server";
import { sessionCookie } from "~/server/cookies.server";
import { expect, test } from "../support/fixtures";
import { postForm, rawRequest } from "../support/raw-http";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";

/**
 * Issue 31 §6 and §10 — the template server's connection, as a client posts the settings form:
 * the stored key goes only to the stored address, every connection test is on record, every
 * failure reads the same, and without TEMPLATE_SERVER_ALLOW_PRIVATE no loopback or private
 * address is reached. The "template servers" are tiny recorders on loopback ports that note
 * every request and the key it carried.
 */

const STORED_KEY = "shk_stored-key-0123456789abcdef";

interface Recorder {
  url: string;
  port: number;
  seen: { path: string; key: string | null; authorization: string | null }[];
  close: () => Promise<void>;
}

/** Answers as a ServiceHub's catalogue API on /ok/, and misbehaves on the other paths. */
async function recorder(): Promise<Recorder> {
  const seen: Recorder["seen"] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    seen.push({ path, key: (req.headers["x-api-key"] as string | undefined) ?? null, authorization: req.headers.authorization ?? null });
    const send = (status: number, body: string, type = "application/json", headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": type, ...headers });
      res.end(body);
    };
    if (path.startsWith("/ok/")) return send(200, JSON.stringify({ data: [{ id: 1, title: "Vorlagen", services_count: 3 }] }));
    if (path.startsWith("/denied/")) return send(401, JSON.stringify({ message: "Unauthenticated." }));
    if (path.startsWith("/busy/")) return send(429, JSON.stringify({ message: "Too Many Attempts." }));
    if (path.startsWith("/html/")) return send(200, "<html><body>Router login</body></html>", "text/html");
    if (path.startsWith("/broken/")) return send(500, "oops", "text/plain");
    if (path.startsWith("/moved/")) return send(302, "", "text/plain", { Location: `http://127.0.0.1:${port}/ok/api/servicecatalog` });
    send(404, JSON.stringify({ message: "Not found." }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A superadmin's session cookie on an instance. */
async function adminOf(instance: SecondInstance) {
  const user = await instance.make.user("superadmin");
  const cookie = (await sessionCookie.serialize(await createSession(instance.db, user.id, "security-factory"))).split(";")[0];
  return { user, cookie };
}

/** What the settings page answers to a connection form: status, the form's message, whether it says "connected". */
async function submit(instance: SecondInstance, cookie: string, fields: { intent: "test" | "save"; url: string; token?: string }) {
  const answer = await postForm(instance.baseURL, "/settings/factory", { token: "", ...fields }, { headers: { Cookie: cookie } });
  const formError = answer.body.match(/data-testid="form-error"[\s\S]*?mantine-Alert-message[^>]*>([^<]*)</)?.[1] ?? null;
  return { status: answer.status, body: answer.body, formError, connected: answer.body.includes('data-testid="factory-test-ok"') };
}

const tests = (instance: SecondInstance) =>
  instance.db.selectFrom("activities").select(["causer_id", "new_values"]).where("subject_id", "=", "factory_connection").where("event", "=", "connection_tested").orderBy("id").execute();

test.describe("with loopback template servers allowed (the tests' setting)", () => {
  let target: SecondInstance;
  let stored: Recorder;
  let elsewhere: Recorder;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    target = await startSecondInstance("security-factory");
    [stored, elsewhere] = await Promise.all([recorder(), recorder()]);
  });
  test.afterAll(async () => {
    await Promise.all([target?.stop(), stored?.close(), elsewhere?.close()]);
  });

  test("the stored key goes only to the stored address: a new address with the key field empty is refused beside the field and receives nothing", async () => {
    const { user, cookie } = await adminOf(target);
    await saveFactoryConnection(target.db, { url: `${stored.url}/ok/`, key: STORED_KEY }, user);

    for (const intent of ["test", "save"] as const) {
      const answer = await submit(target, cookie, { intent, url: `${elsewhere.url}/ok/` });
      expect(answer.status, intent).toBe(400);
      expect(answer.body, intent).toContain("Für eine neue Adresse geben Sie den API-Schlüssel bitte erneut ein.");
      expect(answer.connected).toBe(false);
    }
    // Another path on the same host is another address too.
    expect((await submit(target, cookie, { intent: "test", url: `${stored.url}/other/` })).status).toBe(400);
    expect(elsewhere.seen).toEqual([]);
    expect(stored.seen).toEqual([]);
    const setting = await target.db.selectFrom("settings").select("value").where("key", "=", "factory_connection").executeTakeFirstOrThrow();
    expect(JSON.parse(setting.value)).toEqual({ url: `${stored.url}/ok/`, key: STORED_KEY });

    // The stored address with the field empty uses the stored key — there and only there.
    const same = await submit(target, cookie, { intent: "test", url: `${stored.url}/ok` });
    expect(same.status).toBe(200);
    expect(same.connected).toBe(true);
    expect(stored.seen).toEqual([{ path: "/ok/api/servicecatalog", key: STORED_KEY, authorization: null }]);
    expect(same.body).not.toContain(STORED_KEY);

    // A key typed again goes to the new address.
    const typed = await submit(target, cookie, { intent: "test", url: `${elsewhere.url}/ok/`, token: "shk_typed-again" });
    expect(typed.connected).toBe(true);
    expect(elsewhere.seen).toEqual([{ path: "/ok/api/servicecatalog", key: "shk_typed-again", authorization: null }]);
  });

  test("every connection test is an audit activity — who, which address, the key's hint and the outcome — whether it worked or not", async () => {
    const { user, cookie } = await adminOf(target);
    const before = (await tests(target)).length;
    const key = "shk_audited-key-0123456789";
    expect((await submit(target, cookie, { intent: "test", url: `${stored.url}/ok/`, token: key })).connected).toBe(true);
    expect(await tests(target)).toHaveLength(before + 1);
    expect((await submit(target, cookie, { intent: "test", url: `${stored.url}/denied/`, token: key })).connected).toBe(false);
    const recorded = (await tests(target)).slice(before);
    expect(recorded.map((a) => ({ causer: a.causer_id, values: JSON.parse(a.new_values ?? "null") }))).toEqual([
      { causer: user.id, values: { url: `${stored.url}/ok/`, key: "shk_audi…", result: "ok" } },
      { causer: user.id, values: { url: `${stored.url}/denied/`, key: "shk_audi…", result: "failed" } },
    ]);
    // The activity log shows it under its own name.
    const log = await rawRequest(target.baseURL, { path: "/admin/logs?event=connection_tested", headers: { Cookie: cookie } });
    expect(log.body).toContain("Verbindung getestet");
  });

  test("every failure reads the same: closed port, refused key, rate limit, a web page, an error, a missing API, a redirect", async () => {
    const { cookie } = await adminOf(target);
    const key = "shk_any-key";
    const failing = [
      `http://127.0.0.1:${await closedPort()}/`,
      `${stored.url}/denied/`,
      `${stored.url}/busy/`,
      `${stored.url}/html/`,
      `${stored.url}/broken/`,
      `${stored.url}/missing/`,
      `${stored.url}/moved/`,
    ];
    stored.seen.length = 0;
    const answers = [];
    for (const url of failing) {
      const answer = await submit(target, cookie, { intent: "test", url, token: key });
      answers.push({ url, status: answer.status, formError: answer.formError, connected: answer.connected });
    }
    expect(answers).toEqual(failing.map((url) => ({ url, status: 200, formError: "Verbindungsfehler", connected: false })));
    // The redirect was not followed.
    expect(stored.seen.map((s) => s.path)).not.toContain("/ok/api/servicecatalog");
  });
});

test.describe("without TEMPLATE_SERVER_ALLOW_PRIVATE", () => {
  let strict: SecondInstance;
  let local: Recorder;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    strict = await startSecondInstance("security-factory-strict", () => ({ TEMPLATE_SERVER_ALLOW_PRIVATE: "0" }));
    local = await recorder();
  });
  test.afterAll(async () => {
    await Promise.all([strict?.stop(), local?.close()]);
  });

  test("loopback, link-local and private addresses — also by a name that resolves to one — are refused with the same message and receive nothing", async () => {
    const { user, cookie } = await adminOf(strict);
    const key = "shk_must-not-leave-0123456789";
    const refused = [
      `${local.url}/ok/`,
      `http://localhost:${local.port}/ok/`,
      `http://[::ffff:127.0.0.1]:${local.port}/ok/`,
      `http://2130706433:${local.port}/ok/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://192.168.0.1/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
    ];
    const answers = [];
    for (const url of refused) {
      const answer = await submit(strict, cookie, { intent: "test", url, token: key });
      answers.push({ url, status: answer.status, formError: answer.formError, connected: answer.connected });
      expect(local.seen, `${url} reached the loopback server`).toEqual([]);
    }
    expect(answers).toEqual(refused.map((url) => ({ url, status: 200, formError: "Verbindungsfehler", connected: false })));

    // A stored loopback address is refused on the import screens too.
    await saveFactoryConnection(strict.db, { url: `${local.url}/ok/`, key }, user);
    for (const path of ["/factory/provider", "/factory/kpi"]) {
      const page = await rawRequest(strict.baseURL, { path, headers: { Cookie: cookie } });
      expect(page.body, path).toContain("Verbindungsfehler");
    }
    expect(local.seen).toEqual([]);
  });
});
