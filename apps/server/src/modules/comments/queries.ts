import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { commentLikes, comments, users } from '../../db/schema.js';
import type { Tx } from '../essays/queries.js';
import { countUpTo, one } from '../../lib/paging.js';
import { notBlockedBy } from '../people/blocked.js';

type Exec = Db | Tx;
const replyTo = alias(users, 'reply_to');

const selection = {
  c: comments,
  userNickname: users.nickname,
  userAvatar: users.avatar,
  replyToNickname: replyTo.nickname,
  replyToAvatar: replyTo.avatar,
};

function base(db: Exec) {
  return (db as Db)
    .select(selection)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(replyTo, eq(replyTo.id, comments.replyToUserId));
}

export type CommentLoaded = Awaited<ReturnType<typeof loadOne>>;

const visible = eq(comments.status, 'visible');
/** Visible, and not written by someone the viewer blocked. */
const shownTo = (viewerId?: number) => (viewerId ? and(visible, notBlockedBy(viewerId, comments.userId)) : visible);

export async function pageRoots(db: Exec, essayId: number, sort: 'hot' | 'new', limit: number, offset: number, viewerId?: number) {
  const where = and(eq(comments.essayId, essayId), isNull(comments.rootId), shownTo(viewerId));
  const order =
    sort === 'hot' ? [desc(comments.likes), desc(comments.replyCount), desc(comments.id)] : [desc(comments.createdAt), desc(comments.id)];
  const [list, total] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    countUpTo(db, (db as Db).select(one).from(comments).where(where).$dynamic()),
  ]);
  return { list, ...total };
}

/** The newest `per` visible replies of each root, in one statement. */
export async function latestReplies(db: Exec, rootIds: number[], per: number, viewerId?: number) {
  if (!rootIds.length) return [];
  const ranked = db
    .select({
      id: comments.id,
      rn: sql<number>`row_number() over (partition by ${comments.rootId} order by ${comments.createdAt} desc, ${comments.id} desc)`.as(
        'rn',
      ),
    })
    .from(comments)
    .where(and(inArray(comments.rootId, rootIds), shownTo(viewerId)))
    .as('ranked');
  const newest = (db as Db)
    .select({ id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.rn} <= ${per}`);
  return base(db).where(inArray(comments.id, newest)).orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function pageReplies(db: Exec, rootId: number, limit: number, offset: number, viewerId?: number) {
  const where = and(eq(comments.rootId, rootId), shownTo(viewerId));
  const [list, total] = await Promise.all([
    base(db).where(where).orderBy(asc(comments.createdAt), asc(comments.id)).limit(limit).offset(offset),
    countUpTo(db, (db as Db).select(one).from(comments).where(where).$dynamic()),
  ]);
  return { list, ...total };
}

export async function findVisible(db: Exec, id: number) {
  const rows = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), visible))
    .limit(1);
  return rows[0] ?? null;
}

export async function loadOne(db: Exec, id: number) {
  const rows = await base(db).where(eq(comments.id, id)).limit(1);
  return rows[0]!;
}

/** Hides a comment and, for a first-level one, its replies; answers how many visible comments went away. */
export async function hideWithReplies(tx: Tx, id: number) {
  const hidden = await tx
    .update(comments)
    .set({ status: 'deleted' })
    .where(and(visible, or(eq(comments.id, id), eq(comments.rootId, id))))
    .returning({ id: comments.id });
  return hidden.length;
}

/** Which of these comments the user has liked. */
export async function likedAmong(db: Exec, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.userId, userId), inArray(commentLikes.commentId, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Likes or unlikes, and moves the comment's counter only when the like row really changed (so repeating either
 * is harmless and concurrent repeats count once); answers whether it changed and the count after.
 */
export async function toggleLike(tx: Tx, userId: number, commentId: number, on: boolean) {
  const changed = on
    ? await tx.insert(commentLikes).values({ userId, commentId }).onConflictDoNothing().returning({ id: commentLikes.commentId })
    : await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
        .returning({ id: commentLikes.commentId });
  const [row] = await tx
    .update(comments)
    .set({ likes: sql`greatest(${comments.likes} + ${changed.length ? (on ? 1 : -1) : 0}, 0)` })
    .where(eq(comments.id, commentId))
    .returning({ likes: comments.likes });
  return { changed: changed.length > 0, likes: row?.likes ?? 0 };
}
