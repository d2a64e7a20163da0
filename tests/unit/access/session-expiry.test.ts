import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, getUser, purgeEndedSessions, startUserSession } from "~/modules/access/session.server";
import { sessionCookie } from "~/server/cookies.server";
import type { DB } from "~/server/db/db.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Idle and absolute session expiry, enforced in the database lookup (issue 21 §5): defaults
// SESSION_IDLE_MINUTES=480 and SESSION_MAX_DAYS=30. Another server process reading the same
// row comes to the same answer, because nothing about a session is kept in memory.

const t = useTestDb();
const make = factories(() => t.db);
const g = globalThis as unknown as { __servicehubDb?: DB };
let previous: DB | undefined;

beforeAll(async () => {
  previous = g.__servicehubDb;
  g.__servicehubDb = t.db;
});

afterAll(async () => {
  g.__servicehubDb = previous;
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const HOUR = 60;
const DAY = 24 * HOUR;

async function requestWith(id: string, url = "http://servicehub.test/dashboard") {
  return new Request(url, { headers: { Cookie: (await sessionCookie.serialize(id)).split(";")[0] } });
}

async function session(values: { created?: number; lastSeen?: number | null; expiresIn?: number } = {}) {
  const user = await make.user("keyuser");
  const id = await createSession(t.db, user.id, "vitest");
  const changes = {
    ...(values.created != null ? { created_at: ago(values.created) } : {}),
    ...(values.lastSeen !== undefined ? { last_seen_at: values.lastSeen === null ? null : ago(values.lastSeen) } : {}),
    ...(values.expiresIn != null ? { expires_at: ago(-values.expiresIn) } : {}),
  };
  if (Object.keys(changes).length > 0) await t.db.updateTable("sessions").set(changes).where("id", "=", id).execute();
  return { id, user };
}

describe("a session ends", () => {
  it("after 8 hours without a request (idle), not before", async () => {
    const fresh = await session({ created: 3 * DAY, lastSeen: 7 * HOUR });
    expect((await getUser(await requestWith(fresh.id)))?.id).toBe(fresh.user.id);
    const idle = await session({ created: 3 * DAY, lastSeen: 8 * HOUR + 1 });
    expect(await getUser(await requestWith(idle.id))).toBeNull();
  });

  it("a session never seen since sign-in counts from its sign-in", async () => {
    expect(await getUser(await requestWith((await session({ created: 9 * HOUR, lastSeen: null })).id))).toBeNull();
    const recent = await session({ created: 1 * HOUR, lastSeen: null });
    expect((await getUser(await requestWith(recent.id)))?.id).toBe(recent.user.id);
  });

  it("30 days after sign-in however busy (absolute), also when its stored expiry is later", async () => {
    const old = await session({ created: 30 * DAY + 1, lastSeen: 1, expiresIn: 5 * DAY });
    expect(await getUser(await requestWith(old.id))).toBeNull();
    expect(await getUser(await requestWith((await session({ expiresIn: -1 })).id))).toBeNull();
  });

  it("new sessions expire 30 days after sign-in", async () => {
    const { id } = await session();
    const row = await t.db.selectFrom("sessions").select(["created_at", "expires_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeGreaterThan(30 * DAY * 60_000 - 5_000);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(30 * DAY * 60_000 + 5_000);
  });

  it("a used session is marked as used, which keeps it alive", async () => {
    const s = await session({ created: 2 * HOUR, lastSeen: 2 * HOUR });
    expect((await getUser(await requestWith(s.id)))?.id).toBe(s.user.id);
    const row = await t.db.selectFrom("sessions").select("last_seen_at").where("id", "=", s.id).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_seen_at!)).toBeLessThan(60_000);
  });
});

describe("purgeEndedSessions", () => {
  it("deletes ended sessions of everyone and keeps live ones; running it twice changes nothing more", async () => {
    const live = await session({ created: 1 * DAY, lastSeen: 10 });
    const ended = [await session({ lastSeen: 9 * HOUR }), await session({ created: 31 * DAY, lastSeen: 1 }), await session({ expiresIn: -5 })];
    expect(await purgeEndedSessions(t.db)).toBeGreaterThanOrEqual(3);
    const left = await t.db.selectFrom("sessions").select("id").where("id", "in", [live.id, ...ended.map((e) => e.id)]).execute();
    expect(left.map((r) => r.id)).toEqual([live.id]);
    expect(await purgeEndedSessions(t.db)).toBe(0);
  });
});

describe("signing in", () => {
  it("issues a new session id and ends the one the request carried", async () => {
    const before = await session();
    const sessionUser = (await getUser(await requestWith(before.id)))!;
    const answer = await startUserSession(await requestWith(before.id, "http://servicehub.test/login"), sessionUser, "/dashboard");
    const setCookie = answer.headers.get("Set-Cookie")!;
    const newId = await sessionCookie.parse(setCookie.split(";")[0]);
    expect(typeof newId).toBe("string");
    expect(newId).not.toBe(before.id);
    expect(await t.db.selectFrom("sessions").select("id").where("id", "=", before.id).executeTakeFirst()).toBeUndefined();
    expect((await t.db.selectFrom("sessions").select("user_id").where("id", "=", newId).executeTakeFirstOrThrow()).user_id).toBe(before.user.id);
  });
});
