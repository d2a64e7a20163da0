import crypto from "node:crypto";
import { sql } from "kysely";
import { createSession } from "~/modules/access/session.server";
import { sessionCookie } from "~/server/cookies.server";
import type { DB } from "~/server/db/db.server";
import { expect, test, unique } from "../support/fixtures";
import { postForm, rawRequest, type RawAnswer } from "../support/raw-http";
import { accountCells, type AccountCell, type AccountTarget } from "../support/account-matrix";
import { coverageProblems, exportsOf, isIndexRoute, routeId, routePattern, routeUrl } from "../support/route-files";
import { ACTORS, MATRIX_SHARE_TOKEN, matrixCells, routeMatrix, SERVICE_VERSION, type Actor, type Cell, type MatrixMake, type MatrixRows, type Outcome, type RouteEntry } from "../support/route-matrix";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";

// The role × route matrix (issue 21 item 1): every route file × every role and anonymous, GET and
// each action intent, against the outcome the access policy gives. Its own app server on its own
// database, so "a refused write changed nothing" can be checked on every table.

test.describe.configure({ mode: "serial" });

test("every route file has a matrix entry, and every entry a file", () => {
  const noMake = new Proxy({}, { get: () => () => Promise.resolve(0) }) as MatrixMake;
  const entries = routeMatrix(noMake);
  expect(coverageProblems(entries)).toEqual([]);
  // Remix's flat-route names: pathless layouts, un-nesting, params, splats, escaped dots.
  expect(routePattern("_app.admin.tags.$id_.delete.tsx")).toBe("/admin/tags/:id/delete");
  expect(routePattern("_app.servicecatalog._browser._index.tsx")).toBe("/servicecatalog");
  expect(routePattern("_app.$.tsx")).toBe("/*");
  expect(routePattern("servicecatalog.service.$id.export[.]docx.tsx")).toBe("/servicecatalog/service/:id/export.docx");
  // The check names what is missing: a new route file, an entry for a file that is gone.
  const withoutTags = entries.filter((e) => e.file !== "_app.admin.tags.new.tsx");
  expect(coverageProblems(withoutTags)).toEqual([expect.stringContaining("app/routes/_app.admin.tags.new.tsx (/admin/tags/new) has no entry")]);
  const withGone = [...entries, { file: "_app.gone.tsx", get: null, post: null }];
  expect(coverageProblems(withGone)).toEqual([expect.stringContaining("names _app.gone.tsx, but app/routes has no such file")]);
  // And an action the entry does not know of.
  const withoutPost = entries.map((e) => (e.file === "_app.support.tsx" ? { ...e, post: null } : e));
  expect(coverageProblems(withoutPost)).toEqual([expect.stringContaining("_app.support.tsx exports an action")]);
});

const label = (c: Cell) => `${c.method} ${c.entry.file}${c.intent ? ` [${c.intent.intent ?? "-"}${c.intent.multipart ? ", multipart" : ""}]` : ""} as ${c.actor}`;

/** What an answer means, in the matrix's words; a 5xx or an unexpected status as itself. */
function classify(answer: RawAnswer): string {
  const { status } = answer;
  // A data request (single fetch) answers a redirect as 202 with the target in Location.
  if ((status >= 300 && status < 400) || (status === 202 && answer.headers.location)) {
    const to = new URL(String(answer.headers.location ?? "/"), "http://x").pathname;
    if (to === "/login") return "login";
    if (to === "/unauthorized") return "unauthorized";
    return `redirect:${to}`;
  }
  if (status >= 200 && status < 300) return "ok";
  return String(status);
}

/** Whether the answer is the expected outcome. */
function matches(expected: Outcome, got: string, method: "GET" | "POST"): boolean {
  if (expected !== "allowed") return expected === got;
  if (got.startsWith("5")) return false;
  // A page: shown, or sent on to a normal place (login and /unauthorized are classified apart).
  if (method === "GET") return got === "ok" || got.startsWith("redirect:");
  // A write with a harmless body: anything but a refusal (a 400 for the missing fields is fine).
  return !["login", "unauthorized", "401", "403"].includes(got);
}

/** Runs tasks with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await run(items[next++]);
  }));
}

/** Every table's rows as one hash per table (sessions aside: each request touches last_seen_at). */
async function fingerprint(db: DB): Promise<Map<string, string>> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not in ('sessions') order by name`.execute(db);
  const prints = new Map<string, string>();
  for (const { name } of tables.rows) {
    const rows = await sql.raw(`select * from "${name}"`).execute(db);
    const lines = rows.rows.map((row) => JSON.stringify(row, (_, v: unknown) => (Buffer.isBuffer(v) ? v.toString("base64") : v))).sort();
    prints.set(name, crypto.createHash("sha256").update(lines.join("\n")).digest("hex"));
  }
  return prints;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...after.keys()].filter((t) => before.get(t) !== after.get(t));

function multipartBody(fields: Record<string, string>) {
  const boundary = `----matrix${crypto.randomBytes(8).toString("hex")}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="empty.png"\r\nContent-Type: image/png\r\n\r\n\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

test.describe("role × route matrix", () => {
  let app: SecondInstance;
  const cookies = new Map<Actor, string>();
  const userIds = new Map<Actor, number>();
  let rows: MatrixRows;
  let make: MatrixMake;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    app = await startSecondInstance("route-matrix");
    const { db } = app;
    const m = app.make;
    const catalogue = await m.catalogue();
    const area = await m.area(catalogue);
    const category = await m.category(catalogue, { service_area_id: area });
    const viewOwner = await m.user("keyuser");
    const iso = () => new Date().toISOString();
    const section = await m.section(catalogue, { name: unique("Abschnitt") });
    make = {
      area: () => m.area(catalogue),
      category: () => m.category(catalogue, { service_area_id: area }),
      service: () => m.service(catalogue, category, { updated_at: SERVICE_VERSION }),
      binned: () => m.service(catalogue, category, { deleted_at: iso() }),
      owner: () => m.owner(),
      tag: () => m.tag(),
      attribute: () => m.attribute(),
      mask: () => m.mask({ name: unique("Maske"), target_model: "category", target_id: category }),
      message: () => m.message({ headline: unique("Meldung"), text: "<p>Matrix</p>", expiration_date: "2999-12-31T00:00:00.000Z" }),
      patchNote: () => m.patchNote({ headline: unique("Version"), text: "<p>Matrix</p>", version: "9.9.9" }),
      view: () => m.view(viewOwner.id, { catalogue_id: catalogue, name: unique("Ansicht"), state: "{}", shared: 1 }),
      withdrawnRelease: () => m.release(catalogue, { withdrawn: "Matrix" }),
      managedUser: async () => (await m.user("client")).id,
      paragraph: async () => ({ id: String(catalogue), kind: "paragraph", item: String(await m.paragraph(section, { title: unique("Absatz"), content: "<p>x</p>" })) }),
    };

    // One account per role, signed in through the login form once; its cookie serves every cell.
    for (const role of ACTORS) {
      if (role === "anonymous") continue;
      const user = await m.user(role);
      const answer = await postForm(app.baseURL, "/login", { email: user.email, password: user.password, redirectTo: "" });
      const cookie = ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((c) => c.startsWith("sh_session="));
      expect(answer.status, `sign-in as ${role}`).toBe(302);
      expect(cookie, `session cookie for ${role}`).toBeTruthy();
      cookies.set(role, cookie!.split(";")[0]);
      userIds.set(role, user.id);
    }
    rows = {
      catalogue,
      area,
      category,
      service: await make.service(),
      otherService: await make.service(),
      binned: await make.binned(),
      owner: await make.owner(),
      tag: await make.tag(),
      attribute: await make.attribute(),
      mask: await make.mask(),
      message: await make.message(),
      patchNote: await make.patchNote(),
      view: await make.view(),
      releasedService: await m.service(catalogue, category, { status: "closed" }),
      release: await m.release(catalogue),
      withdrawnRelease: await make.withdrawnRelease(),
      managedUser: await make.managedUser(),
      section,
      paragraph: Number((await make.paragraph()).item),
      order: await m.tokenOrder({ value: 10, user_id: viewOwner.id }),
      activity: (await db.selectFrom("activities").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
    };
    await db
      .insertInto("release_links")
      .values({ release_id: rows.release, token_hash: crypto.createHash("sha256").update(MATRIX_SHARE_TOKEN).digest("hex"), label: "Matrix" })
      .execute();
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test("every cell answers as the access policy says, and no refused write changes anything", async () => {
    test.setTimeout(150_000);
    const entries = routeMatrix(make);
    const { get: getCells, post: postCells } = matrixCells(entries);

    const send = async (cell: Cell, params: Record<string, string>) => {
      const { entry, actor, intent } = cell;
      let cookie = cookies.get(actor);
      if (cell.method === "POST" && entry.post?.ownSession && actor !== "anonymous") {
        cookie = (await sessionCookie.serialize(await createSession(app.db, userIds.get(actor)!, "matrix"))).split(";")[0];
      }
      // A page's loader and action are asked through a data request (what the app's own client
      // sends): the route's own guard alone, without its layouts' and without rendering the page.
      const data = exportsOf(entry.file).page && (cell.method === "POST" || exportsOf(entry.file).loader);
      const query = new URLSearchParams(typeof entry.query === "function" ? entry.query(rows) : (entry.query ?? ""));
      if (cell.method === "POST" && isIndexRoute(entry.file)) query.set("index", "");
      if (data && cell.method === "GET") query.set("_routes", routeId(entry.file));
      const url = entry.at ?? routeUrl(entry.file, params);
      const path = (data ? (url === "/" ? "/_root.data" : `${url}.data`) : url) + (query.size ? `?${query.toString().replace(/=(&|$)/g, "$1")}` : "");
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      if (cell.method === "GET") return rawRequest(app.baseURL, { path, headers });
      const fields = { ...(intent!.intent === null ? { matrix: "1" } : { intent: intent!.intent }), ...intent!.body?.(rows) };
      if (!intent!.multipart) return postForm(app.baseURL, path, fields, { headers });
      const { body, type } = multipartBody(fields);
      return rawRequest(app.baseURL, { method: "POST", path, body, headers: { ...headers, "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)) } });
    };

    const failures: string[] = [];
    const tally = new Map<string, number>();
    const check = (cell: Cell, answer: RawAnswer) => {
      const got = classify(answer);
      const key = `${cell.method} ${cell.expected}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (!matches(cell.expected, got, cell.method)) failures.push(`${label(cell)}: expected ${cell.expected}, got ${got} (${answer.status})`);
    };

    const started = Date.now();
    const phase = (name: string) => console.log(`[route-matrix] ${name} done after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // 1. Every GET cell.
    await pool(getCells, 6, async (cell) => check(cell, await send(cell, cell.entry.params?.(rows) ?? {})));

    phase("GET cells");
    // 2. Every write that must change nothing, route by route, with every table fingerprinted around it.
    const unchanged = postCells.filter((c) => !c.permitted);
    const byRoute = new Map<RouteEntry, Cell[]>();
    for (const cell of unchanged) byRoute.set(cell.entry, [...(byRoute.get(cell.entry) ?? []), cell]);
    for (const [entry, cells] of byRoute) {
      const before = await fingerprint(app.db);
      await pool(cells, 6, async (cell) => check(cell, await send(cell, entry.params?.(rows) ?? {})));
      const changed = changedTables(before, await fingerprint(app.db));
      if (changed.length) failures.push(`refused writes to ${entry.file} changed ${changed.join(", ")}`);
    }

    // The fingerprint sees a write: a permitted one (a new tag by a superadmin) changes the tags table.
    const before = await fingerprint(app.db);
    const control = await postForm(app.baseURL, "/admin/tags.data", { intent: "create", name: unique("Kontrolle") }, { headers: { Cookie: cookies.get("superadmin")! } });
    expect(control.status, "the control write").toBeLessThan(400);
    expect(changedTables(before, await fingerprint(app.db))).toContain("tags");
    phase("refused writes");
    // 3. Every permitted write: not refused (on fresh rows where the write would destroy the shared ones).
    const permitted = postCells.filter((c) => c.permitted);
    await pool(permitted, 4, async (cell) => {
      const fresh = cell.entry.post?.fresh ? await cell.entry.post.fresh(rows) : {};
      check(cell, await send(cell, { ...cell.entry.params?.(rows), ...fresh }));
    });

    phase("permitted writes");
    const routes = entries.length;
    const summary = {
      routes,
      getRoutes: entries.filter((e) => e.get).length,
      postRoutes: entries.filter((e) => e.post).length,
      intents: entries.reduce((n, e) => n + (e.post?.intents.length ?? 0), 0),
      cells: getCells.length + postCells.length,
      getCells: getCells.length,
      postCells: postCells.length,
      outcomes: Object.fromEntries([...tally].sort()),
    };
    console.log(`[route-matrix] ${JSON.stringify(summary)}`);
    await test.info().attach("route-matrix-summary.json", { body: JSON.stringify(summary, null, 2), contentType: "application/json" });
    expect(failures).toEqual([]);
  });
  test("user management: every page and write × actor × the account's role (issue 31 §1)", async () => {
    test.setTimeout(120_000);
    const { db } = app;
    const category = rows.category;
    const service = rows.service;
    let serial = 0;
    /** A fresh account per cell (a row without password: they never sign in), so no write disturbs another. */
    const account = async (role: AccountTarget["role"]): Promise<AccountTarget> => {
      const n = ++serial;
      const email = `target-${n}-${role}@example.com`;
      const name = `Konto ${n}`;
      const now = new Date().toISOString();
      const id = await app.make.userRow({ name, email, role, password_hash: null, created_at: now, updated_at: now });
      return { id, name, email, role };
    };
    const cells = accountCells();
    const prepared = [] as { cell: AccountCell; target: AccountTarget }[];
    for (const cell of cells) prepared.push({ cell, target: cell.target ? await account(cell.target) : { id: 100_000 + ++serial, name: "", email: "", role: "client" } });

    const send = ({ cell, target }: (typeof prepared)[number]) => {
      const cookie = cookies.get(cell.actor);
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const url = cell.url(target);
      if (cell.method === "GET") return rawRequest(app.baseURL, { path: `${url}.data?_routes=${routeId(cell.file)}`, headers });
      return postForm(app.baseURL, `${url}.data`, cell.body?.(target, { category, service }) ?? { matrix: "1" }, { headers });
    };
    const label = (c: AccountCell) => `${c.method} ${c.what} of a ${c.target ?? "new"} account as ${c.actor}`;
    const failures: string[] = [];
    const check = (cell: AccountCell, answer: RawAnswer) => {
      const got = classify(answer);
      if (!matches(cell.expected, got, cell.method)) failures.push(`${label(cell)}: expected ${cell.expected}, got ${got} (${answer.status})`);
    };

    // Pages, and every refused write with every table fingerprinted around them.
    await pool(prepared.filter((p) => p.cell.method === "GET"), 6, async (p) => check(p.cell, await send(p)));
    const refused = prepared.filter((p) => p.cell.method === "POST" && p.cell.expected !== "allowed");
    const before = await fingerprint(db);
    await pool(refused, 6, async (p) => check(p.cell, await send(p)));
    const changed = changedTables(before, await fingerprint(db));
    if (changed.length) failures.push(`refused account writes changed ${changed.join(", ")}`);

    // Every permitted write does what it says.
    const stored = (id: number) => db.selectFrom("users").select(["name", "email", "role"]).where("id", "=", id).executeTakeFirst();
    await pool(prepared.filter((p) => p.cell.method === "POST" && p.cell.expected === "allowed"), 4, async (p) => {
      const { cell, target } = p;
      check(cell, await send(p));
      const row = cell.target ? await stored(target.id) : await db.selectFrom("users").select(["name", "email", "role"]).where("email", "=", cell.body!(target, { category, service }).email).executeTakeFirst();
      const wrong = (what: string) => failures.push(`${label(cell)}: permitted, but ${what}`);
      if (cell.what === "delete" && row) wrong("the account is still there");
      if (cell.what === "rename" && row?.name !== `${target.name} neu`) wrong(`the name is ${row?.name}`);
      if (cell.what === "change e-mail" && row?.email !== `taken-over-${target.id}@attacker.test`) wrong(`the e-mail is ${row?.email}`);
      if (cell.gives && row?.role !== cell.gives) wrong(`the role is ${row?.role}`);
    });

    const count = (pick: (c: AccountCell) => boolean) => cells.filter(pick).length;
    console.log(`[route-matrix] accounts: ${cells.length} cells, ${count((c) => c.expected === "allowed")} allowed, ${count((c) => c.expected === "403" || c.expected === "unauthorized")} refused`);
    // The keysuperuser's paths to a superadmin account, named so a regression reads plainly.
    expect(cells.filter((c) => c.actor === "keysuperuser" && (c.target === "superadmin" || c.gives === "superadmin") && c.what !== "permissions page").every((c) => c.expected !== "allowed")).toBe(true);
    expect(failures).toEqual([]);
  });
});
