import type { Role } from "~/modules/access/roles";
import type { Factories } from "../factories";
import { expect, SERVER_CHECK, test } from "../support/fixtures";
import { hex, withLock } from "../support/helpers";

// Who may see and change base data: pages redirect to /unauthorized, POSTs answer 403 and change
// nothing, unknown entities and ids are 404. Runs in both projects.

const LISTS = ["/basedata/owner", "/basedata/kpis", "/basedata/provider", "/basedata/termdefinitions"] as const;

/** One fresh record of every kind, so the edit/delete/detail URLs point at something real. */
async function fixtureRecords(make: Factories) {
  const s = hex();
  const name = `Zugriff ${s}`;
  return {
    s,
    owner: await make.owner({ name }),
    kpi: await make.kpi({ name }),
    provider: await make.provider({ name }),
    term: await make.term({ term: name }),
    tag: await make.tag({ name }),
  };
}

for (const role of ["client", "user"] as Role[]) {
  test.describe(`${role} has no base data`, () => {
    test.beforeEach(async ({ login }) => {
      await login(role);
    });

    test("every base-data page leads to /unauthorized", SERVER_CHECK, async ({ page, make }) => {
      test.slow(); // 22 page visits
      const r = await fixtureRecords(make);
      const paths = [
        ...LISTS,
        "/admin/tags",
        "/basedata/customerdata",
        "/basedata/owner/new",
        "/basedata/kpis/new",
        "/basedata/provider/new",
        "/basedata/termdefinitions/new",
        "/admin/tags/new",
        `/basedata/owner/${r.owner}/edit`,
        `/basedata/kpis/${r.kpi}/edit`,
        `/basedata/provider/${r.provider}/edit`,
        `/basedata/termdefinitions/${r.term}/edit`,
        `/admin/tags/${r.tag}/edit`,
        `/basedata/owner/${r.owner}/delete`,
        `/admin/tags/${r.tag}/delete`,
        `/basedata/owner/${r.owner}`,
        `/basedata/termdefinitions/${r.term}`,
        `/admin/tags/${r.tag}`,
        `/basedata/owner?q=${r.s}`,
      ];
      for (const p of paths) {
        await page.goto(p);
        await expect(page, p).toHaveURL(/\/unauthorized$/);
      }
      await expect(page.getByTestId("unauthorized-message")).toHaveText(
        "Sie haben nicht die erforderlichen Berechtigungen, um auf diese Seite zuzugreifen.",
      );
      // The menu does not offer base data either.
      await expect(page.getByRole("link", { name: "Service-Owner" })).toHaveCount(0);
    });

    test("POSTs answer 403 and change nothing", SERVER_CHECK, async ({ page, db, make }) => {
      const r = await fixtureRecords(make);
      const name = `Verboten ${r.s}`;
      const post = (url: string, form: Record<string, string>) => page.request.post(url, { form, maxRedirects: 0 });

      expect((await post("/basedata/owner", { intent: "create", name, representatives: "X" })).status()).toBe(403);
      expect((await post("/basedata/owner", { intent: "update", id: String(r.owner), name })).status()).toBe(403);
      expect((await post("/basedata/owner/new", { name, representatives: "X" })).status()).toBe(403);
      expect((await post(`/basedata/owner/${r.owner}/edit`, { name, representatives: "X", updated_at: "" })).status()).toBe(403);
      expect((await post(`/basedata/owner/${r.owner}/delete`, { confirmInUse: "yes" })).status()).toBe(403);
      expect((await post(`/basedata/kpis/${r.kpi}/delete`, {})).status()).toBe(403);
      expect((await post("/admin/tags/new", { name, description: "" })).status()).toBe(403);
      expect((await post(`/admin/tags/${r.tag}/delete`, {})).status()).toBe(403);

      expect(await db.selectFrom("owners").select("id").where("name", "=", name).execute()).toHaveLength(0);
      expect((await db.selectFrom("owners").select("name").where("id", "=", r.owner).executeTakeFirst())?.name).toBe(`Zugriff ${r.s}`);
      expect(await db.selectFrom("kpis").select("id").where("id", "=", r.kpi).execute()).toHaveLength(1);
      expect(await db.selectFrom("tags").select("id").where("id", "=", r.tag).execute()).toHaveLength(1);
      expect(await db.selectFrom("tags").select("id").where("name", "=", name).execute()).toHaveLength(0);

      await withLock("customer-data", async () => {
        const stored = await db.selectFrom("customer_data").selectAll().where("id", "=", 1).executeTakeFirst();
        const response = await post("/basedata/customerdata", {
          company: `Gekapert ${r.s}`,
          city: "Nirgendwo",
          updated_at: stored?.updated_at ?? "",
        });
        expect(response.status()).toBe(403);
        expect(await db.selectFrom("customer_data").selectAll().where("id", "=", 1).executeTakeFirst()).toEqual(stored);
      });
    });
  });
}

for (const role of ["keyuser", "admin"] as Role[]) {
  test(`${role} may use base data but is refused the tags (admin guard)`, SERVER_CHECK, async ({ page, db, make, login }) => {
    await login(role);
    const r = await fixtureRecords(make);
    for (const p of [...LISTS, "/basedata/customerdata", "/basedata/owner/new", `/basedata/kpis/${r.kpi}/edit`, `/basedata/provider/${r.provider}`]) {
      const response = await page.goto(p);
      expect(response?.status(), p).toBe(200);
      await expect(page, p).not.toHaveURL(/\/unauthorized$/);
    }
    for (const p of ["/admin/tags", "/admin/tags/new", `/admin/tags/${r.tag}`, `/admin/tags/${r.tag}/edit`, `/admin/tags/${r.tag}/delete`]) {
      await page.goto(p);
      await expect(page, p).toHaveURL(/\/unauthorized$/);
    }
    // The tags are not reachable through the base-data family either.
    expect((await page.goto("/basedata/tags"))?.status()).toBe(404);

    const name = `Nicht erlaubt ${r.s}`;
    for (const [url, form] of [
      ["/admin/tags/new", { name, description: "" }],
      ["/admin/tags", { intent: "create", name, description: "" }],
      [`/admin/tags/${r.tag}/edit`, { name, description: "" }],
      [`/admin/tags/${r.tag}/delete`, {}],
    ] as const) {
      const response = await page.request.post(url, { form, maxRedirects: 0 });
      expect(response.status(), url).toBe(403);
    }
    expect(await db.selectFrom("tags").select("id").where("name", "=", name).execute()).toHaveLength(0);
    expect((await db.selectFrom("tags").select("name").where("id", "=", r.tag).executeTakeFirst())?.name).toBe(`Zugriff ${r.s}`);

    // The same kind of POST on base data is allowed for this role (the 403s above are about the guard).
    const allowed = await page.request.post("/basedata/owner", { form: { intent: "create", name, representatives: "" }, maxRedirects: 0 });
    expect(allowed.status()).toBe(200);
    expect(await db.selectFrom("owners").select("id").where("name", "=", name).execute()).toHaveLength(1);
  });
}

test("keysuperuser passes the admin guard for the tags", SERVER_CHECK, async ({ page, db, make, login }) => {
  await login("keysuperuser");
  const r = await fixtureRecords(make);
  for (const p of ["/admin/tags", "/admin/tags/new", `/admin/tags/${r.tag}`, `/admin/tags/${r.tag}/edit`]) {
    expect((await page.goto(p))?.status(), p).toBe(200);
    await expect(page, p).not.toHaveURL(/\/unauthorized$/);
  }
  const name = `Erlaubt ${r.s}`;
  const response = await page.request.post("/admin/tags/new", { form: { name, description: "" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(await db.selectFrom("tags").select("id").where("name", "=", name).execute()).toHaveLength(1);
});

test.describe("unknown entities and ids", () => {
  test("an unknown entity is 404 for a keyuser", SERVER_CHECK, async ({ page, login }) => {
    await login("keyuser");
    for (const p of ["/basedata/nonsense", "/basedata/nonsense/new", "/basedata/nonsense/1", "/basedata/nonsense/1/edit", "/basedata/nonsense/1/delete"]) {
      const response = await page.goto(p);
      expect(response?.status(), p).toBe(404);
      await expect(page.getByText("Diese Seite wurde nicht gefunden")).toBeVisible();
    }
    const post = await page.request.post("/basedata/nonsense", { form: { intent: "create", name: "x" }, maxRedirects: 0 });
    expect(post.status()).toBe(404);
  });

  test("an unknown entity without a session goes to /login", SERVER_CHECK, async ({ page }) => {
    await page.goto("/basedata/nonsense");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbasedata%2Fnonsense$/);
    await page.goto("/basedata/owner");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbasedata%2Fowner$/);
    const post = await page.request.post("/basedata/owner", { form: { intent: "create", name: `Anonym ${hex()}` }, maxRedirects: 0 });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toMatch(/^\/login/);
  });

  test("an unknown or malformed id is 404", SERVER_CHECK, async ({ page, db, login }) => {
    await login("keyuser");
    for (const p of [
      "/basedata/owner/999999",
      "/basedata/owner/999999/edit",
      "/basedata/owner/999999/delete",
      "/basedata/kpis/999999",
      "/basedata/owner/abc",
      "/basedata/owner/0/edit",
      "/basedata/owner/-1",
      "/basedata/owner/1.5",
    ]) {
      const response = await page.goto(p);
      expect(response?.status(), p).toBe(404);
    }
    const post = await page.request.post("/basedata/owner/999999/delete", { form: { confirmInUse: "yes" }, maxRedirects: 0 });
    expect(post.status()).toBe(404);
    const edit = await page.request.post("/basedata/owner/999999/edit", { form: { name: `Geist ${hex()}`, representatives: "", updated_at: "2026-01-01T00:00:00.000Z" }, maxRedirects: 0 });
    expect(edit.status()).toBe(404);
    const inline = await page.request.post("/basedata/owner", { form: { intent: "update", id: "999999", name: "Geist", updated_at: "2026-01-01T00:00:00.000Z" }, maxRedirects: 0 });
    expect(inline.status()).toBe(404);
    expect(await db.selectFrom("owners").select("id").where("name", "=", "Geist").execute()).toHaveLength(0);
  });
});
