import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import { dueSoonLimit, effectiveInterval, MAX_REVIEW_INTERVAL, nextReviewAt, reviewState, type ReviewInfo, type ReviewState } from "./review-cadence";

/**
 * The review cadence in SQL and its writes (issue 36 §1, docs/decisions/0074-review-cadence.md).
 * The next review date is computed where it is asked for, never stored: nothing can go stale
 * when a catalogue's interval changes.
 */

/** The catalogue interval of the service aliased `s` (a lookup by primary key). */
const catalogueInterval = sql<number>`(select k.review_interval_months from service_catalogues k where k.id = s.service_catalogue_id)`;

/** The interval that applies to the service aliased `s`. */
export const intervalSql = sql<number>`coalesce(s.review_interval_months, ${catalogueInterval})`;

/** The next review date of the service aliased `s` (null: no regular review). */
export const nextReviewSql: RawBuilder<string | null> = sql<string | null>`(case when ${intervalSql} > 0 then add_months(coalesce(s.last_reviewed_at, s.created_at), ${intervalSql}) end)`;

/** The services aliased `s` in `state` at `now`. */
export function reviewCondition(state: ReviewState, now = new Date()): Expression<SqlBool> {
  const at = now.toISOString();
  return state === "overdue" ? sql<SqlBool>`${nextReviewSql} < ${at}` : sql<SqlBool>`(${nextReviewSql} >= ${at} and ${nextReviewSql} < ${dueSoonLimit(now).toISOString()})`;
}

/** Any of `states` (the browser's filter boxes). */
export function reviewStatesCondition(states: readonly ReviewState[], now = new Date()): Expression<SqlBool> | null {
  if (!states.length) return null;
  if (states.length === 1) return reviewCondition(states[0], now);
  return sql<SqlBool>`(${nextReviewSql} < ${dueSoonLimit(now).toISOString()})`;
}

/** What the service page says about the service's reviews. */
export async function reviewInfo(db: Executor, serviceId: number, now = new Date()): Promise<ReviewInfo | null> {
  const row = await db
    .selectFrom("services as s")
    .innerJoin("service_catalogues as k", "k.id", "s.service_catalogue_id")
    .leftJoin("users as u", "u.id", "s.last_reviewed_by")
    .select(["s.last_reviewed_at", "s.created_at", "s.review_interval_months as own", "k.review_interval_months as catalogue", "u.name as reviewer"])
    .where("s.id", "=", serviceId)
    .executeTakeFirst();
  if (!row) return null;
  const next = nextReviewAt(row, effectiveInterval(row.own, row.catalogue));
  return { lastReviewedAt: row.last_reviewed_at, lastReviewedBy: row.reviewer, own: row.own, catalogue: row.catalogue, next, state: reviewState(next, now) };
}

/** An approval is a review: the caller (the basics' save) stamps it in its transaction. */
export async function stampReview(trx: Executor, serviceId: number, causer: Causer) {
  await trx.updateTable("services").set({ last_reviewed_at: nowIso(), last_reviewed_by: causer.id }).where("id", "=", serviceId).execute();
}

/**
 * "Still accurate": the service was looked at and needs no change. Not a content change — the
 * version stays — but refused as stale when the service changed after the page was loaded (the
 * confirmation is about what the user saw). An activity in the service's history.
 */
export async function confirmReview(db: Executor, serviceId: number, expectedUpdatedAt: string | null, causer: Causer) {
  const current = await db.selectFrom("services").selectAll().where("id", "=", serviceId).where("deleted_at", "is", null).executeTakeFirst();
  if (!current) throw new NotFoundError("service");
  if (expectedUpdatedAt !== null && current.updated_at !== expectedUpdatedAt) throw new StaleRecordError(current, []);
  const at = nowIso();
  await db.updateTable("services").set({ last_reviewed_at: at, last_reviewed_by: causer.id }).where("id", "=", serviceId).execute();
  await recordActivity(db, {
    subjectType: "service",
    subjectId: serviceId,
    event: "review_confirmed",
    causer,
    oldValues: { last_reviewed_at: current.last_reviewed_at },
    newValues: { last_reviewed_at: at },
  });
}

/** A catalogue's review interval (months, 0..MAX_REVIEW_INTERVAL); an activity of the catalogue when it changes (not its content: no new version stamp). */
export async function setCatalogueReviewInterval(db: Executor, catalogueId: number, months: number, causer: Causer): Promise<boolean> {
  if (!Number.isInteger(months) || months < 0 || months > MAX_REVIEW_INTERVAL) throw new RangeError("review interval");
  const before = await db.selectFrom("service_catalogues").select("review_interval_months").where("id", "=", catalogueId).executeTakeFirst();
  if (!before) throw new NotFoundError("catalogue");
  if (before.review_interval_months === months) return false;
  await db.updateTable("service_catalogues").set({ review_interval_months: months }).where("id", "=", catalogueId).execute();
  await recordActivity(db, {
    subjectType: "catalogue",
    subjectId: catalogueId,
    event: "updated",
    causer,
    oldValues: { review_interval_months: before.review_interval_months },
    newValues: { review_interval_months: months },
    description: "review_interval",
  });
  return true;
}
