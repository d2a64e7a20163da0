import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { PlainButton } from "~/ui/plain/Plain";
import { translateError } from "~/ui/forms";
import { commentsAnchor, type CommentView, type CommentsPanel, type ThreadView } from "../comments";
import { MentionField } from "./MentionField";
import fieldClasses from "~/ui/native-field.module.css";
import classes from "./comments.module.css";

type Answer = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown>; meta?: { people?: CommentsPanel["people"] } } | undefined;

/** A refused form stays open (its URL, `?index`, no longer says which), with the accounts the answer brought. */
function withRefused(data: CommentsPanel, answer: Answer): CommentsPanel {
  if (answer?.status !== "error" || !answer.initialValue) return data;
  const { intent, thread, comment } = answer.initialValue;
  const open: CommentsPanel["open"] =
    intent === "editComment" && comment ? { kind: "edit", comment: Number(comment) } : intent === "comment" ? (thread ? { kind: "reply", thread: Number(thread) } : { kind: "new" }) : data.open;
  return { ...data, open, people: data.people ?? answer.meta?.people ?? null };
}

/**
 * The discussion of a service (issue 36 §7): threads with replies, resolved ones folded. Writing,
 * replying and editing open a form by URL (works without JS); deleting and resolving are buttons.
 */
export function CommentsSection({ data: loaded }: { data: CommentsPanel }) {
  const { t } = useTranslation();
  const data = withRefused(loaded, useActionData() as Answer);
  const { threads, canComment, open } = data;
  const openCount = threads.filter((thread) => thread.resolvedAt === null).length;
  return (
    <section id={commentsAnchor} className={classes.section} aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title" className={classes.title}>
        {t("comments.title")} <span className={classes.meta}>{t("comments.openCount", { count: openCount, total: threads.length })}</span>
      </h2>
      {threads.length === 0 ? <p className={fieldClasses.hint}>{t("comments.none")}</p> : null}
      {threads.map((thread) => (
        <Thread key={thread.id} thread={thread} data={data} />
      ))}
      {canComment ? (
        open?.kind === "new" ? (
          <CommentForm data={data} intent="comment" submitLabel={t("comments.send")} anchor="new-comment" />
        ) : (
          <p>
            <Link to={`?comment=new#new-comment`} preventScrollReset data-testid="comment-new">
              {t("comments.write")}
            </Link>
          </p>
        )
      ) : null}
    </section>
  );
}

function Thread({ thread, data }: { thread: ThreadView; data: CommentsPanel }) {
  const { t, i18n } = useTranslation();
  const [first, ...replies] = thread.comments;
  const resolved = thread.resolvedAt !== null;
  const body = (
    <>
      <Comment comment={first} data={data} />
      {replies.map((reply) => (
        <div key={reply.id} className={classes.reply}>
          <Comment comment={reply} data={data} />
        </div>
      ))}
      {data.canComment ? (
        data.open?.kind === "reply" && data.open.thread === thread.id ? (
          <CommentForm data={data} intent="comment" thread={thread.id} submitLabel={t("comments.reply")} anchor={`reply-${thread.id}`} />
        ) : (
          <div className={classes.actions}>
            {!resolved ? (
              <Link to={`?reply=${thread.id}#reply-${thread.id}`} preventScrollReset aria-label={t("comments.replyTo", { name: first.authorName })}>
                {t("comments.reply")}
              </Link>
            ) : null}
            <Form method="post" action="?index" preventScrollReset>
              <input type="hidden" name="intent" value={resolved ? "reopenThread" : "resolveThread"} />
              <input type="hidden" name="comment" value={thread.id} />
              <PlainButton type="submit" variant="subtle" size="xs" data-testid={resolved ? "thread-reopen" : "thread-resolve"}>
                {t(resolved ? "comments.reopen" : "comments.resolve")}
              </PlainButton>
            </Form>
          </div>
        )
      ) : null}
    </>
  );
  return (
    <article id={`comment-${thread.id}`} className={classes.thread} data-resolved={resolved ? "" : undefined} data-testid="comment-thread">
      {resolved ? (
        <details>
          <summary>{t("comments.resolvedBy", { name: thread.resolvedBy ?? "", date: formatDateTime(thread.resolvedAt, i18n.language), count: thread.comments.length })}</summary>
          {body}
        </details>
      ) : (
        body
      )}
    </article>
  );
}

function Comment({ comment, data }: { comment: CommentView; data: CommentsPanel }) {
  const { t, i18n } = useTranslation();
  if (data.open?.kind === "edit" && data.open.comment === comment.id && comment.canEdit) {
    return <CommentForm data={data} intent="editComment" comment={comment} submitLabel={t("app.save")} anchor={`comment-${comment.id}`} />;
  }
  return (
    <div id={`comment-${comment.id}`} className={classes.comment} data-testid="comment">
      <div className={classes.meta}>
        <strong>{comment.authorName}</strong> · {formatDateTime(comment.createdAt, i18n.language)}
        {comment.editedAt ? ` · ${t("comments.edited")}` : null}
      </div>
      <div className={classes.body} dangerouslySetInnerHTML={{ __html: comment.html }} />
      {comment.mentions.length ? <div className={classes.meta}>{t("comments.mentioned", { names: comment.mentions.join(", ") })}</div> : null}
      {comment.canEdit || comment.canDelete ? (
        <div className={classes.actions}>
          {comment.canEdit ? (
            <Link to={`?editComment=${comment.id}#comment-${comment.id}`} preventScrollReset data-testid="comment-edit">
              {t("comments.editOwn")}
            </Link>
          ) : null}
          {comment.canDelete ? (
            <Form method="post" action="?index" preventScrollReset>
              <input type="hidden" name="intent" value="deleteComment" />
              <input type="hidden" name="comment" value={comment.id} />
              <PlainButton type="submit" variant="subtle" size="xs" aria-label={t("comments.deleteNamed", { name: comment.authorName })} data-testid="comment-delete">
                {t("comments.delete")}
              </PlainButton>
            </Form>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function CommentForm({ data, intent, thread, comment, submitLabel, anchor }: { data: CommentsPanel; intent: "comment" | "editComment"; thread?: number; comment?: CommentView; submitLabel: string; anchor: string }) {
  const { t } = useTranslation();
  const answer = useActionData() as Answer;
  const navigation = useNavigation();
  // The refused form's own answer: same intent and the same thread or comment.
  const mine = answer?.status === "error" && answer.initialValue?.intent === intent && String(answer.initialValue?.thread ?? answer.initialValue?.comment ?? "") === String(thread ?? comment?.id ?? "");
  const error = mine ? translateError(t, answer?.error?.body?.[0] ?? answer?.error?.[""]?.[0] ?? answer?.error?.mentions?.[0] ?? undefined) : undefined;
  const body = mine ? String(answer?.initialValue?.body ?? "") : (comment?.body ?? "");
  const people = data.people ?? [];
  const chosen = comment ? people.filter((p) => comment.mentions.includes(p.name)).map((p) => p.id) : [];
  return (
    <Form method="post" action="?index" preventScrollReset id={anchor} className={classes.form} data-testid="comment-form">
      <input type="hidden" name="intent" value={intent} />
      {thread !== undefined ? <input type="hidden" name="thread" value={thread} /> : null}
      {comment ? <input type="hidden" name="comment" value={comment.id} /> : null}
      <MentionField people={people} defaultBody={body} defaultMentions={chosen} error={error} autoFocus />
      <div className={classes.actions}>
        <PlainButton type="submit" size="xs" disabled={navigation.state === "submitting"} data-testid="comment-submit">
          {submitLabel}
        </PlainButton>
        <Link to={{ search: "", hash: commentsAnchor }} replace preventScrollReset>
          {t("app.cancel")}
        </Link>
      </div>
    </Form>
  );
}
