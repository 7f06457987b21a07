import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classifications, collects, essays, essayTags, follows, likes, tags, uninterested, users } from '../../db/schema.js';
import { searchQueryOf } from '../../lib/search.js';
import { TtlCache } from '../../lib/ttlCache.js';

export type EssayRow = typeof essays.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Db | Tx;

export interface ListFilter {
  classificationId?: number;
  tagId?: number;
  type?: 'sentence' | 'essay';
  keyword?: string;
  authorId?: number;
  status?: EssayRow['status'];
  imitateOf?: number;
  /** Hide what this viewer marked 不感兴趣. */
  viewerId?: number;
  sort: 'new' | 'hot' | 'likes' | 'comments' | 'created';
}

/** Where a page ended: the sort key and id of its last row. */
export interface Cursor {
  k: string | number;
  id: number;
}

function sortKey(sort: ListFilter['sort']) {
  switch (sort) {
    case 'hot':
      return essays.hotScore;
    case 'likes':
      return essays.likes;
    case 'comments':
      return essays.comments;
    case 'created':
      return essays.createdAt;
    default:
      return essays.publishedAt;
  }
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.k, c.id])).toString('base64url');
}

export function decodeCursor(raw: string): Cursor | null {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 2 || !Number.isInteger(v[1]) || !['string', 'number'].includes(typeof v[0])) return null;
    if (typeof v[0] === 'string' && Number.isNaN(Date.parse(v[0]))) return null;
    return { k: v[0], id: v[1] };
  } catch {
    return null;
  }
}

/** List totals may be a few seconds stale; counting 300,000 rows on every scroll is not worth it. */
const totals = new TtlCache<number>(15_000);

function conditions(f: ListFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(essays.status, f.status ?? 'published')];
  if (f.classificationId) c.push(eq(essays.classificationId, f.classificationId));
  if (f.type) c.push(eq(essays.type, f.type));
  if (f.authorId) c.push(eq(essays.authorId, f.authorId));
  if (f.imitateOf) c.push(eq(essays.imitateOf, f.imitateOf));
  if (f.tagId) c.push(sql`exists (select 1 from ${essayTags} where ${essayTags.essayId} = ${essays.id} and ${essayTags.tagId} = ${f.tagId})`);
  if (f.keyword) {
    const q = searchQueryOf(f.keyword);
    const like = `%${f.keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
    c.push(q ? sql`(${essays.searchVector} @@ ${q} or ${essays.title} ilike ${like})` : sql`${essays.title} ilike ${like}`);
  }
  if (f.viewerId) c.push(sql`not exists (select 1 from ${uninterested} where ${uninterested.userId} = ${f.viewerId} and ${uninterested.essayId} = ${essays.id})`);
  return and(...c);
}

function ordering(sort: ListFilter['sort']) {
  switch (sort) {
    case 'hot':
      return [desc(essays.hotScore), desc(essays.id)];
    case 'likes':
      return [desc(essays.likes), desc(essays.id)];
    case 'comments':
      return [desc(essays.comments), desc(essays.id)];
    case 'created':
      return [desc(essays.createdAt), desc(essays.id)];
    default:
      return [desc(essays.publishedAt), desc(essays.id)];
  }
}

/**
 * A page of ids first (an index walk), then the rows of just those ids. With a cursor the walk starts where
 * the previous page ended, so deep pages cost what the first does; without one it skips `offset` index entries.
 */
export async function listEssayIds(db: Exec, f: ListFilter, limit: number, offset: number, cursor?: Cursor | null) {
  const where = conditions(f);
  const key = sortKey(f.sort);
  const after = cursor ? sql`(${key}, ${essays.id}) < (${f.sort === 'new' || f.sort === 'created' ? sql`${cursor.k}::timestamptz` : cursor.k}, ${cursor.id})` : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ id: essays.id, k: key })
      .from(essays)
      .where(and(where, after))
      .orderBy(...ordering(f.sort))
      .limit(limit)
      .offset(cursor ? 0 : offset),
    totals.get(JSON.stringify(f), async () => (await db.select({ n: sql<number>`count(*)::int` }).from(essays).where(where))[0]?.n ?? 0),
  ]);
  const last = rows[rows.length - 1];
  const nextCursor =
    last && rows.length === limit && last.k !== null ? encodeCursor({ k: last.k instanceof Date ? last.k.toISOString() : (last.k as number), id: last.id }) : null;
  return { ids: rows.map((r) => r.id), total, nextCursor };
}

/** Forget cached totals (after writes in tests and imports, where staleness would confuse). */
export const forgetTotals = () => totals.clear();

export async function essaysWithAuthors(db: Exec, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ essay: essays, author: { id: users.id, nickname: users.nickname, avatar: users.avatar, bio: users.bio } })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .where(inArray(essays.id, ids));
  const byId = new Map(rows.map((r) => [r.essay.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => !!r);
}

/** A text with its author, tags and classification in one round trip (the details page's cache miss). */
export async function essayForDetails(db: Exec, id: number) {
  const rows = await db
    .select({
      essay: essays,
      author: { id: users.id, nickname: users.nickname, avatar: users.avatar, bio: users.bio },
      classification: { id: classifications.id, name: classifications.name },
      tags: sql<{ id: number; name: string; parentId: number | null; letter: string }[]>`coalesce((
        select json_agg(json_build_object('id', t.id, 'name', t.name, 'parentId', t.parent_id, 'letter', t.letter) order by t.parent_id nulls first, t.id)
        from ${essayTags} et join ${tags} t on t.id = et.tag_id where et.essay_id = ${essays.id}), '[]'::json)`,
    })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .leftJoin(classifications, eq(classifications.id, essays.classificationId))
    .where(eq(essays.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function tagsOfEssays(db: Exec, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; name: string; parentId: number | null; letter: string }[]>();
  const rows = await db
    .select({ essayId: essayTags.essayId, id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter })
    .from(essayTags)
    .innerJoin(tags, eq(tags.id, essayTags.tagId))
    .where(inArray(essayTags.essayId, ids))
    .orderBy(asc(tags.parentId), asc(tags.id));
  const map = new Map<number, { id: number; name: string; parentId: number | null; letter: string }[]>();
  for (const { essayId, ...t } of rows) map.set(essayId, [...(map.get(essayId) ?? []), t]);
  return map;
}

/** Which of these essays the viewer liked and collected. */
export async function viewerFlags(db: Exec, userId: number | undefined, ids: number[]) {
  if (!userId || !ids.length) return { liked: new Set<number>(), collected: new Set<number>() };
  const [l, c] = await Promise.all([
    db.select({ id: likes.essayId }).from(likes).where(and(eq(likes.userId, userId), inArray(likes.essayId, ids))),
    db.select({ id: collects.essayId }).from(collects).where(and(eq(collects.userId, userId), inArray(collects.essayId, ids))),
  ]);
  return { liked: new Set(l.map((r) => r.id)), collected: new Set(c.map((r) => r.id)) };
}

export async function findEssay(db: Exec, id: number) {
  const rows = await db.select().from(essays).where(and(eq(essays.id, id), ne(essays.status, 'deleted'))).limit(1);
  return rows[0] ?? null;
}

export async function isFollowing(db: Exec, followerId: number | undefined, followeeId: number) {
  if (!followerId) return false;
  const rows = await db
    .select({ x: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return rows.length > 0;
}

export async function classificationBrief(db: Exec, id: number | null) {
  if (!id) return null;
  const rows = await db.select({ id: classifications.id, name: classifications.name }).from(classifications).where(eq(classifications.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The hot score of PRODUCT §6, as SQL over a row's own counters. */
export const hotScoreSql = sql`((${essays.likes} * 3 + ${essays.collects} * 4 + ${essays.comments} * 2 + ${essays.imitations} * 3 + ${essays.views} * 0.05 + 1)
  / power(greatest(extract(epoch from (now() - coalesce(${essays.publishedAt}, now()))) / 3600, 0) + 2, 1.5))`;

/** What a text contributes to the published counts of its classification, tags and author. */
export interface Contribution {
  published: boolean;
  classificationId: number | null;
  tagIds: number[];
  authorId: number;
}

/**
 * Keeps the denormalised counts of classifications, tags and authors exact when one text changes: what it
 * contributed before is taken away and what it contributes now is added, in SQL, in the caller's transaction.
 */
export async function moveCounts(tx: Exec, before: Contribution | null, after: Contribution | null) {
  const deltas = { cls: new Map<number, number>(), tag: new Map<number, number>(), user: new Map<number, number>() };
  const add = (c: Contribution | null, d: number) => {
    if (!c?.published) return;
    if (c.classificationId) deltas.cls.set(c.classificationId, (deltas.cls.get(c.classificationId) ?? 0) + d);
    for (const t of new Set(c.tagIds)) deltas.tag.set(t, (deltas.tag.get(t) ?? 0) + d);
    deltas.user.set(c.authorId, (deltas.user.get(c.authorId) ?? 0) + d);
  };
  add(before, -1);
  add(after, 1);
  for (const [id, d] of deltas.cls) if (d) await tx.update(classifications).set({ essayCount: sql`greatest(${classifications.essayCount} + ${d}, 0)` }).where(eq(classifications.id, id));
  for (const [id, d] of deltas.tag) if (d) await tx.update(tags).set({ essayCount: sql`greatest(${tags.essayCount} + ${d}, 0)` }).where(eq(tags.id, id));
  for (const [id, d] of deltas.user) if (d) await tx.update(users).set({ essayCount: sql`greatest(${users.essayCount} + ${d}, 0)` }).where(eq(users.id, id));
}

export async function tagIdsOf(db: Exec, essayId: number) {
  const rows = await db.select({ id: essayTags.tagId }).from(essayTags).where(eq(essayTags.essayId, essayId));
  return rows.map((r) => r.id);
}

export async function replaceTags(db: Exec, essayId: number, tagIds: number[]) {
  await db.delete(essayTags).where(eq(essayTags.essayId, essayId));
  if (tagIds.length) await db.insert(essayTags).values(tagIds.map((tagId) => ({ essayId, tagId })));
}

export async function changeImitationCount(db: Exec, originalId: number, delta: 1 | -1) {
  await db
    .update(essays)
    .set({ imitations: sql`greatest(${essays.imitations} + ${delta}, 0)`, hotScore: hotScoreSql })
    .where(eq(essays.id, originalId));
}

/** Like or collect (table decides) — idempotent; the counter moves only when the row really changed. */
export async function toggleReaction(tx: Tx, kind: 'like' | 'collect', on: boolean, userId: number, essayId: number) {
  const table = kind === 'like' ? likes : collects;
  const counter = kind === 'like' ? essays.likes : essays.collects;
  const changed = on
    ? await tx.insert(table).values({ userId, essayId }).onConflictDoNothing().returning({ id: table.essayId })
    : await tx.delete(table).where(and(eq(table.userId, userId), eq(table.essayId, essayId))).returning({ id: table.essayId });
  if (!changed.length) return { changed: false, authorId: null };
  const delta = on ? 1 : -1;
  const [e] = await tx
    .update(essays)
    .set({ [kind === 'like' ? 'likes' : 'collects']: sql`greatest(${counter} + ${delta}, 0)` })
    .where(eq(essays.id, essayId))
    .returning({ authorId: essays.authorId });
  await tx.update(essays).set({ hotScore: hotScoreSql }).where(eq(essays.id, essayId));
  if (kind === 'like' && e) await tx.update(users).set({ likesReceived: sql`greatest(${users.likesReceived} + ${delta}, 0)` }).where(eq(users.id, e.authorId));
  return { changed: true, authorId: e?.authorId ?? null };
}

export async function topDiscussedUnderTag(db: Db, tagId: number, limit: number) {
  const rows = await db
    .select({ id: essays.id })
    .from(essays)
    .innerJoin(essayTags, eq(essayTags.essayId, essays.id))
    .where(and(eq(essayTags.tagId, tagId), eq(essays.status, 'published')))
    .orderBy(desc(essays.comments), desc(essays.hotScore), desc(essays.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The author's own texts of every status except deleted, newest first. */
export async function listOwnIds(db: Exec, authorId: number, limit: number, offset: number) {
  const where = and(eq(essays.authorId, authorId), ne(essays.status, 'deleted'));
  const [rows, [count]] = await Promise.all([
    db.select({ id: essays.id }).from(essays).where(where).orderBy(desc(essays.createdAt), desc(essays.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(essays).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
}
