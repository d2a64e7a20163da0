import { z } from "zod";
import { idField, idList } from "~/ui/form/fields";
import { COMMENT_MAX_LENGTH, COMMENT_MAX_MENTIONS } from "./comments";

const body = z.string({ error: "comments.errors.empty" }).trim().min(1, "comments.errors.empty").max(COMMENT_MAX_LENGTH, "comments.errors.tooLong");
const mentions = idList().pipe(z.array(z.number()).max(COMMENT_MAX_MENTIONS, "validation.invalidChoice"));

/** A new thread, or a reply (`thread`). */
export const CommentSchema = z.object({ body, mentions, thread: idField().optional() });
/** An own comment within the edit window. */
export const EditCommentSchema = z.object({ comment: idField(), body, mentions });
/** Delete a comment; resolve or reopen a thread. */
export const CommentIdSchema = z.object({ comment: idField() });
