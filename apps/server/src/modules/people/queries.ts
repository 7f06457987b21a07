import { and, asc, desc, eq, isNotNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { personCardColumns } from '../users/index.js';
import { TOTAL_CAP } from '@shiju/contract';
import type { Db, Tx } from '../../db/client.js';
import { aliased } from '../../db/names.js';
import {
  activity,
  announcementReads,
  blocks,
  collects,
  commentReports,
  comments,
  essays,
  essayViews,
  follows,
  interests,
  likes,
  messages,
  sentenceDraws,
  uninterested,
  users,
} from '../../db/schema.js';
import { cappedTotal, countUpTo, one, withTotal } from '../../lib/paging.js';
import { cardPage, type Cursor } from '../essays/index.js';
import { addBlock, moveUserCounter, notBlockedBy, type UserTx } from '../users/index.js';
import { notMutedBy } from '../mutes/index.js';
import { uploadsIn } from '../files/index.js';
import { dropCollectionsOf, endCollectionFollowsBetween } from '../collections/index.js';
import { dropMutesOf } from '../mutes/index.js';
import { dropReviewOf } from '../review/index.js';

/** Ends a follow (if any) and moves both counters, inside the caller's transaction. */
export async function endFollow(tx: Tx, followerId: number, followeeId: number) {
  const gone = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ id: follows.followeeId });
  if (!gone.length) return;
  await moveUserCounter(tx, followerId, 'followingCount', -1);
  await moveUserCounter(tx, followeeId, 'followerCount', -1);
}

/** Blocks (idempotent) and ends the follows between the two, inside changeUser. */
export async function blockAndUnfollow(tx: UserTx, blockerId: number, blockedId: number) {
  await addBlock(tx, blockerId, blockedId);
  await endFollow(tx, blockerId, blockedId);
  await endFollow(tx, blockedId, blockerId);
  await endCollectionFollowsBetween(tx, blockerId, blockedId);
}

/** The people a user blocked, most recent first. */
export async function pageBlocks(db: Db, blockerId: number, limit: number, offset: number) {
  const where = eq(blocks.blockerId, blockerId);
  const { rows: list, ...total } = await withTotal(
    db
      .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, blockedAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(where)
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(blocks).where(where).$dynamic()),
  );
  return { list, ...total };
}

const f = alias(follows, 'f');
const e = alias(essays, 'e');
const u = alias(uninterested, 'u');
/** The rows of one followed person's walk (a lateral subquery over `e`): essays' id and published_at. */
const x = alias(essays, 'x');
const b = alias(blocks, 'b');

/**
 * A page of the following feed as cards, its total and the next cursor, in one statement. For each followed
 * person, their newest published texts by `essays_author_published_idx` (at most one page's worth past the
 * cursor, or offset + limit without one), merged newest first: a page costs a page of index entries per person.
 */
export async function followingPage(db: Db, viewerId: number, limit: number, offset: number, cursor: Cursor | null) {
  const after = cursor ? sql`and (${e.publishedAt}, ${e.id}) < (${cursor.k}::timestamptz, ${cursor.id})` : sql``;
  const per = cursor ? limit : offset + limit;
  // 不感兴趣 inside each person's walk, so a page is never short for it.
  const ids = sql`select id, row_number() over () as ord from (
    select ${x.id} from ${aliased(f)} cross join lateral (
      select ${e.id}, ${e.publishedAt} from ${aliased(e)}
      where ${e.authorId} = ${f.followeeId} and ${e.status} = 'published' ${after}
        and not exists (select 1 from ${aliased(u)} where ${u.userId} = ${viewerId} and ${u.essayId} = ${e.id})
        and ${notMutedBy(viewerId, e)}
      order by ${e.publishedAt} desc, ${e.id} desc limit ${per}) ${x}
    where ${f.followerId} = ${viewerId} and ${notBlockedBy(viewerId, f.followeeId)}
    order by ${x.publishedAt} desc, ${x.id} desc limit ${limit} offset ${cursor ? 0 : offset}) w`;
  const total = sql`(select count(*) from (select 1 from ${aliased(f)} join ${aliased(e)}
    on ${e.authorId} = ${f.followeeId} and ${e.status} = 'published'
    where ${f.followerId} = ${viewerId} limit ${TOTAL_CAP + 1}) capped)`;
  const rows = await cardPage(db, ids, viewerId, { total });
  return { cards: rows.filter((r) => r.id !== null), ...cappedTotal(rows[0]?.total ?? 0) };
}

/** The most followed active people the viewer neither follows nor blocked (nor is blocked by), not the viewer. */
export async function suggestions(db: Db, viewerId: number, limit: number) {
  const followed = db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, viewerId));
  return db
    .select(personCardColumns)
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        ne(users.id, viewerId),
        sql`${users.essayCount} > 0`,
        notInArray(users.id, followed),
        sql`not exists (select 1 from ${aliased(b)} where (${b.blockerId} = ${viewerId} and ${b.blockedId} = ${users.id})
          or (${b.blockerId} = ${users.id} and ${b.blockedId} = ${viewerId}))`,
      ),
    )
    .orderBy(desc(users.followerCount), desc(users.essayCount), desc(users.id))
    .limit(limit);
}

// ---------- account deletion (注销) ----------

/** Accounts whose cooling-off is over, oldest first. */
export async function dueAccounts(db: Db, limit: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.deletionDueAt, sql`now()`), ne(users.status, 'deleted')))
    .orderBy(asc(users.deletionDueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The account, locked, if it is still due (a cancel in the meantime wins). */
export async function lockDue(tx: Tx, userId: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), lte(users.deletionDueAt, sql`now()`), ne(users.status, 'deleted')))
    .for('update');
  return row ?? null;
}

/** What a person's reactions, follows, texts and comments are, for undoing each with its counters. */
export async function footprint(tx: Tx, userId: number) {
  const [liked, collected, following, followers, texts, said] = await Promise.all([
    tx.select({ essayId: likes.essayId }).from(likes).where(eq(likes.userId, userId)),
    tx.select({ essayId: collects.essayId }).from(collects).where(eq(collects.userId, userId)),
    tx.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId)),
    tx.select({ id: follows.followerId }).from(follows).where(eq(follows.followeeId, userId)),
    tx
      .select()
      .from(essays)
      .where(and(eq(essays.authorId, userId), ne(essays.status, 'deleted'))),
    tx
      .select({ id: comments.id, essayId: comments.essayId, rootId: comments.rootId })
      .from(comments)
      .where(and(eq(comments.userId, userId), eq(comments.status, 'visible')))
      // First-level comments first: removing one takes its replies along.
      .orderBy(sql`${comments.rootId} is not null`, asc(comments.id)),
  ]);
  return { liked, collected, following, followers, texts, said };
}

/** The uploads in a person's texts, whatever their status: covers, and images inside their HTML. */
export async function uploadsOfTexts(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ cover: essays.cover, content: essays.content })
    .from(essays)
    .where(and(eq(essays.authorId, userId), or(isNotNull(essays.cover), sql`strpos(${essays.content}, '/uploads/') > 0`)));
  return rows.flatMap((r) => [...(r.cover ? [r.cover] : []), ...uploadsIn(r.content)]);
}

export async function isVisibleComment(tx: Tx, id: number) {
  const rows = await tx
    .select(one)
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.status, 'visible')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Everything personal that has no counter to keep: sessions, interests, 不感兴趣, mutes (and others' mutes of
 * the person), blocks either way, the
 * person's notifications, reading traces, announcement reads, comment reports, activity days. With
 * `dropContent`, also the comments no reader sees any more (taken down by a ban).
 */
export async function wipePersonal(tx: Tx, userId: number, dropContent: boolean) {
  const viewer = `u:${userId}`;
  await tx.delete(interests).where(eq(interests.userId, userId));
  await tx.delete(uninterested).where(eq(uninterested.userId, userId));
  await tx.delete(messages).where(eq(messages.userId, userId));
  await tx.delete(activity).where(eq(activity.userId, userId));
  await tx.delete(announcementReads).where(eq(announcementReads.userId, userId));
  await tx.delete(commentReports).where(eq(commentReports.userId, userId));
  await dropCollectionsOf(tx, userId);
  await dropMutesOf(tx, userId);
  await dropReviewOf(tx, userId);
  await tx.delete(essayViews).where(eq(essayViews.viewerKey, viewer));
  await tx.delete(sentenceDraws).where(eq(sentenceDraws.viewer, viewer));
  if (dropContent)
    await tx
      .update(comments)
      .set({ status: 'deleted' })
      .where(and(eq(comments.userId, userId), ne(comments.status, 'deleted')));
}
