import { expect, test } from "@playwright/test";
import { factories } from "../factories";
import { sharedDatabase, startAppServer, type AppServer, type SharedDatabase } from "../support/app-servers";
import { startSmtpRecorder } from "../support/smtp-recorder";

// The schedule with two app servers on one database (issue 36 §6, decision 0079): both run it at
// once, every second, and each user gets one weekly digest and one review-due mail — also the user
// whose digest a crashed run had claimed and never sent. On one SQLite file in `npm test`; on
// Postgres in CI (MULTI_SERVER_DATABASE_URL).

test.describe.configure({ mode: "serial" });

let shared: SharedDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpRecorder>>;
let servers: AppServer[] = [];

test.afterAll(async () => {
  test.setTimeout(60_000);
  await Promise.all(servers.map((s) => s.stop()));
  await shared?.drop();
  await smtp?.stop();
});

test("two servers run the schedule at once: one digest and one review-due mail per user", async () => {
  test.setTimeout(120_000);
  shared = await sharedDatabase("schedule");
  smtp = await startSmtpRecorder();
  const db = shared.db;
  const make = factories(db);
  const catalogueId = await make.catalogue({ title: "Plan" });
  const categoryId = await make.category(catalogueId, { name: "Planung" });
  const serviceId = await make.service(catalogueId, categoryId, { name: "Backup" });
  const old = new Date(Date.now() - 800 * 86_400_000).toISOString();
  await db.updateTable("services").set({ created_at: old, last_reviewed_at: old }).where("id", "=", serviceId).execute();

  // Twenty readers of the weekly digest with something collected; five responsible people of an
  // overdue service who want review-due mails at once.
  const digestReaders = [];
  for (let i = 0; i < 20; i++) digestReaders.push(await make.user("keyuser", { name: `Digest ${i}`, email: `digest${i}@schedule.test` }));
  const responsible = [];
  for (let i = 0; i < 5; i++) responsible.push(await make.user("keyuser", { name: `Due ${i}`, email: `due${i}@schedule.test` }));
  await db.insertInto("notification_prefs").values(digestReaders.map((u) => ({ user_id: u.id, kind: "approved", delivery: "digest" }))).execute();
  await db.insertInto("notifications").values(digestReaders.flatMap((u) => [1, 2].map(() => ({ user_id: u.id, kind: "approved", service_id: serviceId, actor_name: "Anna", delivery: "digest" })))).execute();
  await db.insertInto("notification_prefs").values(responsible.map((u) => ({ user_id: u.id, kind: "review_due", delivery: "mail" }))).execute();
  await db.insertInto("service_responsible_users").values(responsible.map((u) => ({ service_id: serviceId, user_id: u.id }))).execute();
  // A run that died after claiming the first reader's digest, its lease long passed.
  const week = await import("~/modules/notifications/schedule.server").then((m) => m.weekPeriod(new Date()));
  await db.insertInto("schedule_runs").values({ job: "digest", period: week, user_id: digestReaders[0].id, claimed_until: new Date(Date.now() - 60_000).toISOString() }).execute();

  servers = await Promise.all([0, 1].map(() => startAppServer(shared.url, { SMTP_URL: smtp.url, SCHEDULE_EVERY_SECONDS: "1" })));
  // Each server has finished at least three runs, the first of them at once at start.
  await expect.poll(() => Math.min(...servers.map((s) => s.output.filter((line) => line.startsWith("[schedule] run finished")).length)), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);

  for (const u of digestReaders) expect(smtp.to(u.email), u.email).toHaveLength(1);
  for (const u of responsible) expect(smtp.to(u.email), u.email).toHaveLength(1);
  expect(smtp.mails).toHaveLength(digestReaders.length + responsible.length);
  const notified = await db.selectFrom("notifications").select((eb) => eb.fn.countAll().as("n")).where("kind", "=", "review_due").executeTakeFirstOrThrow();
  expect(Number(notified.n)).toBe(responsible.length);
});
