/**
 * Comments on services (issue 36 §7, docs/decisions/0080), client-safe.
 */
export const COMMENT_EDIT_MINUTES = 15;
export const COMMENT_MAX_LENGTH = 5_000;
export const COMMENT_MAX_MENTIONS = 20;

export interface CommentView {
  id: number;
  authorName: string;
  /** Rendered from the Markdown and sanitised on the server. */
  html: string;
  /** The Markdown as written: only for its author while they may still edit it. */
  body: string | null;
  createdAt: string;
  editedAt: string | null;
  mentions: string[];
  canEdit: boolean;
  canDelete: boolean;
}

export interface ThreadView {
  id: number;
  comments: CommentView[];
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface CommentsPanel {
  threads: ThreadView[];
  /** May write, reply and resolve (users comment where they may edit; clients read). */
  canComment: boolean;
  /** Who can be mentioned; loaded only with a form open (`?comment=new`, `reply`, `editComment`). */
  people: { id: number; name: string }[] | null;
  /** The open form: "new", a thread to reply to, or a comment to edit. */
  open: { kind: "new" } | { kind: "reply"; thread: number } | { kind: "edit"; comment: number } | null;
}

export const commentsAnchor = "comments";
