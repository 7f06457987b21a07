import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { EVERYTHING, LISTS_CHANGED, type Broadcast } from '../../lib/broadcast.js';
import { Cache } from '../../lib/cache.js';
import type { Metrics } from '../../lib/metrics.js';
import { essays, essayTags, interests, tags, uninterested } from '../../db/schema.js';
import { notBlockedBy } from '../users/index.js';
import { invalid } from '../../http/errors.js';
import { cappedTotal } from '../../lib/paging.js';
import { cardsSql, type CardRow } from '../essays/index.js';
import { existingTagIds } from '../tags/index.js';

export async function getInterests(db: Db, userId: number) {
  const rows = await db.select({ id: interests.tagId }).from(interests).where(eq(interests.userId, userId)).orderBy(interests.createdAt);
  return { tagIds: rows.map((r) => r.id) };
}

/** Replaces the caller's interest tags (the first choice and every later edit alike). */
export async function setInterests(db: Db, broadcast: Broadcast, userId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  const found = await existingTagIds(db, unique);
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length) throw invalid(`tagIds 标签不存在：${missing.join(', ')}`);
  if (unique.length < 3) throw invalid('tagIds 请至少选择 3 个不同的兴趣标签');
  await db.transaction(async (tx) => {
    await tx.delete(interests).where(eq(interests.userId, userId));
    await tx.insert(interests).values(unique.map((tagId) => ({ userId, tagId })));
  });
  forgetFeed(broadcast, userId);
  return getInterests(db, userId);
}

/** Interest tags and their children: a first-level interest brings its second-level tags along. */
function interestTagIds(userId: number) {
  return sql`(select ${interests.tagId} from ${interests} where ${interests.userId} = ${userId}
    union select ${tags.id} from ${tags} join ${interests} on ${interests.tagId} = ${tags.parentId} where ${interests.userId} = ${userId})`;
}

const feedable = (userId: number) =>
  and(
    eq(essays.status, 'published'),
    ne(essays.authorId, userId),
    sql`not exists (select 1 from ${uninterested} where ${uninterested.userId} = ${userId} and ${uninterested.essayId} = ${essays.id})`,
    notBlockedBy(userId, essays.authorId),
  );

/**
 * Texts under the reader's interest tags that the feed may show, as (essay_id, published_at): for each tag, its `n`
 * newest qualifying texts by that tag's index, merged. The feed's first `n` are among them (each is among the first
 * `n` of its own tag), so a page costs `n` index entries per tag however large the tags are.
 */
function feedCandidates(userId: number, n: number, blocksSomeone: boolean) {
  return sql`select distinct x.essay_id, x.published_at from ${interestTagIds(userId)} t(tag_id) cross join lateral (
    select et.essay_id, et.published_at from ${essayTags} et join ${essays} e on e.id = et.essay_id
    where et.tag_id = t.tag_id and et.published_at is not null and e.author_id <> ${userId}
      and not exists (select 1 from ${uninterested} u where u.user_id = ${userId} and u.essay_id = et.essay_id)
      ${blocksSomeone ? sql`and ${notBlockedBy(userId, sql`e.author_id`)}` : sql``}
    order by et.published_at desc, et.essay_id desc limit ${n}) x`;
}

/**
 * A reader's feed total, kept half a minute: counting it walks up to TOTAL_CAP + 1 entries of every interest tag,
 * more than half of a feed page's database time. Dropped in every process when the reader changes interests or
 * marks a text 不感兴趣, and whenever texts enter or leave the lists.
 */
export function createFeedTotals(broadcast: Broadcast, metrics: Metrics) {
  const feedTotals = new Cache<number>(metrics, 'feed-totals', { ttl: 30_000, max: 5000 });
  broadcast.onInvalidate('feed', (key) => (key === EVERYTHING ? feedTotals.clear() : feedTotals.delete(key)));
  broadcast.onInvalidate(LISTS_CHANGED, () => feedTotals.clear());
  return feedTotals;
}
export type FeedTotals = ReturnType<typeof createFeedTotals>;
/** After the reader changed what their feed holds (interests, 不感兴趣). */
export const forgetFeed = (broadcast: Broadcast, userId: number) => broadcast.invalidate('feed', String(userId));

/**
 * The personal feed: texts under the reader's interest tags, newest first, not their own; cards and (unless kept)
 * the total in one statement.
 */
export async function feedPage(db: Db, feedTotals: FeedTotals, userId: number, limit: number, offset: number, blocksSomeone = true) {
  const ids = sql`select id, row_number() over () as ord from (
    select essay_id as id from (${feedCandidates(userId, offset + limit, blocksSomeone)}) c order by published_at desc, essay_id desc limit ${limit} offset ${offset}) w`;
  // Counted up to the cap on the tags' index alone (no lookup of each text), less the reader's own texts there.
  const counted = sql`select distinct x.essay_id from ${interestTagIds(userId)} t(tag_id) cross join lateral (
    select et.essay_id from ${essayTags} et where et.tag_id = t.tag_id and et.published_at is not null
      and not exists (select 1 from ${uninterested} u where u.user_id = ${userId} and u.essay_id = et.essay_id)
    order by et.published_at desc, et.essay_id desc limit ${TOTAL_CAP + 1}) x`;
  const own = sql`select count(*) from ${essays} e where e.author_id = ${userId} and e.status = 'published'
    and exists (select 1 from ${essayTags} et where et.essay_id = e.id and et.tag_id in ${interestTagIds(userId)})
    and not exists (select 1 from ${uninterested} u where u.user_id = ${userId} and u.essay_id = e.id)`;
  const kept = feedTotals.peek(String(userId));
  const total = kept !== undefined ? sql`${kept}` : sql`((select count(*) from (${counted}) c) - (${own}))`;
  const rows = await rowsOf<CardRow>(db, cardsSql(ids, userId, { total }));
  const n = rows[0]?.total ?? 0;
  if (kept === undefined) feedTotals.set(String(userId), n);
  return { cards: rows.filter((r) => r.id !== null), ...cappedTotal(n) };
}

/** For each interest tag, its newest few texts. */
/** The newest `per` texts under each of the reader's interests, as cards (two statements, however many interests). */
export async function newestPerInterest(db: Db, userId: number, per: number) {
  const mine = await db
    .select({ id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter })
    .from(interests)
    .innerJoin(tags, eq(tags.id, interests.tagId))
    .where(eq(interests.userId, userId))
    .orderBy(interests.createdAt);
  if (!mine.length) return [];
  // Each tag's own index in publish order (essay_tags keeps a copy of the key), `per` texts deep.
  const ids = sql`select x.id, row_number() over (order by m.n, x.published_at desc, x.id desc) as ord, m.tag_id
    from unnest(${sql`array[${sql.join(
      mine.map((t) => sql`${t.id}`),
      sql`, `,
    )}]::int[]`}) with ordinality as m(tag_id, n)
    cross join lateral (
      select ${essayTags.essayId} as id, ${essayTags.publishedAt} as published_at from ${essayTags}
      join ${essays} on ${essays.id} = ${essayTags.essayId}
      where ${essayTags.tagId} = m.tag_id and ${isNotNull(essayTags.publishedAt)} and ${feedable(userId)}
      order by ${essayTags.publishedAt} desc, ${essayTags.essayId} desc limit ${per}) x`;
  const rows = await rowsOf<CardRow & { tag_id: number }>(db, cardsSql(ids, userId, { pageColumns: sql`, p.tag_id` }));
  return mine.map((tag) => ({ tag, cards: rows.filter((r) => r.id !== null && r.tag_id === tag.id) }));
}
