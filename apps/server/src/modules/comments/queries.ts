import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { frozen, names } from '../../db/names.js';
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

// commentPage's names, rendered once (db/names.ts): r first-level comments, rc replies, c the page's comments, u their
// authors, l the reader's likes.
const r = names(alias(comments, 'r'));
const rc = names(alias(comments, 'rc'));
const c = names(alias(comments, 'c'));
const u = names(alias(users, 'u'));
const rt = names(replyTo);
const l = names(alias(commentLikes, 'l'));
const e = names(essays);
/**
 * Derived tables, named by the table whose columns they carry: `roots` the page's first-level comments (their id,
 * and ord), `x` one's newest replies, `p` the page's comments (the CTE `page`: id, ord, kind).
 */
const rootsTable = alias(comments, 'roots');
const roots = { name: frozen(sql`${rootsTable}`), id: frozen(sql`${rootsTable.id}`) };
const x = alias(comments, 'x');
const xName = frozen(sql`${x}`);
const xId = frozen(sql`${x.id}`);
const pTable = alias(comments, 'p');
const p = { name: frozen(sql`${pTable}`), id: frozen(sql`${pTable.id}`) };
/** The page's own column `kind` (0 a first-level comment, 1 a reply), which no table carries. */
const pageKind = frozen(sql`${pTable}.${sql.identifier('kind')}`);
const visibleIn = (t: typeof r) => frozen(sql`${t.status} = 'visible'`);
const rVisible = visibleIn(r);
const rcVisible = visibleIn(rc);
const ORDER = {
  hot: frozen(sql`${r.likes} desc, ${r.replyCount} desc, ${r.id} desc`),
  new: frozen(sql`${r.createdAt} desc, ${r.id} desc`),
};
/** The page's columns and the joins that bring its authors. */
const PAGE_COLUMNS = frozen(sql`${pageKind}, ${c.id}, ${c.essayId} as "essayId", ${c.userId} as "userId", ${c.rootId} as "rootId",
      ${c.replyToUserId} as "replyToUserId", ${c.content}, ${c.likes}, ${c.replyCount} as "replyCount", ${c.status},
      ${c.createdAt} as "createdAt", ${u.nickname} as "userNickname", ${u.avatar} as "userAvatar",
      ${rt.nickname} as "replyToNickname", ${rt.avatar} as "replyToAvatar"`);
const PAGE_JOINS = frozen(sql`left join ${c} on ${c.id} = ${p.id}
    left join ${u} on ${u.id} = ${c.userId}
    left join ${rt} on ${rt.id} = ${c.replyToUserId}
    order by ${p.name}.ord, ${pageKind}, ${c.createdAt}, ${c.id}`);

type UserRow = typeof users.$inferSelect;

/** A row of commentPage: a comment of the page with its authors (all null on the one row of an empty page). */
type PageRow = Omit<CommentRow, 'id' | 'createdAt'> & {
  essayStatus: (typeof essays.$inferSelect)['status'] | null;
  total: number;
  kind: 0 | 1 | null;
  id: CommentRow['id'] | null;
  /** A Date from PGlite, text from node-postgres. */
  createdAt: Date | string;
  userNickname: UserRow['nickname'];
  userAvatar: UserRow['avatar'];
  replyToNickname: UserRow['nickname'] | null;
  replyToAvatar: UserRow['avatar'];
  liked: boolean;
};

const loaded = (row: PageRow): CommentLoaded => ({
  c: {
    id: row.id!,
    essayId: row.essayId,
    userId: row.userId,
    rootId: row.rootId,
    replyToUserId: row.replyToUserId,
    content: row.content,
    likes: row.likes,
    replyCount: row.replyCount,
    status: row.status,
    createdAt: new Date(row.createdAt),
  },
  userNickname: row.userNickname,
  userAvatar: row.userAvatar,
  replyToNickname: row.replyToNickname,
  replyToAvatar: row.replyToAvatar,
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
  const shown = (visibleSql: SQL, userId: SQL) => (o.viewerId ? sql`${visibleSql} and ${notBlockedBy(o.viewerId, userId)}` : visibleSql);
  const order = ORDER[o.sort];
  const rootsWhere = sql`${r.essayId} = ${o.essayId} and ${r.rootId} is null and ${shown(rVisible, r.userId)}`;
  const rows = await rowsOf<PageRow>(
    db,
    sql`with ${roots.name} as (
      select ${r.id}, row_number() over (order by ${order}) as ord from ${r}
      where ${rootsWhere}
      order by ${order} limit ${o.limit} offset ${o.offset}),
    replies as (
      select ${xId}, ${roots.name}.ord from ${roots.name} cross join lateral (
        select ${rc.id}, ${rc.createdAt} from ${rc} where ${rc.rootId} = ${roots.id} and ${shown(rcVisible, rc.userId)}
        order by ${rc.createdAt} desc, ${rc.id} desc limit ${o.per}) ${xName}),
    page as (select id, ord, 0 as kind from ${roots.name} union all select id, ord, 1 from replies)
    select (select ${e.status} from ${e} where ${e.id} = ${o.essayId}) as "essayStatus",
      (select count(*) from (select 1 from ${r} where ${rootsWhere} limit ${TOTAL_CAP + 1}) n)::int as total,
      ${PAGE_COLUMNS},
      ${o.viewerId ? sql`exists (select 1 from ${l} where ${l.userId} = ${o.viewerId} and ${l.commentId} = ${c.id})` : sql`false`} as liked
    from (select 1) one
    left join page ${p.name} on true
    ${PAGE_JOINS}`,
  );
  const present = rows.filter((row) => row.id !== null);
  return {
    essayStatus: rows[0]?.essayStatus ?? null,
    ...cappedTotal(rows[0]?.total ?? 0),
    roots: present.filter((row) => row.kind === 0).map(loaded),
    replies: present.filter((row) => row.kind === 1).map(loaded),
    liked: o.viewerId ? new Set(present.filter((row) => row.liked).map((row) => row.id!)) : undefined,
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
