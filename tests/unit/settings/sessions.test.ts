import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { serverConfig as i18nConfig } from "~/i18n/i18next.server";
import { createSession } from "~/modules/access/session.server";
import { describeUserAgent, endOtherSessions, endOwnSession, listOwnSessions, publicSessionId } from "~/modules/settings/sessions.server";
import { deviceLabel } from "~/modules/settings/ui/SessionsCard";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError } from "~/server/errors.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();
const make = factories(() => t.db);

const UA = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  safariIpad: "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
};

/** The sessions_ended activities about a user (the factory records the account's creation too). */
const endedActivities = async (userId: number) => (await listActivitiesFor(t.db, "user", userId)).filter((a) => a.event === "sessions_ended");

const sessionsOf = (userId: number) => t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).orderBy("id").execute();

/** Sets when a session was last used and when it expires, relative to now. */
async function age(id: string, values: { lastSeenMinutesAgo?: number; expiresInMinutes?: number }) {
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  await t.db
    .updateTable("sessions")
    .set({
      ...(values.lastSeenMinutesAgo != null ? { last_seen_at: at(-values.lastSeenMinutesAgo) } : {}),
      ...(values.expiresInMinutes != null ? { expires_at: at(values.expiresInMinutes) } : {}),
    })
    .where("id", "=", id)
    .execute();
}

describe("describeUserAgent", () => {
  it("reads browser and system from common user agents", () => {
    expect(describeUserAgent(UA.chromeWindows)).toEqual({ browser: "Chrome", os: "Windows" });
    expect(describeUserAgent(UA.firefoxLinux)).toEqual({ browser: "Firefox", os: "Linux" });
    expect(describeUserAgent(UA.safariMac)).toEqual({ browser: "Safari", os: "macOS" });
    expect(describeUserAgent(UA.chromeAndroid)).toEqual({ browser: "Chrome", os: "Android" });
    expect(describeUserAgent(UA.edgeWindows)).toEqual({ browser: "Microsoft Edge", os: "Windows" });
  });

  it("names an iPhone or iPad rather than its system", () => {
    expect(describeUserAgent(UA.safariIphone)).toEqual({ browser: "Safari", os: null, device: "iPhone" });
    expect(describeUserAgent(UA.safariIpad)).toEqual({ browser: "Safari", os: null, device: "iPad" });
  });

  it("leaves out what an empty or unknown header does not say, and never throws", () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
    expect(describeUserAgent("")).toEqual({ browser: null, os: null });
    expect(describeUserAgent("   ")).toEqual({ browser: null, os: null });
    expect(describeUserAgent("playwright")).toEqual({ browser: null, os: null });
    expect(() => describeUserAgent("\u0000\uffff".repeat(500))).not.toThrow();
  });
});

describe("deviceLabel", () => {
  const ts: Record<string, TFunction> = {};
  beforeAll(async () => {
    for (const lng of ["de", "en"]) {
      const i18n = i18next.createInstance();
      await i18n.init({ ...i18nConfig, lng });
      ts[lng] = i18n.t.bind(i18n);
    }
  });

  it("reads like “Chrome on Windows” in either language", () => {
    expect(deviceLabel(ts.en, describeUserAgent(UA.chromeWindows))).toBe("Chrome on Windows");
    expect(deviceLabel(ts.en, describeUserAgent(UA.firefoxLinux))).toBe("Firefox on Linux");
    expect(deviceLabel(ts.en, describeUserAgent(UA.safariIphone))).toBe("Safari on iPhone");
    expect(deviceLabel(ts.de, describeUserAgent(UA.chromeWindows))).toBe("Chrome unter Windows");
    expect(deviceLabel(ts.de, describeUserAgent(UA.safariIphone))).toBe("Safari auf dem iPhone");
    expect(deviceLabel(ts.de, describeUserAgent(UA.safariIpad))).toBe("Safari auf dem iPad");
  });

  it("says what it does not know", () => {
    expect(deviceLabel(ts.de, { browser: null, os: null })).toBe("Unbekannter Browser");
    expect(deviceLabel(ts.en, { browser: null, os: "Linux" })).toBe("Unknown browser on Linux");
    expect(deviceLabel(ts.en, { browser: "Firefox", os: null })).toBe("Firefox");
  });
});

describe("listOwnSessions", () => {
  it("lists only the user's unexpired sessions, the current one first, then the most recently used", async () => {
    const user = await make.user("user");
    const stranger = await make.user("user");
    const current = await createSession(t.db, user.id, UA.chromeWindows);
    const older = await createSession(t.db, user.id, UA.firefoxLinux);
    const newer = await createSession(t.db, user.id, UA.safariIphone);
    const expired = await createSession(t.db, user.id, UA.safariMac);
    await createSession(t.db, stranger.id, UA.edgeWindows);
    await age(current, { lastSeenMinutesAgo: 4 });
    await age(older, { lastSeenMinutesAgo: 120 });
    await age(newer, { lastSeenMinutesAgo: 1 });
    await age(expired, { lastSeenMinutesAgo: 0, expiresInMinutes: -1 });

    const list = await listOwnSessions(t.db, user.id, current);
    expect(list.map((s) => s.id)).toEqual([publicSessionId(current), publicSessionId(newer), publicSessionId(older)]);
    expect(list.map((s) => s.current)).toEqual([true, false, false]);
    expect(list[1].device).toEqual({ browser: "Safari", os: null, device: "iPhone" });
    expect(Date.parse(list[2].lastUsedAt)).toBeLessThan(Date.parse(list[1].lastUsedAt));
    expect(Number.isNaN(Date.parse(list[0].createdAt))).toBe(false);
  });

  it("never hands out the session token itself", async () => {
    const user = await make.user("user");
    const current = await createSession(t.db, user.id, UA.chromeWindows);
    const other = await createSession(t.db, user.id, UA.firefoxLinux);
    const text = JSON.stringify(await listOwnSessions(t.db, user.id, current));
    expect(text).not.toContain(current);
    expect(text).not.toContain(other);
  });

  it("falls back to the sign-in time for a session never seen since", async () => {
    const user = await make.user("user");
    const id = await createSession(t.db, user.id, null);
    await t.db.updateTable("sessions").set({ last_seen_at: null }).where("id", "=", id).execute();
    const [row] = await listOwnSessions(t.db, user.id, null);
    expect(row).toMatchObject({ current: false, device: { browser: null, os: null } });
    expect(row.lastUsedAt).toBe(row.createdAt);
  });
});

describe("endOtherSessions", () => {
  it("ends the user's other sessions, keeps the current one and other users' sessions, and records it", async () => {
    const user = await make.user("user", { name: "Sitzungs Nutzerin" });
    const stranger = await make.user("user");
    const current = await createSession(t.db, user.id, UA.chromeWindows);
    await createSession(t.db, user.id, UA.firefoxLinux);
    await createSession(t.db, user.id, UA.safariIphone);
    const expired = await createSession(t.db, user.id, UA.safariMac);
    await age(expired, { expiresInMinutes: -5 });
    const strangers = [await createSession(t.db, stranger.id, UA.edgeWindows), await createSession(t.db, stranger.id, UA.chromeWindows)];

    const count = await endOtherSessions(t.db, user, current);

    expect(count).toBe(2); // the expired one is cleared but not counted: the user never saw it
    expect(await sessionsOf(user.id)).toEqual([{ id: current }]);
    expect((await sessionsOf(stranger.id)).map((r) => r.id).sort()).toEqual([...strangers].sort());
    const activities = await endedActivities(user.id);
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ event: "sessions_ended", causer_id: user.id, causer_name: "Sitzungs Nutzerin" });
    expect(JSON.parse(activities[0].new_values as string)).toEqual({ count: 2 });
    expect(await endedActivities(stranger.id)).toHaveLength(0);
  });

  it("records nothing when there was nothing to end", async () => {
    const user = await make.user("user");
    const current = await createSession(t.db, user.id, UA.chromeWindows);
    expect(await endOtherSessions(t.db, user, current)).toBe(0);
    expect(await sessionsOf(user.id)).toEqual([{ id: current }]);
    expect(await endedActivities(user.id)).toHaveLength(0);
  });
});

describe("endOwnSession", () => {
  it("ends one other session of the user by its public id and records it", async () => {
    const user = await make.user("user");
    const current = await createSession(t.db, user.id, UA.chromeWindows);
    const doomed = await createSession(t.db, user.id, UA.firefoxLinux);
    const kept = await createSession(t.db, user.id, UA.safariIphone);

    await endOwnSession(t.db, user, current, publicSessionId(doomed));

    expect((await sessionsOf(user.id)).map((r) => r.id).sort()).toEqual([current, kept].sort());
    const [activity] = await endedActivities(user.id);
    expect(activity).toMatchObject({ event: "sessions_ended", causer_id: user.id });
    expect(JSON.parse(activity.new_values as string)).toEqual({ count: 1 });
  });

  it("refuses another user's session, the current one and an unknown id, and changes nothing", async () => {
    const user = await make.user("user");
    const stranger = await make.user("user");
    const current = await createSession(t.db, user.id, UA.chromeWindows);
    const own = await createSession(t.db, user.id, UA.firefoxLinux);
    const theirs = await createSession(t.db, stranger.id, UA.edgeWindows);

    for (const id of [publicSessionId(theirs), publicSessionId(current), publicSessionId("gone"), theirs]) {
      await expect(endOwnSession(t.db, user, current, id)).rejects.toBeInstanceOf(NotFoundError);
    }

    expect((await sessionsOf(user.id)).map((r) => r.id).sort()).toEqual([current, own].sort());
    expect(await sessionsOf(stranger.id)).toEqual([{ id: theirs }]);
    expect(await endedActivities(user.id)).toHaveLength(0);
  });
});
