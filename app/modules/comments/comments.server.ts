import { Marked } from "marked";
import { notify } from "~/modules/notifications/notifications.server";
import { MINUTE, nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/server/errors.server";
import { sanitizeCommentHtml } from "~/server/sanitize.server";
import { COMMENT_EDIT_MINUTES, type CommentView, type ThreadView } from "./comments";

/**
 * Comments on services (issue 36 §7, docs/decisions/0080). Written in a small Markdown (bold,
 * italic, lists, links), stored as written and rendered through the comment sanitiser when shown.
 * A thread is its first comment and the replies naming it; resolving is a mark on the first
 * comment. Every write is an activity of the service; a mention tells the mentioned account.
 */

const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** Safe HTML of a comment's Markdown (headings and images become plain paragraphs or go). */
export function renderComment(body: string): string {
  return sanitizeCommentHtml(markdown.parse(body) as string);
}

export interface CommentActor extends Causer {
  /** Admins delete any comment; everyone else only their own. */
  mayDeleteAny: boolean;
}

/** The service's threads, oldest first, each with its replies and mentions: three queries. */
export async function listThreads(db: Executor, serviceId: number, actor: CommentActor | null, now = new Date()): Promise<ThreadView[]> {
  const rows = await db
    .selectFrom("service_comments")
    .selectAll()
    .where("service_id", "=", serviceId)
    .orderBy("id")
    .execute();
  if (!rows.length) return [];
  const mentions = await db
    .selectFrom("comment_mentions as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.comment_id", "u.name"])
    .where(
      "m.comment_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("u.name")
    .execute();
  const threads = new Map<number, ThreadView>();
  for (const row of rows) {
    const own = actor !== null && row.author_id === actor.id;
    const view: CommentView = {
      id: row.id,
      authorName: row.author_name,
      html: renderComment(row.body),
      body: own && mayStillEdit(row.created_at, now) ? row.body : null,
      createdAt: row.created_at,
      editedAt: row.edited_at,
      mentions: mentions.filter((m) => m.comment_id === row.id).map((m) => m.name),
      canEdit: own && mayStillEdit(row.created_at, now),
      canDelete: actor !== null && (own || actor.mayDeleteAny),
    };
    if (row.thread_id === null) threads.set(row.id, { id: row.id, comments: [view], resolvedAt: row.resolved_at, resolvedBy: row.resolved_by });
    else threads.get(row.thread_id)?.comments.push(view);
  }
  return [...threads.values()];
}

export const mayStillEdit = (createdAt: string, now = new Date()) => now.getTime() - Date.parse(createdAt) < COMMENT_EDIT_MINUTES * MINUTE;

/** Only accounts that exist can be mentioned (a forged id is refused, not dropped). */
async function checkedMentions(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = (await db.selectFrom("users").select("id").where("id", "in", ids).execute()).map((u) => u.id);
  if (found.length !== new Set(ids).size) throw new ValidationError({ mentions: "validation.invalidChoice" });
  return found;
}

async function commentOf(db: Executor, serviceId: number, commentId: number) {
  const row = await db.selectFrom("service_comments").selectAll().where("id", "=", commentId).where("service_id", "=", serviceId).executeTakeFirst();
  if (!row) throw new NotFoundError("comment");
  return row;
}

/** A new thread, or a reply to one (`thread`: its first comment). Returns the comment's id. */
export async function addComment(db: Executor, serviceId: number, input: { body: string; mentions: number[]; thread?: number }, actor: Causer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const service = await trx.selectFrom("services").select("id").where("id", "=", serviceId).where("deleted_at", "is", null).executeTakeFirst();
    if (!service) throw new NotFoundError("service");
    if (input.thread !== undefined) {
      const first = await commentOf(trx, serviceId, input.thread);
      if (first.thread_id !== null) throw new NotFoundError("thread");
    }
    const mentioned = await checkedMentions(trx, input.mentions);
    const { id } = await trx
      .insertInto("service_comments")
      .values({ service_id: serviceId, thread_id: input.thread ?? null, author_id: actor.id, author_name: actor.name, body: input.body, created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (mentioned.length) await trx.insertInto("comment_mentions").values(mentioned.map((user_id) => ({ comment_id: id, user_id }))).execute();
    await recordActivity(trx, { subjectType: "service", subjectId: serviceId, event: "comment_added", causer: actor, newValues: { comment: id, thread: input.thread ?? id, body: input.body, mentions: mentioned } });
    await notify(trx, { kind: "mention", serviceId, actor, recipients: mentioned });
    return id;
  });
}

/** The author's own comment, within the edit window; newly mentioned accounts are told. */
export async function editComment(db: Executor, serviceId: number, commentId: number, input: { body: string; mentions: number[] }, actor: Causer, now = new Date()) {
  return inTransaction(db, async (trx) => {
    const row = await commentOf(trx, serviceId, commentId);
    if (row.author_id !== actor.id) throw new ForbiddenError("comment");
    if (!mayStillEdit(row.created_at, now)) throw new ValidationError({ _form: "comments.errors.tooLate" });
    const mentioned = await checkedMentions(trx, input.mentions);
    const before = (await trx.selectFrom("comment_mentions").select("user_id").where("comment_id", "=", commentId).execute()).map((m) => m.user_id);
    await trx.updateTable("service_comments").set({ body: input.body, edited_at: now.toISOString() }).where("id", "=", commentId).execute();
    await trx.deleteFrom("comment_mentions").where("comment_id", "=", commentId).execute();
    if (mentioned.length) await trx.insertInto("comment_mentions").values(mentioned.map((user_id) => ({ comment_id: commentId, user_id }))).execute();
    await recordActivity(trx, { subjectType: "service", subjectId: serviceId, event: "comment_edited", causer: actor, oldValues: { comment: commentId, body: row.body, mentions: before }, newValues: { comment: commentId, body: input.body, mentions: mentioned } });
    await notify(trx, { kind: "mention", serviceId, actor, recipients: mentioned.filter((id) => !before.includes(id)) });
  });
}

/** Deletes a comment (a thread's first comment: the whole thread). Own ones; admins any. */
export async function deleteComment(db: Executor, serviceId: number, commentId: number, actor: CommentActor) {
  return inTransaction(db, async (trx) => {
    const row = await commentOf(trx, serviceId, commentId);
    if (row.author_id !== actor.id && !actor.mayDeleteAny) throw new ForbiddenError("comment");
    const replies = row.thread_id === null ? Number((await trx.selectFrom("service_comments").select((eb) => eb.fn.countAll().as("n")).where("thread_id", "=", commentId).executeTakeFirst())?.n ?? 0) : 0;
    await trx.deleteFrom("service_comments").where("id", "=", commentId).execute();
    await recordActivity(trx, { subjectType: "service", subjectId: serviceId, event: "comment_deleted", causer: actor, oldValues: { comment: commentId, author: row.author_name, body: row.body, replies } });
  });
}

/** Marks a thread resolved or open again; false when it already was. */
export async function setThreadResolved(db: Executor, serviceId: number, threadId: number, resolved: boolean, actor: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await commentOf(trx, serviceId, threadId);
    if (row.thread_id !== null) throw new NotFoundError("thread");
    if ((row.resolved_at !== null) === resolved) return false;
    await trx
      .updateTable("service_comments")
      .set(resolved ? { resolved_at: nowIso(), resolved_by: actor.name } : { resolved_at: null, resolved_by: null })
      .where("id", "=", threadId)
      .execute();
    await recordActivity(trx, { subjectType: "service", subjectId: serviceId, event: resolved ? "comment_thread_resolved" : "comment_thread_reopened", causer: actor, newValues: { thread: threadId } });
    return true;
  });
}
