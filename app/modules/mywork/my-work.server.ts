import { sql } from "kysely";
import { roleHasPermission } from "~/modules/access/policy";
import type { Role } from "~/modules/access/roles";
import { dueSoonLimit } from "~/modules/service/review-cadence";
import { nextReviewSql } from "~/modules/service/review-cadence.server";
import { responsibleUsersSql } from "~/modules/service/responsible.server";
import type { Executor } from "~/server/audit.server";

/**
 * "My work" (issue 36 §4, docs/decisions/0077-my-work.md): what needs the signed-in user, across
 * their catalogues — the services they are responsible for whose review is due or overdue, the
 * services waiting for their review (status "checking", for those who approve), and their own
 * drafts (open services they edited last), and the services whose open discussions mention them. One query per list: capped, and counted in the same query.
 */
export const MY_WORK_ROWS = 25;

export interface WorkRow {
  id: number;
  name: string;
  catalogue: string | null;
  category: string | null;
  /** The date that puts the row here: the last change, or the next review. */
  at: string;
}

export interface WorkList {
  rows: WorkRow[];
  total: number;
}

function rowsOf(db: Executor) {
  return db
    .selectFrom("services as s")
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .leftJoin("service_catalogues as k", "k.id", "s.service_catalogue_id")
    .where("s.deleted_at", "is", null);
}

type Row = WorkRow & { total: number | string | bigint };

/** Drops the window count from the rows: it is the list's total. */
function workList(rows: Row[]): WorkList {
  return { rows: rows.map(({ total: _total, ...r }) => ({ ...r, at: String(r.at) })), total: Number(rows[0]?.total ?? 0) };
}

/** The first rows and, in the same query, how many there are in all (a window count: the filter runs once). */
async function list(query: ReturnType<typeof rowsOf>, at: ReturnType<typeof sql<string>>, order: "asc" | "desc"): Promise<WorkList> {
  const rows = await query
    .select(["s.id", "s.name", "k.title as catalogue", "c.name as category", at.as("at"), sql<number>`count(*) over ()`.as("total")])
    .orderBy(at, order)
    .orderBy("s.id")
    .limit(MY_WORK_ROWS)
    .execute();
  return workList(rows);
}

/**
 * The services the user is responsible for whose review is due or overdue, the most overdue first.
 * The next review date is computed once per service in a materialised table: inlined, SQLite
 * computed it for the filter, the order and the column — three times for each of the ~2,000
 * services of the busiest bench account (docs/benchmarks.md, "My work").
 */
async function dueForReview(db: Executor, userId: number, now: Date): Promise<WorkList> {
  const rows = await db
    .with(
      (cte) => cte("due").materialized(),
      (qb) =>
        qb
          .selectFrom("services as s")
          .select(["s.id", nextReviewSql.as("next")])
          .where("s.deleted_at", "is", null)
          .where("s.id", "in", sql<number>`(select x.service_id from ${responsibleUsersSql} x where x.user_id = ${userId})`),
    )
    .selectFrom("due")
    .innerJoin("services as s", "s.id", "due.id")
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .leftJoin("service_catalogues as k", "k.id", "s.service_catalogue_id")
    .where("due.next", "<", dueSoonLimit(now).toISOString())
    .select(["s.id", "s.name", "k.title as catalogue", "c.name as category", sql<string>`due.next`.as("at"), sql<number>`count(*) over ()`.as("total")])
    .orderBy("due.next")
    .orderBy("s.id")
    .limit(MY_WORK_ROWS)
    .execute();
  return workList(rows);
}

export async function myWork(db: Executor, user: { id: number; role: Role }, now = new Date()) {
  const approves = roleHasPermission(user.role, "manage:structure");
  // The newest comment mentioning the user, in threads still open (issue 36 §7).
  const mentionedAt = sql<string>`(select max(c.created_at) from service_comments c join comment_mentions m on m.comment_id = c.id join service_comments t on t.id = coalesce(c.thread_id, c.id) where m.user_id = ${user.id} and c.service_id = s.id and t.resolved_at is null)`;
  const [mine, toReview, drafts, mentions] = await Promise.all([
    dueForReview(db, user.id, now),
    // Approving is for those who manage the structure (decision 0014): for them every service sent to review.
    approves ? list(rowsOf(db).where("s.status", "=", "checking"), sql<string>`s.updated_at`, "asc") : Promise.resolve(null),
    list(rowsOf(db).where("s.status", "=", "open").where("s.updated_by", "=", user.id), sql<string>`s.updated_at`, "desc"),
    list(
      rowsOf(db).where("s.id", "in", sql<number>`(select c.service_id from service_comments c join comment_mentions m on m.comment_id = c.id where m.user_id = ${user.id})`).where(sql<boolean>`${mentionedAt} is not null`),
      mentionedAt,
      "desc",
    ),
  ]);
  return { responsible: mine, toReview, drafts, mentions };
}

export type MyWork = Awaited<ReturnType<typeof myWork>>;
