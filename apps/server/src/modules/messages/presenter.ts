import type { MessagePageRow } from './queries.js';

/** What of a message's text and comment may be shown (the service decides). */
export interface Shown {
  essay: boolean;
  comment: boolean;
}

/** `read` tells how the message was before this page showed it. */
export const presentMessage = (r: MessagePageRow, shown: Shown) => ({
  id: r.m.id,
  type: r.m.type,
  actor: r.actor?.id ? r.actor : null,
  essay: shown.essay && r.essay ? { id: r.essay.id, title: r.essay.title, summary: r.essay.summary } : null,
  commentId: r.m.commentId,
  content: shown.comment ? r.m.content : '该评论已不可见',
  read: !!r.m.readAt,
  createdAt: r.m.createdAt.toISOString(),
});
