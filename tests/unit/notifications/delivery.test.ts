import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { factories, unique } from "../../factories";
import { startSmtpRecorder } from "../../support/smtp-recorder";
import { useTestDb } from "../../support/test-db";

// How notifications reach people (issue 36 §5–§6, decision 0079): the choice per kind, the signed
// unsubscribe link, mails at once through the outbox, the weekly digest and the daily review-due
// run — each once per user and period, also when two runs race or one dies in the middle. The app
// sends through its own mailer to a real SMTP server. Runs on SQLite and Postgres.

let smtp: Awaited<ReturnType<typeof startSmtpRecorder>>;
let MAIL_LEASE_MS: number;
let deliverPendingMails: typeof import("~/modules/notifications/delivery.server").deliverPendingMails;
let notify: typeof import("~/modules/notifications/notifications.server").notify;
let prefs: typeof import("~/modules/notifications/prefs.server");
let schedule: typeof import("~/modules/notifications/schedule.server");
let confirmReview: typeof import("~/modules/service/review-cadence.server").confirmReview;
beforeAll(async () => {
  smtp = await startSmtpRecorder();
  // The environment is read once per module instance, and other files of this fork may have read
  // it already: fresh instances of the app's modules see this SMTP server.
  process.env.SMTP_URL = smtp.url;
  vi.resetModules();
  ({ MAIL_LEASE_MS, deliverPendingMails } = await import("~/modules/notifications/delivery.server"));
  ({ notify } = await import("~/modules/notifications/notifications.server"));
  prefs = await import("~/modules/notifications/prefs.server");
  schedule = await import("~/modules/notifications/schedule.server");
  ({ confirmReview } = await import("~/modules/service/review-cadence.server"));
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});
const readPrefs: typeof prefs.readPrefs = (...a) => prefs.readPrefs(...a);
const savePrefs: typeof prefs.savePrefs = (...a) => prefs.savePrefs(...a);
const runWeeklyDigest: typeof schedule.runWeeklyDigest = (...a) => schedule.runWeeklyDigest(...a);
const runReviewDue: typeof schedule.runReviewDue = (...a) => schedule.runReviewDue(...a);
const weekPeriod: typeof schedule.weekPeriod = (...a) => schedule.weekPeriod(...a);

const t = useTestDb();
const make = factories(() => t.db);

async function account(name: string, language: "de" | "en" = "de") {
  const u = await make.user("keyuser", { name, email: `${unique("n").replace(/\W/g, "")}@delivery.test` });
  await t.db.updateTable("users").set({ mail_language: language }).where("id", "=", u.id).execute();
  return u;
}

async function aService(name = unique("Dienst")) {
  const catalogueId = await make.catalogue({ title: unique("Katalog") });
  const categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
  return make.service(catalogueId, categoryId, { name });
}

/** A header of the raw mail, folded lines joined. */
const header = (raw: string, name: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, "")
    .match(new RegExp(`^${name}:\\s*(.*)$`, "mi"))?.[1]
    ?.trim();

describe("choices and the unsubscribe link", () => {
  it("defaults to in the app only; a save records what changed, once", async () => {
    const u = await account("Paula Prefs");
    expect(Object.values(await readPrefs(t.db, u.id))).toEqual(["inapp", "inapp", "inapp", "inapp", "inapp"]);
    expect(await savePrefs(t.db, u.id, { approved: "mail", review_due: "digest" }, "en", u)).toBe(true);
    expect(await readPrefs(t.db, u.id)).toMatchObject({ approved: "mail", review_due: "digest", mention: "inapp" });
    expect(await savePrefs(t.db, u.id, { approved: "mail" }, null, u)).toBe(false);
    const activities = await t.db.selectFrom("activities").select(["event", "new_values"]).where("event", "=", "notification_prefs").where("subject_id", "=", String(u.id)).execute();
    expect(activities).toEqual([{ event: "notification_prefs", new_values: JSON.stringify({ approved: "mail", review_due: "digest" }) }]);
    expect((await t.db.selectFrom("users").select("mail_language").where("id", "=", u.id).executeTakeFirstOrThrow()).mail_language).toBe("en");
  });

  it("the token names one account and kind and cannot be changed to another", () => {
    const token = prefs.unsubscribeToken(42, "mention");
    expect(prefs.readUnsubscribeToken(token)).toEqual({ userId: 42, kind: "mention" });
    const [, , signature] = token.split(".");
    expect(prefs.readUnsubscribeToken(`43.mention.${signature}`)).toBeNull();
    expect(prefs.readUnsubscribeToken(`42.approved.${signature}`)).toBeNull();
    expect(prefs.readUnsubscribeToken(`42.mention.${signature.slice(1)}x`)).toBeNull();
    expect(prefs.readUnsubscribeToken("garbage")).toBeNull();
  });
});

describe("mail at once", () => {
  it("goes out once, in the recipient's language, with a one-click unsubscribe; two senders racing send it once", async () => {
    const wantsMail = await account("Mia Mail", "en");
    const inAppOnly = await account("Ida Inapp");
    await savePrefs(t.db, wantsMail.id, { approved: "mail" }, null, null);
    const serviceId = await aService("Printing");
    // notify() hands the mail to a sender at once; three more senders race it for the one row.
    await notify(t.db, { kind: "approved", serviceId, actor: { id: inAppOnly.id, name: "Anton" }, recipients: [wantsMail.id, inAppOnly.id] });
    await Promise.all([deliverPendingMails(t.db), deliverPendingMails(t.db), deliverPendingMails(t.db)]);
    await expect.poll(() => smtp.to(wantsMail.email).length).toBe(1);
    expect(await deliverPendingMails(t.db)).toBe(0);
    const mails = smtp.to(wantsMail.email);
    expect(mails).toHaveLength(1);
    expect(header(mails[0].raw, "Subject")).toBe("Approved: Printing");
    const unsubscribe = header(mails[0].raw, "List-Unsubscribe");
    expect(unsubscribe).toMatch(new RegExp(`^<http.*/unsubscribe/${wantsMail.id}\\.approved\\.[A-Za-z0-9_-]+>$`));
    expect(header(mails[0].raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(smtp.to(inAppOnly.email)).toHaveLength(0);
  });

  it("a kind switched off after the event sends nothing", async () => {
    const u = await account("Otto Off");
    await savePrefs(t.db, u.id, { sent_back: "mail" }, null, null);
    // Written as notify() writes it, but with no sender told yet.
    await t.db.insertInto("notifications").values({ user_id: u.id, kind: "sent_back", service_id: await aService(), delivery: "mail" }).execute();
    await savePrefs(t.db, u.id, { sent_back: "inapp" }, null, null);
    await deliverPendingMails(t.db);
    expect(smtp.to(u.email)).toHaveLength(0);
    expect((await t.db.selectFrom("notifications").select("delivery").where("user_id", "=", u.id).executeTakeFirstOrThrow()).delivery).toBe("inapp");
  });

  it("a mail the server refused is sent by a later run once the sender's lease has passed", async () => {
    const u = await account("Rolf Retry");
    await savePrefs(t.db, u.id, { mention: "mail" }, null, null);
    smtp.refuse(u.email);
    await t.db.insertInto("notifications").values({ user_id: u.id, kind: "mention", service_id: await aService(), delivery: "mail" }).execute();
    await expect(deliverPendingMails(t.db)).rejects.toThrow();
    expect(await deliverPendingMails(t.db)).toBe(0);
    expect(await deliverPendingMails(t.db, () => new Date(Date.now() + MAIL_LEASE_MS + 1000))).toBe(1);
    expect(smtp.to(u.email)).toHaveLength(1);
  });
});

describe("weekly digest", () => {
  it("one mail per user and week, however many runs race; the next week's notifications make the next digest", async () => {
    const people = await Promise.all(["Dora", "Dirk", "Dana"].map((name) => account(`${name} Digest`)));
    const serviceId = await aService("Backup");
    for (const p of people) await savePrefs(t.db, p.id, { review_due: "digest", approved: "digest" }, null, null);
    const monday = new Date("2030-01-07T06:00:00.000Z");
    await notify(t.db, { kind: "review_due", serviceId, actor: null, recipients: people.map((p) => p.id) });
    await notify(t.db, { kind: "approved", serviceId, actor: { id: 0, name: "Anna" }, recipients: people.map((p) => p.id) });
    const counts = await Promise.all([runWeeklyDigest(t.db, monday), runWeeklyDigest(t.db, monday)]);
    expect(counts[0] + counts[1]).toBe(3);
    expect(await runWeeklyDigest(t.db, new Date("2030-01-12T06:00:00.000Z"))).toBe(0);
    for (const p of people) {
      const mails = smtp.to(p.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].raw).toContain("Backup");
    }
    await notify(t.db, { kind: "approved", serviceId, actor: null, recipients: [people[0].id] });
    expect(weekPeriod(new Date("2030-01-14T00:00:00.000Z"))).toBe("2030-W03");
    expect(await runWeeklyDigest(t.db, new Date("2030-01-14T00:00:00.000Z"))).toBe(1);
    expect(smtp.to(people[0].email)).toHaveLength(2);
  });

  it("a run that dies in the middle: those mailed are not mailed again, the rest get theirs from a later run", async () => {
    const [first, second] = [await account("Anna Alpha"), await account("Bert Beta")];
    for (const p of [first, second]) await savePrefs(t.db, p.id, { review_requested: "digest" }, null, null);
    await notify(t.db, { kind: "review_requested", serviceId: await aService(), actor: null, recipients: [first.id, second.id] });
    const at = new Date("2030-02-04T06:00:00.000Z");
    smtp.refuse(second.email);
    await expect(runWeeklyDigest(t.db, at)).rejects.toThrow();
    expect(smtp.to(first.email)).toHaveLength(1);
    // Within the dead run's lease nobody takes its claim over; after it a run does, once.
    expect(await runWeeklyDigest(t.db, new Date(at.getTime() + 60_000))).toBe(0);
    const later = new Date(at.getTime() + MAIL_LEASE_MS + 60_000);
    expect(await runWeeklyDigest(t.db, later)).toBe(1);
    expect(await runWeeklyDigest(t.db, later)).toBe(0);
    expect(smtp.to(first.email)).toHaveLength(1);
    expect(smtp.to(second.email)).toHaveLength(1);
    expect(weekPeriod(at)).toBe(weekPeriod(later));
  });
});

describe("daily review-due run", () => {
  it("tells each responsible person once per service and review; racing runs write it once; a confirmed review starts afresh", async () => {
    const person = await account("Reiner Responsible");
    const serviceId = await aService("Mail relay");
    await t.db.insertInto("service_responsible_users").values({ service_id: serviceId, user_id: person.id }).execute();
    const old = new Date(Date.now() - 800 * 86_400_000).toISOString();
    await t.db.updateTable("services").set({ created_at: old, last_reviewed_at: old }).where("id", "=", serviceId).execute();
    const count = async () => Number((await t.db.selectFrom("notifications").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", person.id).where("kind", "=", "review_due").executeTakeFirstOrThrow()).n);

    const day = new Date();
    const written = await Promise.all([runReviewDue(t.db, day), runReviewDue(t.db, day)]);
    expect(written[0] + written[1]).toBe(1);
    expect(await count()).toBe(1);
    // The next day: still overdue, but already told since its last review.
    expect(await runReviewDue(t.db, new Date(Date.now() + 86_400_000))).toBe(0);

    const version = (await t.db.selectFrom("services").select("updated_at").where("id", "=", serviceId).executeTakeFirstOrThrow()).updated_at;
    await confirmReview(t.db, serviceId, version, { id: person.id, name: person.name });
    expect(await runReviewDue(t.db, new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    // Twelve months after the confirmation (today) it falls due again.
    expect(await runReviewDue(t.db, new Date(Date.now() + 400 * 86_400_000))).toBe(1);
    expect(await count()).toBe(2);
  });
});
