import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { collects, essays, follows, likes, uninterested, users } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';
import { moveUserCounter, notBlockedBy } from '../users/index.js';

/** Follow or unfollow, idempotent; both people's counters move only when the row really changed. */
export async function setFollow(db: Db, followerId: number, followeeId: number, on: boolean, afterChange?: (tx: Tx) => Promise<void>) {
  return db.transaction(async (tx) => {
    const changed = on
      ? await tx.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning({ id: follows.followeeId })
      : await tx
          .delete(follows)
          .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
          .returning({ id: follows.followeeId });
    if (!changed.length) return false;
    const d = on ? 1 : -1;
    await moveUserCounter(tx, followerId, 'followingCount', d);
    await moveUserCounter(tx, followeeId, 'followerCount', d);
    if (afterChange) await afterChange(tx);
    return true;
  });
}

/** Of these people, whom the viewer follows and who follow the viewer. */
export async function relationFlags(db: Db, viewerId: number | undefined, ids: number[]) {
  if (!viewerId || !ids.length) return { following: new Set<number>(), followers: new Set<number>() };
  const [a, b] = await Promise.all([
    db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, ids))),
    db
      .select({ id: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followeeId, viewerId), inArray(follows.followerId, ids))),
  ]);
  return { following: new Set(a.map((r) => r.id)), followers: new Set(b.map((r) => r.id)) };
}

export async function pageRelations(db: Db, userId: number, type: 'following' | 'followers', limit: number, offset: number) {
  const mine = type === 'following' ? follows.followerId : follows.followeeId;
  const other = type === 'following' ? follows.followeeId : follows.followerId;
  const where = and(eq(mine, userId), eq(users.status, 'active'));
  const { rows: list, ...total } = await withTotal(
    db
      .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, bio: users.bio })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(where)
      .orderBy(desc(follows.createdAt))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(follows).innerJoin(users, eq(users.id, other)).where(where).$dynamic()),
  );
  return { list, ...total };
}

/** Published texts a user liked or collected, most recent first (without those of people the viewer blocked). */
export async function pageReactedIds(db: Db, kind: 'like' | 'collect', userId: number, limit: number, offset: number, viewerId?: number) {
  const table = kind === 'like' ? likes : collects;
  const where = and(
    eq(table.userId, userId),
    eq(essays.status, 'published'),
    viewerId ? notBlockedBy(viewerId, essays.authorId) : undefined,
  );
  const { rows, ...total } = await withTotal(
    db
      .select({ id: table.essayId })
      .from(table)
      .innerJoin(essays, eq(essays.id, table.essayId))
      .where(where)
      .orderBy(desc(table.createdAt))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(table).innerJoin(essays, eq(essays.id, table.essayId)).where(where).$dynamic()),
  );
  return { ids: rows.map((r) => r.id), ...total };
}

export async function markUninterested(db: Db, userId: number, essayId: number) {
  await db.insert(uninterested).values({ userId, essayId }).onConflictDoNothing();
}
