import { sql } from "kysely";
import { roleHasPermission } from "~/modules/access/policy";
import type { Role } from "~/modules/access/roles";
import { nextReviewSql, reviewStatesCondition } from "~/modules/service/review-cadence.server";
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

/** The first rows and, in the same query, how many there are in all (a window count: the filter runs once). */
async function list(query: ReturnType<typeof rowsOf>, at: ReturnType<typeof sql<string>>, order: "asc" | "desc"): Promise<WorkList> {
  const rows = await query
    .select(["s.id", "s.name", "k.title as catalogue", "c.name as category", at.as("at"), sql<number>`count(*) over ()`.as("total")])
    .orderBy(at, order)
    .orderBy("s.id")
    .limit(MY_WORK_ROWS)
    .execute();
  return { rows: rows.map(({ total: _total, ...r }) => ({ ...r, at: String(r.at) })), total: Number(rows[0]?.total ?? 0) };
}

export async function myWork(db: Executor, user: { id: number; role: Role }, now = new Date()) {
  const approves = roleHasPermission(user.role, "manage:structure");
  const responsible = rowsOf(db)
    .where("s.id", "in", sql<number>`(select x.service_id from ${responsibleUsersSql} x where x.user_id = ${user.id})`)
    .where(reviewStatesCondition(["due", "overdue"], now)!);
  // The newest comment mentioning the user, in threads still open (issue 36 §7).
  const mentionedAt = sql<string>`(select max(c.created_at) from service_comments c join comment_mentions m on m.comment_id = c.id join service_comments t on t.id = coalesce(c.thread_id, c.id) where m.user_id = ${user.id} and c.service_id = s.id and t.resolved_at is null)`;
  const [mine, toReview, drafts, mentions] = await Promise.all([
    // The most overdue first.
    list(responsible, sql<string>`${nextReviewSql}`, "asc"),
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
