/** Statements of 每周仿写: the challenges, their live entries, the tally at the close and the frozen entries. */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client.js';
import { challengeEntries, challenges, essays, follows, likes, users } from '../../db/schema.js';

export type ChallengeRow = typeof challenges.$inferSelect;

export async function findChallenge(db: Exec, id: number): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id));
  return row;
}

/** Newest first (by opening); `closed` keeps the closed ones, `closedWithin` those whose close fell in [start, end). */
export async function pageChallenges(
  db: Db,
  limit: number,
  offset: number,
  filter: { closed?: boolean; closedWithin?: { start: Date; end: Date } } = {},
) {
  const where = and(
    filter.closed === true ? isNotNull(challenges.closedAt) : filter.closed === false ? isNull(challenges.closedAt) : undefined,
    filter.closedWithin
      ? and(gte(challenges.closesAt, filter.closedWithin.start), lt(challenges.closesAt, filter.closedWithin.end))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(challenges)
      .where(where)
      .orderBy(...(filter.closed ? [desc(challenges.closesAt)] : [desc(challenges.opensAt)]), desc(challenges.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(challenges).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertChallenge(db: Exec, row: typeof challenges.$inferInsert): Promise<ChallengeRow> {
  const [created] = await db.insert(challenges).values(row).returning();
  return created!;
}

/** Changes a challenge that has not closed yet (the row is locked by the update: a close in flight waits or wins). */
export async function updateOpenChallenge(db: Exec, id: number, set: Partial<typeof challenges.$inferInsert>) {
  const [row] = await db
    .update(challenges)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(challenges.id, id), isNull(challenges.closedAt)))
    .returning();
  return row;
}

/** What makes an imitation an entry: of the original, published within the window, shown to the public. */
const entryWhere = (c: ChallengeRow) =>
  and(
    eq(essays.imitateOf, c.originalId),
    eq(essays.status, 'published'),
    gte(essays.publishedAt, c.opensAt),
    lt(essays.publishedAt, c.closesAt),
  );

/** An open challenge's entries, newest first, and how many there are. */
export async function liveEntries(db: Db, c: ChallengeRow, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: essays.id })
      .from(essays)
      .where(entryWhere(c))
      .orderBy(desc(essays.publishedAt), desc(essays.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(essays).where(entryWhere(c)),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
}

export async function liveEntryCounts(db: Db, list: ChallengeRow[]): Promise<Map<number, number>> {
  const counts = await Promise.all(
    list.map(async (c) => [c.id, (await db.select({ n: count() }).from(essays).where(entryWhere(c)))[0]?.n ?? 0] as const),
  );
  return new Map(counts.map(([id, n]) => [id, Number(n)]));
}

/**
 * Claims the close of a challenge that is due: sets closedAt once. Of two processes (or two runs) only one gets
 * the row back; on PostgreSQL the other waits on the row lock and then finds it closed.
 */
export async function claimClose(tx: Exec, id: number, now: Date): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .update(challenges)
    .set({ closedAt: now })
    .where(and(eq(challenges.id, id), isNull(challenges.closedAt), lte(challenges.closesAt, now)))
    .returning();
  return row;
}

export async function dueChallenges(db: Db, now: Date) {
  return db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(isNull(challenges.closedAt), lte(challenges.closesAt, now)))
    .orderBy(asc(challenges.closesAt));
}

/**
 * The entries of a challenge at its close with the likes that count: made before the close, by accounts created
 * before the challenge opened, not by the entry's writer; an entry whose writer is banned does not count.
 * Ranked by those likes, ties to the earlier entry.
 */
export async function tally(tx: Exec, c: ChallengeRow) {
  const voter = sql`(select ${users.createdAt} from ${users} where ${users.id} = ${likes.userId})`;
  const votes = sql<number>`count(${likes.userId}) filter (where ${likes.createdAt} < ${c.closesAt} and ${likes.userId} <> ${essays.authorId} and ${voter} < ${c.opensAt})`;
  const rows = await tx
    .select({ essayId: essays.id, authorId: essays.authorId, votes: sql<number>`${votes}::int` })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .leftJoin(likes, eq(likes.essayId, essays.id))
    .where(and(entryWhere(c), eq(users.status, 'active')))
    .groupBy(essays.id)
    .orderBy(desc(votes), asc(essays.publishedAt), asc(essays.id));
  return rows.map((r) => ({ ...r, votes: Number(r.votes) }));
}

export async function insertEntries(tx: Exec, rows: (typeof challengeEntries.$inferInsert)[]) {
  if (rows.length) await tx.insert(challengeEntries).values(rows);
}

/** Followers of these people (the winners' writers), each once. */
export async function followersOf(tx: Exec, userIds: number[]) {
  if (!userIds.length) return [];
  return tx
    .selectDistinct({ followerId: follows.followerId, followeeId: follows.followeeId })
    .from(follows)
    .where(inArray(follows.followeeId, userIds));
}

/** A closed challenge's frozen entries still published, by rank. */
export async function frozenEntries(db: Db, challengeId: number, limit: number, offset: number, winnersOnly = false) {
  const where = and(
    eq(challengeEntries.challengeId, challengeId),
    eq(essays.status, 'published'),
    winnersOnly ? eq(challengeEntries.winner, true) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ essayId: challengeEntries.essayId, rank: challengeEntries.rank, votes: challengeEntries.votes })
      .from(challengeEntries)
      .innerJoin(essays, eq(essays.id, challengeEntries.essayId))
      .where(where)
      .orderBy(asc(challengeEntries.rank))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(challengeEntries).innerJoin(essays, eq(essays.id, challengeEntries.essayId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Winners of these closed challenges still published, by rank. */
export async function winnersOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      challengeId: challengeEntries.challengeId,
      essayId: challengeEntries.essayId,
      rank: challengeEntries.rank,
      votes: challengeEntries.votes,
    })
    .from(challengeEntries)
    .innerJoin(essays, eq(essays.id, challengeEntries.essayId))
    .where(and(inArray(challengeEntries.challengeId, ids), eq(challengeEntries.winner, true), eq(essays.status, 'published')))
    .orderBy(asc(challengeEntries.challengeId), asc(challengeEntries.rank));
}

export async function frozenCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: challengeEntries.challengeId, n: count() })
    .from(challengeEntries)
    .where(inArray(challengeEntries.challengeId, ids))
    .groupBy(challengeEntries.challengeId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Closed challenges for the sitemap, newest first. */
export function challengeIds(db: Db, limit: number) {
  return db
    .select({ id: challenges.id, updatedAt: challenges.updatedAt })
    .from(challenges)
    .where(lte(challenges.opensAt, sql`now()`))
    .orderBy(desc(challenges.id))
    .limit(limit);
}
