import type { Comment } from '@shiju/contract';
import { canDeleteComment } from '@shiju/contract/core';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import { findEssay, refreshHotScore } from '../essays/index.js';
import type { Tx } from '../../db/client.js';
import { notify } from '../messages/index.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import { forgetEssay, type Broadcast } from '../../lib/broadcast.js';
import * as q from './queries.js';
import { allow } from '../limits/index.js';
import { isBlocked } from '../users/index.js';

/** A burst of comments a person may post within a minute before A0501. */
export const COMMENT_BURST = 8;
const REPLIES_SHOWN = 3;

function present({ c, userNickname, userAvatar, replyToNickname, replyToAvatar }: q.CommentLoaded, liked?: Set<number>): Comment {
  return {
    id: c.id,
    essayId: c.essayId,
    rootId: c.rootId,
    content: c.content,
    user: { id: c.userId, nickname: userNickname, avatar: userAvatar },
    replyToUser:
      c.replyToUserId && replyToNickname !== null ? { id: c.replyToUserId, nickname: replyToNickname, avatar: replyToAvatar } : null,
    likes: c.likes,
    ...(liked ? { liked: liked.has(c.id) } : {}),
    createdAt: c.createdAt.toISOString(),
  };
}

/** The reader's likes among these comments (undefined for visitors: the flag is left out). */
const likedBy = (db: Db, viewerId: number | undefined, rows: q.CommentLoaded[]) =>
  viewerId
    ? q.likedAmong(
        db,
        viewerId,
        rows.map((r) => r.c.id),
      )
    : Promise.resolve(undefined);

async function publishedEssay(db: Db, id: number) {
  const e = await findEssay(db, id);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  return e;
}

export async function pageComments(db: Db, essayId: number, sort: 'hot' | 'new', limit: number, offset: number, viewerId?: number) {
  const page = await q.commentPage(db, { essayId, sort, limit, offset, per: REPLIES_SHOWN, viewerId });
  if (page.essayStatus !== 'published') throw notFound('作品不存在或未发布');
  return {
    total: page.total,
    totalCapped: page.totalCapped,
    list: page.roots.map((r) => ({
      ...present(r, page.liked),
      replies: page.replies.filter((x) => x.c.rootId === r.c.id).map((x) => present(x, page.liked)),
      replyCount: r.c.replyCount,
    })),
  };
}

export async function pageChildren(db: Db, rootId: number, limit: number, offset: number, viewerId?: number) {
  const root = await q.findVisible(db, rootId);
  if (!root || root.rootId !== null) throw notFound('评论不存在');
  // Replies are as public as the text they hang under: none while it is a draft, pending, hidden or deleted.
  await publishedEssay(db, root.essayId);
  const page = await q.pageReplies(db, rootId, limit, offset, viewerId);
  const liked = await likedBy(db, viewerId, page.list);
  return { total: page.total, totalCapped: page.totalCapped, list: page.list.map((r) => present(r, liked)) };
}

/**
 * 赞 on a visible comment under a published text: exact counter, idempotent both ways, and its author is told
 * once (however often it is undone and redone), never about their own like.
 */
export async function likeComment(db: Db, me: UserRow, id: number, on: boolean) {
  const c = await q.findVisible(db, id);
  if (!c) throw notFound('评论不存在');
  await publishedEssay(db, c.essayId);
  return db.transaction(async (tx) => {
    const r = await q.toggleLike(tx, me.id, id, on);
    if (r.changed && on)
      await notify(tx, {
        userId: c.userId,
        type: 'like',
        actorId: me.id,
        essayId: c.essayId,
        commentId: id,
        content: c.content.slice(0, 100),
      });
    return { liked: on, likes: r.likes };
  });
}

export async function createComment(
  db: Db,
  rt: { broadcast: Broadcast; sensitive: SensitiveWords },
  me: UserRow,
  body: { essayId: number; content: string; parentId?: number },
) {
  const content = body.content.trim();
  if (!content) throw invalid('content 评论内容不能为空');
  rt.sensitive.refuse('content', content);
  const essay = await publishedEssay(db, body.essayId);
  const parent = body.parentId ? await q.findVisible(db, body.parentId) : null;
  if (body.parentId && (!parent || parent.essayId !== essay.id)) throw invalid('parentId 要回复的评论不存在');
  // Someone who was blocked cannot comment under the blocker's texts, nor reply to the blocker's comments.
  if ((await isBlocked(db, essay.authorId, me.id)) || (parent && (await isBlocked(db, parent.userId, me.id))))
    throw new AppError('A0301', '对方已将你拉黑，无法评论或回复');
  if (!(await allow(db, { key: `comment:${me.id}`, windowMs: 60_000 }, COMMENT_BURST)))
    throw new AppError('A0501', '评论太频繁，请稍后再试');

  const id = await db.transaction(async (tx) => {
    const rootId = parent ? (parent.rootId ?? parent.id) : null;
    const commentId = await q.insertComment(tx, {
      essayId: essay.id,
      userId: me.id,
      rootId,
      replyToUserId: parent?.userId ?? null,
      content,
    });
    await q.moveEssayComments(tx, essay.id, 1);
    await refreshHotScore(tx, essay.id);
    if (rootId) await q.moveReplyCount(tx, rootId, 1);
    const snippet = content.slice(0, 100);
    if (parent) await notify(tx, { userId: parent.userId, type: 'reply', actorId: me.id, essayId: essay.id, commentId, content: snippet });
    if (!parent || parent.userId !== essay.authorId)
      await notify(tx, {
        userId: essay.authorId,
        type: 'comment',
        actorId: me.id,
        essayId: essay.id,
        commentId,
        content: snippet,
      });
    return commentId;
  });
  forgetEssay(rt.broadcast, essay.id);
  return { ...present(await q.loadOne(db, id), new Set()), replies: [], replyCount: 0 };
}

/** Own comment, any comment on one's own text, or any comment as admin. */
export async function deleteComment(db: Db, broadcast: Broadcast, me: UserRow, id: number) {
  const c = await q.findVisible(db, id);
  if (!c) throw notFound('评论不存在');
  const essay = await findEssay(db, c.essayId);
  if (!canDeleteComment(me, c.userId, essay?.authorId)) throw forbidden();
  await db.transaction((tx) => removeComment(tx, c));
  forgetEssay(broadcast, c.essayId);
  return { ok: true as const };
}

/** Inside a transaction: removes a comment (with a first-level one's replies) and keeps the counts exact. */
export async function removeComment(tx: Tx, c: Pick<q.CommentRow, 'id' | 'essayId' | 'rootId'>) {
  const removed = await q.hideWithReplies(tx, c.id);
  await q.moveEssayComments(tx, c.essayId, -removed);
  await refreshHotScore(tx, c.essayId);
  if (c.rootId && removed) await q.moveReplyCount(tx, c.rootId, -1);
  return removed;
}
