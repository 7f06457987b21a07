import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { commentLikes, comments, essays, users } from '../../db/schema.js';
import type { Exec, Tx } from '../../db/client.js';
import { cappedTotal, countUpTo, one, withTotal } from '../../lib/paging.js';
import { notBlockedBy } from '../users/index.js';

const replyTo = alias(users, 'reply_to');

const selection = {
  c: comments,
  userNickname: users.nickname,
  userAvatar: users.avatar,
  replyToNickname: replyTo.nickname,
  replyToAvatar: replyTo.avatar,
};

function base(db: Exec) {
  return db
    .select(selection)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(replyTo, eq(replyTo.id, comments.replyToUserId));
}

export type CommentLoaded = Awaited<ReturnType<typeof loadOne>>;

const visible = eq(comments.status, 'visible');
/** Visible, and not written by someone the viewer blocked. */
const shownTo = (viewerId?: number) => (viewerId ? and(visible, notBlockedBy(viewerId, comments.userId)) : visible);

interface PageRow {
  essay_status: string | null;
  total: number;
  kind: 0 | 1 | null;
  id: number | null;
  essay_id: number;
  user_id: number;
  root_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  likes: number;
  reply_count: number;
  status: 'visible' | 'deleted' | 'reported' | 'banned';
  created_at: Date | string;
  user_nickname: string;
  user_avatar: string | null;
  reply_to_nickname: string | null;
  reply_to_avatar: string | null;
  liked: boolean;
}

const loaded = (r: PageRow): CommentLoaded => ({
  c: {
    id: r.id!,
    essayId: r.essay_id,
    userId: r.user_id,
    rootId: r.root_id,
    replyToUserId: r.reply_to_user_id,
    content: r.content,
    likes: r.likes,
    replyCount: r.reply_count,
    status: r.status,
    createdAt: new Date(r.created_at),
  },
  userNickname: r.user_nickname,
  userAvatar: r.user_avatar,
  replyToNickname: r.reply_to_nickname,
  replyToAvatar: r.reply_to_avatar,
});

/**
 * A text's comment page in one statement: the text's status, the first-level comments of the page with their
 * newest `per` replies, their authors, the capped total and (signed in) the reader's likes. One statement because
 * each separate one would cost a pool checkout and a plan, more than its tiny work.
 */
export async function commentPage(
  db: Db,
  o: { essayId: number; sort: 'hot' | 'new'; limit: number; offset: number; per: number; viewerId?: number },
) {
  const shown = (c: string) =>
    o.viewerId
      ? sql`${sql.raw(c)}.status = 'visible' and ${notBlockedBy(o.viewerId, sql.raw(`${c}.user_id`))}`
      : sql`${sql.raw(c)}.status = 'visible'`;
  const order = o.sort === 'hot' ? sql`r.likes desc, r.reply_count desc, r.id desc` : sql`r.created_at desc, r.id desc`;
  const rows = await rowsOf<PageRow>(
    db,
    sql`with roots as (
      select r.id, row_number() over (order by ${order}) as ord from ${comments} r
      where r.essay_id = ${o.essayId} and r.root_id is null and ${shown('r')}
      order by ${order} limit ${o.limit} offset ${o.offset}),
    replies as (
      select x.id, roots.ord from roots cross join lateral (
        select rc.id, rc.created_at from ${comments} rc where rc.root_id = roots.id and ${shown('rc')}
        order by rc.created_at desc, rc.id desc limit ${o.per}) x),
    page as (select id, ord, 0 as kind from roots union all select id, ord, 1 from replies)
    select (select status from ${essays} where id = ${o.essayId}) as essay_status,
      (select count(*) from (select 1 from ${comments} r where r.essay_id = ${o.essayId} and r.root_id is null and ${shown('r')}
        limit ${TOTAL_CAP + 1}) n)::int as total,
      p.kind, c.id, c.essay_id, c.user_id, c.root_id, c.reply_to_user_id, c.content, c.likes, c.reply_count, c.status, c.created_at,
      u.nickname as user_nickname, u.avatar as user_avatar, rt.nickname as reply_to_nickname, rt.avatar as reply_to_avatar,
      ${o.viewerId ? sql`exists (select 1 from ${commentLikes} l where l.user_id = ${o.viewerId} and l.comment_id = c.id)` : sql`false`} as liked
    from (select 1) one
    left join page p on true
    left join ${comments} c on c.id = p.id
    left join ${users} u on u.id = c.user_id
    left join ${users} rt on rt.id = c.reply_to_user_id
    order by p.ord, p.kind, c.created_at, c.id`,
  );
  const present = rows.filter((r) => r.id !== null);
  return {
    essayStatus: rows[0]?.essay_status ?? null,
    ...cappedTotal(rows[0]?.total ?? 0),
    roots: present.filter((r) => r.kind === 0).map(loaded),
    replies: present.filter((r) => r.kind === 1).map(loaded),
    liked: o.viewerId ? new Set(present.filter((r) => r.liked).map((r) => r.id!)) : undefined,
  };
}

export async function pageReplies(db: Exec, rootId: number, limit: number, offset: number, viewerId?: number) {
  const where = and(eq(comments.rootId, rootId), shownTo(viewerId));
  const { rows: list, ...total } = await withTotal(
    base(db).where(where).orderBy(asc(comments.createdAt), asc(comments.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(comments).where(where).$dynamic()),
  );
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

export async function insertComment(
  tx: Exec,
  values: Pick<typeof comments.$inferInsert, 'essayId' | 'userId' | 'rootId' | 'replyToUserId' | 'content'>,
): Promise<number> {
  const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

/** Moves a text's comment count by `delta`, never below zero. */
export async function moveEssayComments(tx: Exec, essayId: number, delta: number) {
  await tx
    .update(essays)
    .set({ comments: sql`greatest(${essays.comments} + ${delta}, 0)` })
    .where(eq(essays.id, essayId));
}

/** Moves a first-level comment's reply count by `delta`, never below zero. */
export async function moveReplyCount(tx: Exec, rootId: number, delta: number) {
  await tx
    .update(comments)
    .set({ replyCount: sql`greatest(${comments.replyCount} + ${delta}, 0)` })
    .where(eq(comments.id, rootId));
}

export type CommentRow = typeof comments.$inferSelect;
