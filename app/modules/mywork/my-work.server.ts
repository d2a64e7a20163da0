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
 * drafts (open services they edited last). A fixed number of queries; each list is capped and
 * counted, with a link to all of them.
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

async function list(query: ReturnType<typeof rowsOf>, at: ReturnType<typeof sql<string>>, order: "asc" | "desc"): Promise<WorkList> {
  const [rows, count] = await Promise.all([
    query.select(["s.id", "s.name", "k.title as catalogue", "c.name as category", at.as("at")]).orderBy(at, order).orderBy("s.id").limit(MY_WORK_ROWS).execute(),
    query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => ({ ...r, at: String(r.at) })), total: Number(count?.n ?? 0) };
}

export async function myWork(db: Executor, user: { id: number; role: Role }, now = new Date()) {
  const approves = roleHasPermission(user.role, "manage:structure");
  const responsible = rowsOf(db)
    .where("s.id", "in", sql<number>`(select x.service_id from ${responsibleUsersSql} x where x.user_id = ${user.id})`)
    .where(reviewStatesCondition(["due", "overdue"], now)!);
  const [mine, toReview, drafts] = await Promise.all([
    // The most overdue first.
    list(responsible, sql<string>`${nextReviewSql}`, "asc"),
    // Approving is for those who manage the structure (decision 0014): for them every service sent to review.
    approves ? list(rowsOf(db).where("s.status", "=", "checking"), sql<string>`s.updated_at`, "asc") : Promise.resolve(null),
    list(rowsOf(db).where("s.status", "=", "open").where("s.updated_by", "=", user.id), sql<string>`s.updated_at`, "desc"),
  ]);
  return { responsible: mine, toReview, drafts };
}

export type MyWork = Awaited<ReturnType<typeof myWork>>;
