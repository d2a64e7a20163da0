import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { canEditService } from "~/modules/access/permissions.server";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { responsibleChoices } from "~/modules/service/responsible.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, dispatchIntent, refuse, validateForm } from "~/server/form.server";
import { idOr404 } from "~/server/ids.server";
import { readFormData } from "~/server/request-body.server";
import { parseId } from "~/lib/ids";
import { commentsAnchor, type CommentsPanel } from "./comments";
import { CommentIdSchema, CommentSchema, EditCommentSchema } from "./comments-schema";
import { addComment, deleteComment, editComment, listThreads, setThreadResolved } from "./comments.server";

type Submission = ReturnType<typeof validateForm>;

/**
 * The comments of a service page (issue 36 §7): the index route under /servicecatalog/service/:id,
 * so its data loads beside the page's and its forms post to `?index`. Everyone who reads the
 * service reads its comments; those who may edit it write, reply and resolve (clients read).
 * A form opens by URL (`?comment=new`, `?reply=<thread>`, `?editComment=<id>`), with or without JS.
 */
export async function serviceCommentsLoader({ request, params }: LoaderFunctionArgs): Promise<CommentsPanel> {
  const user = await requirePermission(request, "read:catalogue");
  const id = idOr404(params.id);
  const db = getDb();
  const canComment = await canEditService(db, user, id);
  const url = new URL(request.url);
  const reply = parseId(url.searchParams.get("reply"));
  const edit = parseId(url.searchParams.get("editComment"));
  const open: CommentsPanel["open"] = !canComment ? null : edit !== null ? { kind: "edit", comment: edit } : reply !== null ? { kind: "reply", thread: reply } : url.searchParams.get("comment") === "new" ? { kind: "new" } : null;
  const [threads, people] = await Promise.all([
    listThreads(db, id, { id: user.id, name: user.name, mayDeleteAny: userHasPermission(user, "access:admin") }),
    open ? responsibleChoices(db).then((rows) => rows.map((r) => ({ id: r.id, name: r.name }))) : null,
  ]);
  return { threads, canComment, people, open };
}

export async function serviceCommentsAction({ request, params }: ActionFunctionArgs) {
  const id = idOr404(params.id);
  const user = await requirePermission(request, "update:service", { serviceId: id });
  const db = getDb();
  const form = await readFormData(request);
  const page = `/servicecatalog/service/${id}`;
  const actor = { id: user.id, name: user.name, mayDeleteAny: userHasPermission(user, "access:admin") };
  // A refused form is shown again with what was typed, and the accounts its select offers.
  const refused = async (submission: Submission, errors: Parameters<typeof refuse>[1], status: number) =>
    refuse(submission, errors, status, { meta: { people: (await responsibleChoices(db)).map((r) => ({ id: r.id, name: r.name })) } });
  /** Validates with `schema`, runs the write, answers with `done`; a domain refusal keeps the form. */
  const handle = async <S extends z.ZodType, T>(schema: S, write: (value: z.output<S>) => Promise<T>, done: (value: z.output<S>, result: T) => Response | Promise<Response>) => {
    const submission = validateForm(form, schema);
    if (submission.status !== "success") return refused(submission, {}, 400);
    const value = submission.value as z.output<S>;
    try {
      return await done(value, await write(value));
    } catch (error) {
      const common = commonRefusal(error, { stale: "comments.errors.tooLate" });
      if (!common) throw error;
      return refused(submission, common.errors, common.status);
    }
  };
  const back = (anchor: string, message: string, kind: "success" | "info" = "success") => redirectWithFlash(request, `${page}#${anchor}`, { kind, message });
  const resolve = (resolved: boolean) =>
    handle(
      CommentIdSchema,
      (v) => setThreadResolved(db, id, v.comment, resolved, user),
      (v, changed) => (changed ? back(`comment-${v.comment}`, resolved ? "comments.resolvedDone" : "comments.reopenedDone") : back(`comment-${v.comment}`, "comments.unchanged", "info")),
    );
  return dispatchIntent(form.get("intent"), {
    comment: () => handle(CommentSchema, (v) => addComment(db, id, v, user), (v, commentId) => back(`comment-${commentId}`, v.thread ? "comments.replied" : "comments.added")),
    editComment: () => handle(EditCommentSchema, (v) => editComment(db, id, v.comment, v, user), (v) => back(`comment-${v.comment}`, "comments.editedDone")),
    deleteComment: () => handle(CommentIdSchema, (v) => deleteComment(db, id, v.comment, actor), () => back(commentsAnchor, "comments.deleted")),
    resolveThread: () => resolve(true),
    reopenThread: () => resolve(false),
  });
}
