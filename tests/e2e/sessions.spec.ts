import type { APIRequestContext } from "@playwright/test";
import { createSession } from "~/modules/access/session.server";
import { publicSessionId } from "~/modules/settings/sessions.server";
import { sessionCookie } from "~/server/cookies.server";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";

// The signed-in user's own sessions on /settings (issue 13 §4), with JS on and off: the list, the
// "this device" marker, "sign out everywhere else", one device at a time, and refusals.

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const EDGE_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51";

const sessionIds = async (db: DB, userId: number) =>
  (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).map((r) => r.id).sort();

/** Opens /settings/sessions as the holder of that session would, without the page's own cookie: 200 while it lives, else off to /login. */
async function settingsStatusWith(request: APIRequestContext, sessionId: string) {
  const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0];
  const response = await request.get("/settings/sessions", { headers: { Cookie: cookie }, maxRedirects: 0 });
  return { status: response.status(), location: response.headers()["location"] ?? "" };
}

test("lists the user's devices, marks this one, and signs out everywhere else", async ({ page, db, make, login, request, javaScriptEnabled }) => {
  const user = await login("user");
  const other = await createSession(db, user.id, FIREFOX_LINUX);
  const stranger = await make.user("user");
  const strangers = await Promise.all([createSession(db, stranger.id, EDGE_WINDOWS), createSession(db, stranger.id, FIREFOX_LINUX)]);
  const [current] = (await sessionIds(db, user.id)).filter((id) => id !== other);
  expect(await settingsStatusWith(request, other)).toMatchObject({ status: 200 });

  await gotoReady(page, "/settings/sessions", javaScriptEnabled);
  const card = page.getByTestId("sessions-card");
  await expect(card.getByRole("heading", { name: "Angemeldete Geräte" })).toBeVisible();
  const rows = card.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  // The current one leads and carries the marker; the other reads as browser and system.
  await expect(rows.first()).toContainText("Dieses Gerät");
  await expect(rows.first()).toContainText("Gerade in Verwendung");
  await expect(rows.first()).toHaveAttribute("data-current", "true");
  const firefox = rows.filter({ hasText: "Firefox unter Linux" });
  await expect(firefox).toHaveCount(1);
  await expect(firefox).not.toContainText("Dieses Gerät");
  await expect(firefox).toContainText(/Angemeldet am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(firefox).toContainText(/Zuletzt verwendet am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

  await card.getByRole("button", { name: "Auf allen anderen Geräten abmelden" }).click();
  await expect(page.getByTestId("toast")).toContainText("Sie wurden auf 1 anderen Gerät abgemeldet.");
  await expect(page).toHaveURL(/\/settings\/sessions$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Dieses Gerät");
  await expect(card.getByTestId("sessions-only-this")).toHaveText("Sie sind nur auf diesem Gerät angemeldet.");
  await expect(card.getByRole("button", { name: "Auf allen anderen Geräten abmelden" })).toHaveCount(0);

  // In the database: only the current session is left; the other user's are untouched.
  expect(await sessionIds(db, user.id)).toEqual([current]);
  expect(await sessionIds(db, stranger.id)).toEqual([...strangers].sort());
  const activity = await db
    .selectFrom("activities")
    .select(["new_values", "causer_id"])
    .where("subject_type", "=", "user")
    .where("subject_id", "=", String(user.id))
    .where("event", "=", "sessions_ended")
    .executeTakeFirstOrThrow();
  expect(activity.causer_id).toBe(user.id);
  expect(JSON.parse(activity.new_values!)).toEqual({ count: 1 });

  // The ended session opens nothing any more; this one still works.
  const ended = await settingsStatusWith(request, other);
  expect(ended.status).toBe(302);
  expect(ended.location).toContain("/login");
  await gotoReady(page, "/settings/sessions", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Einstellungen" })).toBeVisible();
});

test("signs out one other device and leaves the rest", async ({ page, db, login, javaScriptEnabled }) => {
  const user = await login("user");
  const firefox = await createSession(db, user.id, FIREFOX_LINUX);
  const iphone = await createSession(db, user.id, SAFARI_IPHONE);
  const before = await sessionIds(db, user.id);

  await gotoReady(page, "/settings/sessions", javaScriptEnabled);
  const rows = page.getByTestId("sessions-card").getByTestId("session-row");
  await expect(rows).toHaveCount(3);
  // The current device has no button of its own: leaving it is "Abmelden" in the user menu.
  await expect(rows.first().getByRole("button")).toHaveCount(0);
  await rows.filter({ hasText: "Safari auf dem iPhone" }).getByRole("button", { name: /^Safari auf dem iPhone abmelden/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Das Gerät wurde abgemeldet.");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Safari auf dem iPhone" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Firefox unter Linux" })).toHaveCount(1);
  expect(await sessionIds(db, user.id)).toEqual(before.filter((id) => id !== iphone));
  expect(await sessionIds(db, user.id)).toContain(firefox);
});

test("a POST naming another user's session, or this one, or nonsense changes nothing", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("user");
  const own = await createSession(db, user.id, FIREFOX_LINUX);
  const stranger = await make.user("user");
  const theirs = await createSession(db, stranger.id, EDGE_WINDOWS);
  const mine = await sessionIds(db, user.id);
  const [current] = mine.filter((id) => id !== own);
  await gotoReady(page, "/settings/sessions", javaScriptEnabled);

  const post = (form: Record<string, string>) => page.request.post("/settings/sessions", { form, maxRedirects: 0 });
  expect((await post({ intent: "one", session: publicSessionId(theirs) })).status()).toBe(404);
  expect((await post({ intent: "one", session: publicSessionId(current) })).status()).toBe(404);
  expect((await post({ intent: "one", session: theirs })).status()).toBe(400);
  expect((await post({ intent: "all" })).status()).toBe(400);
  expect((await post({})).status()).toBe(400);

  expect(await sessionIds(db, user.id)).toEqual(mine);
  expect(await sessionIds(db, stranger.id)).toEqual([theirs]);

  // The action's address is the entry's page.
  const visit = await page.request.get("/settings/sessions", { maxRedirects: 0 });
  expect(visit.status()).toBe(200);
});

test("signed out, the action changes nothing", SERVER_CHECK, async ({ db, make, request }) => {
  const stranger = await make.user("user");
  const theirs = await createSession(db, stranger.id, EDGE_WINDOWS);
  const response = await request.post("/settings/sessions", { form: { intent: "one", session: publicSessionId(theirs) }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toContain("/login");
  expect(await sessionIds(db, stranger.id)).toEqual([theirs]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list stacks its rows and nothing scrolls sideways", async ({ page, db, login, javaScriptEnabled }) => {
    const user = await login("user");
    await createSession(db, user.id, SAFARI_IPHONE);
    await createSession(db, user.id, EDGE_WINDOWS);
    await gotoReady(page, "/settings/sessions", javaScriptEnabled);
    const rows = page.getByTestId("sessions-card").getByTestId("session-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: "Microsoft Edge unter Windows" }).getByRole("button", { name: /abmelden/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Auf allen anderen Geräten abmelden" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const box of [await rows.first().boundingBox(), await rows.last().boundingBox()]) expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
