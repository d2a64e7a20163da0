import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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
  let submission: ReturnType<typeof validateForm> | undefined;
  // A refused form is shown again with what was typed, and the accounts its select offers.
  const refused = async (errors: Parameters<typeof refuse>[1], status: number) => refuse(submission!, errors, status, { meta: { people: (await responsibleChoices(db)).map((r) => ({ id: r.id, name: r.name })) } });
  const answer = async <T>(run: () => Promise<T>, done: (value: T) => Response | Promise<Response>) => {
    if (!submission || submission.status !== "success") return refused({}, 400);
    try {
      return await done(await run());
    } catch (error) {
      const common = commonRefusal(error, { stale: "comments.errors.tooLate" });
      if (!common) throw error;
      return refused(common.errors, common.status);
    }
  };
  const actor = { id: user.id, name: user.name, mayDeleteAny: userHasPermission(user, "access:admin") };
  return dispatchIntent(form.get("intent"), {
    comment: async () => {
      submission = validateForm(form, CommentSchema);
      const value = submission.status === "success" ? (submission.value as { body: string; mentions: number[]; thread?: number }) : null;
      return answer(
        () => addComment(db, id, value!, user),
        (commentId) => redirectWithFlash(request, `${page}#comment-${commentId}`, { kind: "success", message: value!.thread ? "comments.replied" : "comments.added" }),
      );
    },
    editComment: async () => {
      submission = validateForm(form, EditCommentSchema);
      const value = submission.status === "success" ? (submission.value as { comment: number; body: string; mentions: number[] }) : null;
      return answer(
        () => editComment(db, id, value!.comment, value!, user),
        () => redirectWithFlash(request, `${page}#comment-${value!.comment}`, { kind: "success", message: "comments.editedDone" }),
      );
    },
    deleteComment: async () => {
      submission = validateForm(form, CommentIdSchema);
      const value = submission.status === "success" ? (submission.value as { comment: number }) : null;
      return answer(
        () => deleteComment(db, id, value!.comment, actor),
        () => redirectWithFlash(request, `${page}#${commentsAnchor}`, { kind: "success", message: "comments.deleted" }),
      );
    },
    resolveThread: () => resolve(true),
    reopenThread: () => resolve(false),
  });

  async function resolve(resolved: boolean) {
    submission = validateForm(form, CommentIdSchema);
    const value = submission.status === "success" ? (submission.value as { comment: number }) : null;
    return answer(
      () => setThreadResolved(db, id, value!.comment, resolved, user),
      (changed) =>
        redirectWithFlash(request, `${page}#comment-${value!.comment}`, changed ? { kind: "success", message: resolved ? "comments.resolvedDone" : "comments.reopenedDone" } : { kind: "info", message: "comments.unchanged" }),
    );
  }
}
