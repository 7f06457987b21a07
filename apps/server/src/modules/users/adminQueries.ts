/** SQL of the admin console that works on many rows at once. Counters move in SQL, in the caller's transaction. */
import { and, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CallParsed } from '@shiju/contract';
import { aliased, columnName } from '../../db/names.js';
import { activity, classifications, comments, essays, essayTags, sessions, tags, users } from '../../db/schema.js';
import type { Db, Exec, Tx } from '../../db/client.js';
import type { UserTx } from './changes.js';
import { likePattern } from '../../lib/text.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

const c = alias(classifications, 'c');
const t = alias(tags, 't');
const u = alias(users, 'u');
const e = alias(essays, 'e');

/**
 * Puts a set of texts on or off the site together with every count that depends on them: classification,
 * tag and author counts and their originals' imitation counts (the bulk twin of essays' `moveCounts`).
 */
export async function movePublishedCounts(tx: Tx, ids: number[], delta: 1 | -1) {
  if (!ids.length) return;
  // Per classification, tag, author or original: how many of the texts it has, as `x` (id, n).
  const counted = (key: AnyPgColumn, where: SQL | undefined) =>
    tx
      .select({ id: key, n: sql<number>`count(*)::int`.as('n') })
      .from(key.table)
      .where(where)
      .groupBy(key)
      .as('x');
  const byClass = counted(essays.classificationId, and(inArray(essays.id, ids), isNotNull(essays.classificationId)));
  await tx.execute(sql`update ${aliased(c)} set ${columnName(c.essayCount)} = greatest(${c.essayCount} + ${byClass.n} * ${delta}, 0)
    from ${byClass} where ${c.id} = ${byClass.id}`);
  const byTag = counted(essayTags.tagId, inArray(essayTags.essayId, ids));
  await tx.execute(sql`update ${aliased(t)} set ${columnName(t.essayCount)} = greatest(${t.essayCount} + ${byTag.n} * ${delta}, 0)
    from ${byTag} where ${t.id} = ${byTag.id}`);
  const byAuthor = counted(essays.authorId, inArray(essays.id, ids));
  await tx.execute(sql`update ${aliased(u)} set ${columnName(u.essayCount)} = greatest(${u.essayCount} + ${byAuthor.n} * ${delta}, 0)
    from ${byAuthor} where ${u.id} = ${byAuthor.id}`);
  const byOriginal = counted(essays.imitateOf, and(inArray(essays.id, ids), isNotNull(essays.imitateOf)));
  await tx.execute(sql`update ${aliased(e)} set ${columnName(e.imitations)} = greatest(${e.imitations} + ${byOriginal.n} * ${delta}, 0)
    from ${byOriginal} where ${e.id} = ${byOriginal.id}`);
}

/** Moves a user's visible comments to `banned` (or back) and keeps the texts' and threads' comment counts exact. */
export async function setCommentsBanned(tx: Tx, userId: number, banned: boolean) {
  const [from, to] = banned ? (['visible', 'banned'] as const) : (['banned', 'visible'] as const);
  const moved = await tx
    .update(comments)
    .set({ status: to })
    .where(and(eq(comments.userId, userId), eq(comments.status, from)))
    .returning({ id: comments.id, essayId: comments.essayId, rootId: comments.rootId });
  if (!moved.length) return { comments: 0, essayIds: [] as number[] };
  const delta = banned ? -1 : 1;
  const byEssay = new Map<number, number>();
  const byRoot = new Map<number, number>();
  for (const c of moved) {
    byEssay.set(c.essayId, (byEssay.get(c.essayId) ?? 0) + 1);
    if (c.rootId) byRoot.set(c.rootId, (byRoot.get(c.rootId) ?? 0) + 1);
  }
  for (const [id, n] of byEssay)
    await tx
      .update(essays)
      .set({ comments: sql`greatest(${essays.comments} + ${n * delta}, 0)` })
      .where(eq(essays.id, id));
  for (const [id, n] of byRoot)
    await tx
      .update(comments)
      .set({ replyCount: sql`greatest(${comments.replyCount} + ${n * delta}, 0)` })
      .where(eq(comments.id, id));
  return { comments: moved.length, essayIds: [...byEssay.keys()] };
}

export async function revokeAllSessions(tx: UserTx, userId: number) {
  const r = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`))
    .returning({ id: sessions.id });
  return r.length;
}

export async function activeAdminCount(tx: Tx) {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return r?.n ?? 0;
}

/** Hides a user's published texts because of a ban (or brings exactly those back), counts included. */
export async function setEssaysBanned(tx: Tx, userId: number, banned: boolean) {
  const ids = (
    await tx
      .select({ id: essays.id })
      .from(essays)
      .where(
        banned
          ? and(eq(essays.authorId, userId), eq(essays.status, 'published'))
          : and(eq(essays.authorId, userId), eq(essays.hiddenByBan, true), eq(essays.status, 'hidden')),
      )
  ).map((r) => r.id);
  if (!ids.length) return ids;
  if (banned) {
    await movePublishedCounts(tx, ids, -1);
    await tx.update(essays).set({ status: 'hidden', hiddenByBan: true, statusReason: '作者账号被封禁' }).where(inArray(essays.id, ids));
  } else {
    await tx.update(essays).set({ status: 'published', hiddenByBan: false, statusReason: null }).where(inArray(essays.id, ids));
    await movePublishedCounts(tx, ids, 1);
  }
  return ids;
}

const lastActive = sql<string | null>`(select max(${activity.createdAt}) from ${activity} where ${activity.userId} = ${users.id})`;

/** The console's page of users, each with when they were last active. */
export function pageAll(db: Db, q: CallParsed<'adminUsersPage'>['query']) {
  const like = q.keyword ? likePattern(q.keyword) : null;
  const where = and(
    like ? or(ilike(users.username, like), ilike(users.nickname, like)) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
  );
  return withTotal(
    db
      .select({ u: users, lastActive })
      .from(users)
      .where(where)
      .orderBy(
        ...sortedBy(
          q,
          { createdAt: users.createdAt, essayCount: users.essayCount, followerCount: users.followerCount, lastActiveAt: lastActive },
          users.id,
          [desc(users.createdAt), desc(users.id)],
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(users).where(where).$dynamic()),
  );
}

/** The user, locked for the rest of the transaction. */
export async function lockUser(tx: Exec, id: number) {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return u;
}

export type AdminUserChanges = Partial<Pick<typeof users.$inferInsert, 'status' | 'banReason' | 'bannedUntil' | 'role'>>;

export async function updateUser(tx: UserTx, id: number, changes: AdminUserChanges) {
  const [after] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
  return after!;
}

/** Banned users whose ban has ended. */
export function expiredBans(db: Db) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.status, 'banned'), sql`${users.bannedUntil} <= now()`));
}
