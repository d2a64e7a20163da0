import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/modules/access/session.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

describe("safeRedirectPath", () => {
  it.each([
    ["/servicecatalog?x=1"],
    ["/servicecatalog"],
    ["/basedata/owner/12#top"],
    ["/settings/password?redirectTo=%2Fdashboard"],
    ["/"],
    ["/loginhelp"], // a different page that merely starts with "login"
  ])("keeps the same-site path %j", (to) => {
    expect(safeRedirectPath(to)).toBe(to);
  });

  it.each([
    ["//evil.com"],
    ["//evil.com/dashboard"],
    ["https://x"],
    ["https://evil.com/dashboard"],
    ["http://evil.com"],
    ["javascript:alert(1)"],
    ["/\\evil.com"],
    ["/\\/evil.com"],
    ["evil.com"],
    ["dashboard"],
    [""],
    ["/login"],
    ["/login?redirectTo=%2Fdashboard"],
  ])("falls back to /dashboard for %j", (to) => {
    expect(safeRedirectPath(to)).toBe("/dashboard");
  });

  it("falls back for missing or non-string values (null, undefined, a File)", () => {
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath(undefined)).toBe("/dashboard");
    expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/dashboard");
  });

  it("uses the given fallback instead of /dashboard", () => {
    expect(safeRedirectPath("//evil.com", "/")).toBe("/");
    expect(safeRedirectPath(null, "/settings")).toBe("/settings");
    expect(safeRedirectPath("/views", "/settings")).toBe("/views");
  });

  it("never returns a path that a browser resolves to another host", () => {
    // Browsers strip ASCII tab and newline from URLs before resolving them, so "/\t/evil.com"
    // becomes "//evil.com". Every accepted path must stay on our origin.
    const base = "https://servicehub.example/login";
    for (const to of ["/\t/evil.com", "/\n/evil.com", "/\r/evil.com", "/\t\\evil.com", "/servicecatalog"]) {
      const target = safeRedirectPath(to);
      expect(new URL(target, base).origin, `redirectTo ${JSON.stringify(to)} → ${JSON.stringify(target)}`).toBe(
        "https://servicehub.example",
      );
    }
  });
});

describe("createSession", () => {
  const t = useTestDb();
  let userId: number;

  beforeAll(async () => {
    userId = (await factories(t.db).user("user", { name: "Session User", email: "session@server.test" })).id;
  });

  it("stores a session row for the user with the user agent and a 30-day expiry", async () => {
    const before = Date.now();
    const id = await createSession(t.db, userId, "Mozilla/5.0 Test");
    const row = await t.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userId, user_agent: "Mozilla/5.0 Test", data: "{}" });
    const thirtyDays = 30 * 24 * 60 * 60 * 1000;
    const expires = Date.parse(row.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + thirtyDays);
    expect(expires).toBeLessThanOrEqual(Date.now() + thirtyDays);
  });

  it("returns a long random URL-safe id, different every time", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => createSession(t.db, userId, null)));
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const rows = await t.db.selectFrom("sessions").select(["id", "user_agent"]).where("id", "in", ids).execute();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.user_agent === null)).toBe(true);
  });

  it("refuses a session for a user that does not exist", async () => {
    await expect(createSession(t.db, 999_999, null)).rejects.toThrow();
  });
});
