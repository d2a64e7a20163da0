import { sql } from "kysely";
import { reviewStatesCondition } from "~/modules/service/review-cadence.server";
import { responsibleUsersSql } from "~/modules/service/responsible.server";
import type { Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { sendMail } from "~/server/mailer.server";
import { MAIL_LEASE_MS, deliverPendingMails, digestMail, mailedNotifications } from "./delivery.server";
import { notify } from "./notifications.server";

/**
 * The scheduled runs (issue 36 §6, decision 0079): the daily "review due" run and the weekly
 * digest, each once per user and period however many servers run them and whenever one dies in
 * the middle. Every server runs the schedule; a row in schedule_runs per job, period and user is
 * the claim — inserted (a second server's insert conflicts) or taken over once its lease ran out.
 */

/** The day (UTC) a daily run belongs to. */
export const dayPeriod = (now: Date) => now.toISOString().slice(0, 10);

/** The ISO week (UTC) a weekly run belongs to, e.g. "2026-W48". */
export function weekPeriod(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week names its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** Claims (job, period, user) for this run: new, or left by a run whose lease has passed. Never one that is done. */
async function claimRun(db: Executor, job: string, period: string, userId: number, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + MAIL_LEASE_MS).toISOString();
  const inserted = await db
    .insertInto("schedule_runs")
    .values({ job, period, user_id: userId, claimed_until: until })
    .onConflict((oc) => oc.columns(["job", "period", "user_id"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (inserted) return true;
  const taken = await db
    .updateTable("schedule_runs")
    .set({ claimed_until: until })
    .where("job", "=", job)
    .where("period", "=", period)
    .where("user_id", "=", userId)
    .where("done_at", "is", null)
    .where("claimed_until", "<", now.toISOString())
    .returning("user_id")
    .executeTakeFirst();
  return Boolean(taken);
}

/**
 * Tells each responsible person once about each of their services that falls due (or is overdue)
 * since its last review. Per user one transaction holds the claim and the notifications, so a run
 * that dies leaves nothing half done. Returns the number of notifications written.
 */
export async function runReviewDue(db: Executor, now = new Date()): Promise<number> {
  const period = dayPeriod(now);
  const due = reviewStatesCondition(["due", "overdue"], now);
  if (!due) return 0;
  const pairs = await db
    .selectFrom("services as s")
    .innerJoin(sql<{ service_id: number; user_id: number }>`${responsibleUsersSql}`.as("x"), "x.service_id", "s.id")
    .select(["x.user_id", "s.id as service_id"])
    .where("s.deleted_at", "is", null)
    .where("s.stage", "!=", "retired")
    .where(due)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notifications as n")
            .select("n.id")
            .whereRef("n.user_id", "=", "x.user_id")
            .whereRef("n.service_id", "=", "s.id")
            .where("n.kind", "=", "review_due")
            .where(sql<boolean>`n.created_at >= coalesce(s.last_reviewed_at, s.created_at)`),
        ),
      ),
    )
    .orderBy("x.user_id")
    .execute();
  const byUser = new Map<number, number[]>();
  for (const pair of pairs) byUser.set(pair.user_id, [...(byUser.get(pair.user_id) ?? []), pair.service_id]);
  let written = 0;
  for (const [userId, serviceIds] of byUser) {
    written += await inTransaction(db, async (trx) => {
      const claimed = await trx
        .insertInto("schedule_runs")
        .values({ job: "review_due", period, user_id: userId, done_at: now.toISOString() })
        .onConflict((oc) => oc.columns(["job", "period", "user_id"]).doNothing())
        .returning("user_id")
        .executeTakeFirst();
      if (!claimed) return 0;
      for (const serviceId of serviceIds) await notify(trx, { kind: "review_due", serviceId, actor: null, recipients: [userId] });
      return serviceIds.length;
    });
  }
  return written;
}

/**
 * Sends each user with collected notifications one digest for this week. The claim is committed
 * before the mail goes out and marked done after; a run that dies in between leaves a claim whose
 * lease a later run takes over. Returns the number of digests sent.
 */
const DIGEST_SENDERS = 5;

export async function runWeeklyDigest(db: Executor, now = new Date()): Promise<number> {
  const period = weekPeriod(now);
  const users = await db
    .selectFrom("notifications")
    .select("user_id")
    .distinct()
    .where("delivery", "=", "digest")
    .where("mailed_at", "is", null)
    .where("created_at", "<=", now.toISOString())
    .orderBy("user_id")
    .execute();
  let sent = 0;
  // A few users at a time: the mail server's round trips, not the database, set the pace.
  const queue = users.map((u) => u.user_id);
  const worker = async () => {
    for (let userId = queue.shift(); userId !== undefined; userId = queue.shift()) if (await digestOf(db, userId, period, now)) sent++;
  };
  // A failing sender stops; the others finish the queue; the run then reports the failure.
  const failed = (await Promise.allSettled(Array.from({ length: DIGEST_SENDERS }, worker))).find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  return sent;
}

/** Claims, sends and marks one user's digest of the week; whether a mail went out. */
async function digestOf(db: Executor, userId: number, period: string, now: Date): Promise<boolean> {
  if (!(await claimRun(db, "digest", period, userId, now))) return false;
  const waiting = await db
    .selectFrom("notifications")
    .select("id")
    .where("user_id", "=", userId)
    .where("delivery", "=", "digest")
    .where("mailed_at", "is", null)
    .where("created_at", "<=", now.toISOString())
    .execute();
  const rows = await mailedNotifications(
    db,
    waiting.map((r) => r.id),
  );
  const wanted = rows.filter((row) => row.wanted === "digest");
  if (wanted.length) await sendMail(await digestMail(wanted));
  await inTransaction(db, async (trx) => {
    const at = new Date().toISOString();
    if (wanted.length) await trx.updateTable("notifications").set({ mailed_at: at }).where("id", "in", wanted.map((r) => r.id)).execute();
    // Switched off since they were collected: they stay in the app only.
    const dropped = rows.filter((row) => row.wanted !== "digest");
    if (dropped.length) await trx.updateTable("notifications").set({ delivery: "inapp" }).where("id", "in", dropped.map((r) => r.id)).execute();
    await trx.updateTable("schedule_runs").set({ done_at: at }).where("job", "=", "digest").where("period", "=", period).where("user_id", "=", userId).execute();
  });
  return wanted.length > 0;
}

export interface ScheduleResult {
  reviewDue: number;
  digests: number;
  mails: number;
}

/** One run of the whole schedule: due reviews, the week's digests, then any mails-at-once left waiting. */
export async function runSchedule(db: Executor, now = new Date()): Promise<ScheduleResult> {
  const reviewDue = await runReviewDue(db, now);
  const digests = await runWeeklyDigest(db, now);
  const mails = await deliverPendingMails(db, () => now);
  return { reviewDue, digests, mails };
}

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

/**
 * Runs the schedule in this server process: soon after start, then every SCHEDULE_EVERY_SECONDS
 * (0: never, as in the browser tests' shared server). Called by server.mjs once it listens.
 */
export function startSchedule(db: () => Executor, everySeconds: number): void {
  if (timer || !(everySeconds > 0)) return;
  const tick = () => {
    if (running) return;
    running = runSchedule(db())
      .then((result) => console.info(`[schedule] run finished ${JSON.stringify(result)}`))
      .catch((error) => console.error("[schedule] run failed:", error))
      .finally(() => {
        running = null;
      });
  };
  timer = setInterval(tick, everySeconds * 1000);
  timer.unref();
  setImmediate(tick);
}

/** Stops the timer and waits for a run in progress (graceful shutdown, before the database closes). */
export async function stopSchedule(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
