import { beforeAll, describe, expect, it } from "vitest";
import { countShareAccess, createReleaseLink, listReleaseLinks, resolveShareToken, revokeReleaseLink, withinShareLimit } from "~/modules/releases/release-links.server";
import { publishRelease, withdrawRelease } from "~/modules/releases/releases.server";
import { listActivitiesFor } from "~/server/audit.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Share links (issue 35 §7) on SQLite, and on Postgres with DATABASE_URL=postgres://…: a token of
// 192 bits stored only as its hash; what it opens while valid; gone when revoked, expired or the
// release is withdrawn; unknown otherwise; visits counted; the rate limit per client and minute.

const t = useTestDb();
const make = factories(() => t.db);
let causer: { id: number; name: string };
let release: number;

beforeAll(async () => {
  const user = await make.user("superadmin");
  causer = { id: user.id, name: user.name };
  release = await publishRelease(t.db, await make.catalogue(), { label: "1", note: null }, causer);
});

describe("share links", () => {
  it("a new link's token is long and random and stored only as its hash; it opens its release and counts visits", async () => {
    const a = await createReleaseLink(t.db, release, { label: "Einkauf", expiresAt: null }, causer);
    const b = await createReleaseLink(t.db, release, { label: null, expiresAt: null }, causer);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.token).not.toBe(b.token);
    const stored = await t.db.selectFrom("release_links").selectAll().where("id", "=", a.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(a.token);
    const opened = await resolveShareToken(t.db, a.token);
    expect(opened).toMatchObject({ state: "open", linkId: a.id, release: { id: release } });
    await countShareAccess(t.db, a.id);
    await countShareAccess(t.db, a.id);
    expect((await listReleaseLinks(t.db, release)).find((l) => l.id === a.id)).toMatchObject({ label: "Einkauf", accessCount: 2, lastAccessAt: expect.any(String) });
    expect((await listActivitiesFor(t.db, "release", release)).map((x) => x.event)).toContain("link_created");
  });

  it("is gone when revoked, after its expiry, or while its release is withdrawn; an unknown or malformed token is unknown", async () => {
    const revoked = await createReleaseLink(t.db, release, { label: null, expiresAt: null }, causer);
    expect(await revokeReleaseLink(t.db, release, revoked.id, causer)).toBe(true);
    expect(await revokeReleaseLink(t.db, release, revoked.id, causer)).toBe(false);
    expect((await resolveShareToken(t.db, revoked.token)).state).toBe("gone");

    const expiring = await createReleaseLink(t.db, release, { label: null, expiresAt: "2030-06-30T21:59:59.999Z" }, causer);
    expect((await resolveShareToken(t.db, expiring.token, new Date("2030-06-30T21:59:59.000Z"))).state).toBe("open");
    expect((await resolveShareToken(t.db, expiring.token, new Date("2030-06-30T22:00:00.000Z"))).state).toBe("gone");

    const other = await publishRelease(t.db, await make.catalogue(), { label: "2", note: null }, causer);
    const link = await createReleaseLink(t.db, other, { label: null, expiresAt: null }, causer);
    await withdrawRelease(t.db, other, "Test", causer);
    expect((await resolveShareToken(t.db, link.token)).state).toBe("gone");

    expect((await resolveShareToken(t.db, "A".repeat(32))).state).toBe("unknown");
    expect((await resolveShareToken(t.db, "../../etc/passwd")).state).toBe("unknown");
  });

  it("lets a client make so many requests a minute, then refuses until the next minute", async () => {
    const now = new Date("2030-01-01T10:00:30Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await withinShareLimit(t.db, "198.51.100.7", now, 3));
    expect(results).toEqual([true, true, true, false]);
    expect(await withinShareLimit(t.db, "198.51.100.8", now, 3)).toBe(true);
    expect(await withinShareLimit(t.db, "198.51.100.7", new Date("2030-01-01T10:01:00Z"), 3)).toBe(true);
  });
});
